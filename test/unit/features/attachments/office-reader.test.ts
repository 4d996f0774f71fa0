/** Office files read in the page (src/features/attachments/page/office-reader.ts): their text, never their size; a damaged or protected one says why. */
import { describe, expect, it, vi } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { officeReader } from '../../../../src/features/attachments/page/office-reader';
import { pdfReader } from '../../../../src/features/attachments/page/pdf-reader';
import { readAttachments } from '../../../../src/features/attachments/page/read';
import { lazyModule } from '../../../../src/domain/lazy-module';
import { countAttachment } from '../../../../src/features/attachments/rules';
import { docx, file, xlsx } from '../../support/attachment-files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PARAGRAPHS = ['Water use report', 'Cooling towers drew 1.2 million litres a day in July & August.', 'The grid ran on gas at night.'];

describe('the office reader', () => {
  it('reads a Word document’s paragraphs, one a line, entities decoded', () => {
    expect(officeReader.readOffice(docx(PARAGRAPHS), 'docx', 1_000_000)).toEqual({ ok: true, text: PARAGRAPHS.join('\n'), coverage: 1 });
  });

  it('reads a workbook row by row, shared and inline strings and numbers, a tab between cells', () => {
    const rows = [
      ['day', 'site', 'kwh'],
      ['2026-11-01', 'chatgpt', 0.0012],
      ['2026-11-02', 'claude', 0.0009],
    ];
    expect(officeReader.readOffice(xlsx(rows), 'xlsx', 1_000_000)).toMatchObject({ ok: true, text: rows.map((r) => r.join('\t')).join('\n') });
  });

  it('says a file that is not a zip is damaged, and an encrypted (OLE) one protected; cuts a long text and says how much was read', () => {
    expect(officeReader.readOffice(new Uint8Array(500).fill(7), 'docx', 1000)).toEqual({ ok: false, code: 'damaged' });
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(officeReader.readOffice(ole, 'docx', 1000)).toEqual({ ok: false, code: 'protected' });
    const long = officeReader.readOffice(docx(['x'.repeat(2000)]), 'docx', 500);
    expect(long).toEqual({ ok: true, text: 'x'.repeat(500), coverage: 0.25 });
  });
});

describe('an office file attached', () => {
  /** The readers behind the loader the page uses (src/domain/lazy-module.ts), their imports counted. */
  const deps = () => {
    const importPdf = vi.fn(async () => ({ pdfReader }));
    const importOffice = vi.fn(async () => ({ officeReader }));
    return {
      loadPdfReader: lazyModule(importPdf, 'pdfReader').value,
      loadOfficeReader: lazyModule(importOffice, 'officeReader').value,
      importPdf,
      importOffice,
    };
  };

  it('is read by the office reader, loaded only then, and counted from its text, never by byte size', async () => {
    const d = deps();
    const bytes = docx(PARAGRAPHS);
    const [read] = await readAttachments([file(bytes, 'report.docx', '')], d);
    expect(d.importOffice).toHaveBeenCalledTimes(1);
    expect(d.importPdf).not.toHaveBeenCalled();
    expect(read).toMatchObject({ ok: true, value: { kind: 'other', mime: DOCX, text: PARAGRAPHS.join('\n'), textCoverage: 1 } });
    if (!read!.ok) return;
    const { text, ...facts } = read!.value;
    const counted = countAttachment({ ...facts, textTokens: encode(text!).length }, { modelKey: 'alpha-5.6-terra', site: 'chatgpt' });
    expect(counted).toMatchObject({ ok: true, value: { tokens: encode(PARAGRAPHS.join('\n')).length, estimated: false, basis: 'tokenizer' } });
    expect(counted.ok && counted.value.tokens).not.toBe(Math.ceil(bytes.length / 4));
  });

  it('a damaged one keeps the turn: a stated estimate with its reason', async () => {
    const [read] = await readAttachments([file(new Uint8Array(4000).fill(3), 'broken.docx', DOCX)], deps());
    expect(read).toMatchObject({ ok: true, value: { kind: 'other', unread: 'damaged' } });
    if (!read!.ok) return;
    expect(countAttachment(read!.value, { modelKey: 'alpha-5.6-terra', site: 'chatgpt' })).toMatchObject({
      ok: true,
      value: { estimated: true, basis: 'stated-estimate', reasons: ['office-unread'] },
    });
  });

  it('a picture or a text file never loads the office reader', async () => {
    const d = deps();
    await readAttachments([file('a,b\n1,2\n', 'data.csv', 'text/csv')], d);
    expect(d.importOffice).not.toHaveBeenCalled();
  });
});
