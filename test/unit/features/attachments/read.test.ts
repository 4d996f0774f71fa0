import { describe, expect, it, vi } from 'vitest';
import { encode } from 'gpt-tokenizer';
import { countAttachment } from '../../../../src/features/attachments/rules';
import { officeReader } from '../../../../src/features/attachments/page/office-reader';
import { readPixelSize } from '../../../../src/features/attachments/page/image-header';
import { pdfReader } from '../../../../src/features/attachments/page/pdf-reader';
import { readAttachments, type AttachmentRead, type ReadDeps } from '../../../../src/features/attachments/page/read';
import { lazyModule } from '../../../../src/domain/lazy-module';
import { file, jpeg, pdf, png, sized } from '../../support/attachment-files';

/** The readers behind the loader the page uses (src/domain/lazy-module.ts), their imports counted. */
function deps() {
  const importPdf = vi.fn(async () => ({ pdfReader }));
  const importOffice = vi.fn(async () => ({ officeReader }));
  return { loadPdfReader: lazyModule(importPdf, 'pdfReader').value, loadOfficeReader: lazyModule(importOffice, 'officeReader').value, importPdf, importOffice };
}
/** One file read as a pick, drop or paste of that file alone. */
const readAttachment = async (f: File, d: ReadDeps) => (await readAttachments([f], d))[0]!;

/** What the worker does with a reading: counts its text with the site's tokenizer, then applies the rules. */
function countFor(read: AttachmentRead, modelKey: string, site = 'chatgpt') {
  const { text, ...facts } = read;
  return countAttachment({ ...facts, textTokens: text === undefined ? undefined : encode(text).length }, { modelKey, site });
}

describe('pixel size from the header', () => {
  it('reads a real PNG’s size', async () => {
    expect(await readPixelSize(new Blob([png(1024, 1024)]))).toEqual({ width: 1024, height: 1024 });
  });

  it('reads a JPEG whose size marker lies past the first 128 KB, turned upright by its EXIF orientation', async () => {
    const photo = jpeg(4032, 3024, { orientation: 6, padding: 200_000 });
    expect(await readPixelSize(new Blob([photo.subarray(0, 128 * 1024)]))).toBeUndefined();
    expect(await readPixelSize(new Blob([photo]))).toEqual({ width: 3024, height: 4032 });
  });

  it('says nothing for bytes that are not a picture', async () => {
    expect(await readPixelSize(new Blob(['not a picture at all']))).toBeUndefined();
    expect(await readPixelSize(new Blob(['GIF89a']))).toBeUndefined();
  });
});

describe('readAttachment', () => {
  it('reads a 1024 x 1024 picture’s size and never loads the PDF reader for it', async () => {
    const d = deps();
    const out = await readAttachment(file(png(1024, 1024), 'square.png', 'image/png'), d);
    expect(out).toMatchObject({ ok: true, value: { kind: 'image', mime: 'image/png', width: 1024, height: 1024 } });
    expect(d.importPdf).not.toHaveBeenCalled();
    if (out.ok) expect(countFor(out.value, 'alpha-5.5')).toMatchObject({ ok: true, value: { tokens: 1229, range: { low: 308, central: 1229, high: 1229 } } });
  });

  it('counts a picture that does not decode as estimated', async () => {
    const broken = file('PNG, broken', 'broken.png', 'image/png');
    const out = await readAttachment(broken, deps());
    expect(out).toEqual({ ok: true, value: { kind: 'image', mime: 'image/png', bytes: broken.size } });
    if (out.ok)
      expect(countFor(out.value, 'beta-sonnet-4.6', 'claude')).toMatchObject({ ok: true, value: { estimated: true, reasons: ['image-size-unknown'] } });
  });

  it('counts a picture in a format whose header is not read (HEIC) as a picture of unknown size, estimated', async () => {
    const out = await readAttachment(file(new Uint8Array(3_000_000).fill(1), 'IMG_0001.HEIC', 'image/heic'), deps());
    expect(out).toEqual({ ok: true, value: { kind: 'image', mime: 'image/heic', bytes: 3_000_000 } });
    if (out.ok)
      expect(countFor(out.value, 'alpha-5.5')).toMatchObject({
        ok: true,
        value: { tokens: 2942, estimated: true, reasons: ['setting-unknown', 'image-size-unknown'] },
      });
  });

  it('sends a text file’s text, which the worker counts exactly', async () => {
    const text = 'name,litres\nkettle,1.5\nbath,150\n';
    const out = await readAttachment(file(text, 'water.csv', 'text/csv'), deps());
    expect(out).toEqual({ ok: true, value: { kind: 'text', mime: 'text/csv', bytes: text.length, text, textCoverage: 1 } });
    if (out.ok)
      expect(countFor(out.value, 'alpha-5.5', 'copilot')).toMatchObject({
        ok: true,
        value: { tokens: encode(text).length, estimated: false, basis: 'tokenizer' },
      });
  });

  it('reads a source file by its extension when the browser gives no type', async () => {
    expect(await readAttachment(file('fn main() {}\n', 'main.rs', ''), deps())).toMatchObject({ ok: true, value: { kind: 'text', text: 'fn main() {}\n' } });
  });

  it('reads a 3-page PDF’s pages, page sizes and text with the PDF reader, loaded when first needed', async () => {
    const d = deps();
    const out = await readAttachment(file(await pdf(3), 'report.pdf', 'application/pdf'), d);
    expect(d.importPdf).toHaveBeenCalledTimes(1);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value).toMatchObject({ kind: 'pdf', pages: 3, textCoverage: 1 });
    expect(out.value.pageSizes).toEqual([
      { width: 612, height: 792 },
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
    expect(out.value.text!.split('\n').filter(Boolean)).toEqual([1, 2, 3].map((n) => `Page ${n} of the quarterly report on water use.`));
    const textTokens = encode(out.value.text!).length;
    expect(countFor(out.value, 'beta-sonnet-5.5', 'claude')).toMatchObject({ ok: true, value: { tokens: 3 * 1568 + textTokens } });
    expect(countFor(out.value, 'gamma-2.0-flash', 'gemini')).toMatchObject({ ok: true, value: { tokens: 3 * 258, estimated: false } });
  });

  it('skips a corrupt PDF with a code', async () => {
    const broken = file('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without xref', 'broken.pdf', 'application/pdf');
    expect(await readAttachment(broken, deps())).toEqual({ ok: false, skip: 'unreadable-pdf', kind: 'pdf', mime: 'application/pdf', bytes: broken.size });
  });

  it('does not open a 500 MB PDF, and reads only the start of a 500 MB text file', async () => {
    const d = deps();
    const huge = 500 * 1024 * 1024;
    expect(await readAttachment(sized(file('%PDF-1.7', 'scan.pdf', 'application/pdf'), huge), d)).toMatchObject({ ok: false, skip: 'too-large' });
    expect(d.importPdf).not.toHaveBeenCalled();
    const log = await readAttachment(sized(file('GET /index.html 200\n'.repeat(1000), 'server.log', 'text/plain'), huge), d);
    expect(log).toMatchObject({ ok: true, value: { kind: 'text', bytes: huge } });
    if (!log.ok) return;
    expect(log.value.textCoverage).toBeCloseTo(20_000 / huge, 12);
    const counted = countFor(log.value, 'alpha-5.5');
    expect(counted).toMatchObject({ ok: true, value: { estimated: true, reasons: ['text-truncated'] } });
    // A 500 MB picture is read by its header alone.
    expect(await readAttachment(sized(file(png(4000, 3000), 'big.png', 'image/png'), huge), d)).toMatchObject({
      ok: true,
      value: { width: 4000, height: 3000 },
    });
  });

  it('estimates any other file from its size, and skips audio, video and empty files', async () => {
    expect(await readAttachment(file(new Uint8Array(4000), 'deck.ppt', 'application/vnd.ms-powerpoint'), deps())).toEqual({
      ok: true,
      value: { kind: 'other', mime: 'application/vnd.ms-powerpoint', bytes: 4000 },
    });
    expect(await readAttachment(file(new Uint8Array(10), 'memo.mp3', 'audio/mpeg'), deps())).toMatchObject({ ok: false, skip: 'media-not-counted' });
    expect(await readAttachment(file('', 'empty.txt', 'text/plain'), deps())).toMatchObject({ ok: false, skip: 'empty' });
  });

  it('skips a file the browser can no longer read', async () => {
    const gone = file('abc', 'gone.txt', 'text/plain');
    gone.slice = () => {
      throw new DOMException('The requested file could not be read', 'NotReadableError');
    };
    expect(await readAttachment(gone, deps())).toEqual({ ok: false, skip: 'read-failed', kind: 'text', mime: 'text/plain', bytes: 3 });
  });
});

describe('readAttachments', () => {
  it('reads 20 files at once, each to facts or a skip, loading the PDF reader once', async () => {
    const d = deps();
    const kinds = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        switch (i % 5) {
          case 0:
            return file(png(800 + i, 600), `p${i}.png`, 'image/png');
          case 1:
            return file(await pdf(2), `d${i}.pdf`, 'application/pdf');
          case 2:
            return file(`note ${i}\n`, `n${i}.md`, 'text/markdown');
          case 3:
            return file('%PDF-1.4 not really', `x${i}.pdf`, 'application/pdf');
          default:
            return file('no picture here', `b${i}.jpg`, 'image/jpeg');
        }
      }),
    );
    const outcomes = await readAttachments(kinds, d);
    expect(d.importPdf).toHaveBeenCalledTimes(1);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.skip)).toEqual(Array(4).fill('unreadable-pdf'));
    for (const o of outcomes) if (o.ok) expect(countFor(o.value, 'beta-sonnet-5.5', 'claude').ok).toBe(true);
  });

  it('skips the files past the limit with a code', async () => {
    // Many more than any chat site takes in one message: the first are read, every one past the limit skipped.
    const many = Array.from({ length: 60 }, (_, i) => file(`line ${i}`, `f${i}.txt`, 'text/plain'));
    const outcomes = await readAttachments(many, deps());
    const limit = outcomes.findIndex((o) => !o.ok);
    expect(limit).toBeGreaterThan(0);
    expect(outcomes.slice(0, limit).every((o) => o.ok)).toBe(true);
    expect(outcomes.slice(limit)).toEqual(
      many.slice(limit).map((f) => ({ ok: false, skip: 'too-many-files', kind: 'text', mime: 'text/plain', bytes: f.size })),
    );
  });
});

describe('pdfReader.readPdf', () => {
  it('stops reading text at the limit and says what share of the text it read', async () => {
    const bytes = await pdf(10, (n) => `page ${n}: ${'water '.repeat(12)}`);
    const whole = await pdfReader.readPdf(bytes.slice(), 1_000_000);
    const part = await pdfReader.readPdf(bytes, 300);
    if (!whole.ok || !part.ok) throw new Error('unreadable');
    expect(whole.value).toMatchObject({ pages: 10, textCoverage: 1 });
    expect(part.value.pages).toBe(10);
    expect(part.value.pageSizes).toHaveLength(10);
    expect(part.value.text.replaceAll('\n', '').length).toBe(300);
    const wholeChars = whole.value.text.replaceAll('\n', '').length;
    expect(part.value.textCoverage).toBeCloseTo(300 / wholeChars, 1);
  });
});
