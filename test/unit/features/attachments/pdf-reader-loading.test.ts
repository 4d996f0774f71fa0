import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PdfReader } from '../../../../src/features/attachments/page/pdf-reader';
import { lazyModule } from '../../../../src/lazy/lazy-module';
import { readAttachments } from '../../../../src/features/attachments/page/read';
import { file, pdf } from '../../support/attachment-files';

const root = new URL('../../../../', import.meta.url);

/** The PDF reader as the reader module loads it (src/features/attachments/page/reader-module.ts), from `url`. */
const pdfReaderAt = (url: string) => lazyModule<PdfReader>({ import: () => import(url), pick: (m) => m.pdfReader as PdfReader | undefined, name: url });

describe('the PDF reader, loaded when a PDF is read', () => {
  it('imports the PDF reader from its URL when a PDF is read, and reads it', async () => {
    const url = new URL('src/features/attachments/page/pdf-reader.ts', root).href;
    const reader = pdfReaderAt(url);
    const out = (await readAttachments([file(await pdf(2), 'two.pdf', 'application/pdf')], { loadPdfReader: reader.value }))[0];
    expect(out).toMatchObject({ ok: true, value: { kind: 'pdf', pages: 2 } });
  }, 60_000);

  it('fails the load, not the page, when the URL holds no reader: the file is skipped as unreadable', async () => {
    const url = pathToFileURL(new URL('src/features/attachments/page/capture.ts', root).pathname).href;
    const reader = pdfReaderAt(url);
    await expect(reader.value()).rejects.toThrow(url);
    const out = (await readAttachments([file(await pdf(1), 'one.pdf', 'application/pdf')], { loadPdfReader: reader.value }))[0];
    expect(out).toMatchObject({ ok: false, skip: 'read-failed', kind: 'pdf' });
  });
});
