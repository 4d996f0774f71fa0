/**
 * The PDF reader loaded as the attachment reader loads it (./reader-module.ts): by `lazyModule`
 * (src/domain/lazy-module.ts) from the module's URL, the first time a PDF is read.
 */
import { officeReader } from '../../../../src/features/attachments/page/office-reader';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../../../src/domain/lazy-module';
import { readAttachments } from '../../../../src/features/attachments/page/read';
import type { PdfReader } from '../../../../src/features/attachments/page/pdf-reader';
import { file, pdf } from '../../support/attachment-files';

const root = new URL('../../../../', import.meta.url);
const fromUrl = (url: string) => lazyModule(() => import(url) as Promise<{ pdfReader?: PdfReader }>, 'pdfReader');

describe('the PDF reader loaded by its URL', () => {
  it('is imported when a PDF is read, and reads it', async () => {
    const pdfModule = fromUrl(new URL('src/features/attachments/page/pdf-reader.ts', root).href);
    expect(pdfModule.state().is).toBe('idle');
    const out = (
      await readAttachments([file(await pdf(2), 'two.pdf', 'application/pdf')], { loadPdfReader: pdfModule.value, loadOfficeReader: async () => officeReader })
    )[0];
    expect(out).toMatchObject({ ok: true, value: { kind: 'pdf', pages: 2 } });
    expect(pdfModule.state().is).toBe('ready');
  }, 60_000);

  it('fails the load, not the page, when the URL holds no reader: the file is skipped as unreadable', async () => {
    const pdfModule = fromUrl(pathToFileURL(new URL('src/features/attachments/page/capture.ts', root).pathname).href);
    const out = (
      await readAttachments([file(await pdf(1), 'one.pdf', 'application/pdf')], { loadPdfReader: pdfModule.value, loadOfficeReader: async () => officeReader })
    )[0];
    expect(out).toMatchObject({ ok: false, skip: 'read-failed', kind: 'pdf' });
    expect(pdfModule.state()).toEqual({ is: 'failed' });
    await expect(pdfModule.value()).rejects.toThrow(/^pdfReader$/);
  });
});
