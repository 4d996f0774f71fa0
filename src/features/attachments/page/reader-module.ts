/**
 * The attachment reader as a content script loads it: an ES module of its own (built by
 * scripts/build/lazy-modules.ts, listed in web_accessible_resources), imported the first time a
 * person attaches a file on a chat page, so the header parsers and the reading code cost a page that
 * never sees a file nothing. It imports the PDF reader, the same way, the first time a PDF is read,
 * and the office reader the first time a Word, PowerPoint or Excel file is.
 * Both imports run in the content script's isolated world, where `chrome.runtime` is the
 * extension's (in Firefox too), through `lazyModule` (src/domain/lazy-module.ts), which says why
 * each is written as `import(chrome.runtime.getURL('/<file>'))`.
 */
import { readAttachments, sentOf } from './read';
import { lazyModule } from '../../../domain/lazy-module';
import type { AttachmentSent } from '../../../domain/turns';

declare const chrome: { runtime: { getURL(path: string): string } };

// A reader that failed to load stays failed on this page: its files are skipped as read-failed, never counted as zero.
const pdf = lazyModule(
  () => import(/* @vite-ignore */ chrome.runtime.getURL('/attachments/pdf-reader.js')) as Promise<typeof import('./pdf-reader')>,
  'pdfReader',
);
const office = lazyModule(
  () => import(/* @vite-ignore */ chrome.runtime.getURL('/attachments/office-reader.js')) as Promise<typeof import('./office-reader')>,
  'officeReader',
);

/** Reads the files of one pick, drop or paste into what turn/completed carries; never throws. */
export async function readFiles(files: readonly File[]): Promise<AttachmentSent[]> {
  return (await readAttachments(files, { loadPdfReader: pdf.value, loadOfficeReader: office.value })).map(sentOf);
}
