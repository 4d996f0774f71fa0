import { officeReader } from '../../../../src/features/attachments/page/office-reader';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readerFrom } from '../../../../src/features/attachments/page/reader-loader';
import { readAttachments } from '../../../../src/features/attachments/page/read';
import { file, pdf } from '../../support/attachment-files';

const root = new URL('../../../../', import.meta.url);

describe('readerFrom', () => {
  it('imports the PDF reader from its URL when a PDF is read, and reads it', async () => {
    const url = new URL('src/features/attachments/page/pdf-reader.ts', root).href;
    const load = readerFrom('pdfReader', () => import(url));
    const out = (
      await readAttachments([file(await pdf(2), 'two.pdf', 'application/pdf')], { loadPdfReader: load, loadOfficeReader: async () => officeReader })
    )[0];
    expect(out).toMatchObject({ ok: true, value: { kind: 'pdf', pages: 2 } });
  }, 60_000);

  it('fails the load, not the page, when the URL holds no reader: the file is skipped as unreadable', async () => {
    const url = pathToFileURL(new URL('src/features/attachments/page/capture.ts', root).pathname).href;
    const load = readerFrom('pdfReader', () => import(url), url);
    await expect(load()).rejects.toThrow('exports no pdfReader');
    const out = (
      await readAttachments([file(await pdf(1), 'one.pdf', 'application/pdf')], { loadPdfReader: load, loadOfficeReader: async () => officeReader })
    )[0];
    expect(out).toMatchObject({ ok: false, skip: 'read-failed', kind: 'pdf' });
  });
});
