/**
 * The attachment reader as a content script loads it: an ES module of its own (built by
 * scripts/build/lazy-modules.ts, listed in web_accessible_resources), imported the first time a
 * person attaches a file on a chat page, so the header parsers and the reading code cost a page that
 * never sees a file nothing. It imports the PDF reader, the same way, the first time a PDF is read.
 * Both imports run in the content script's isolated world, where `chrome.runtime` is the
 * extension's (in Firefox too).
 */
import { pdfReaderFrom } from './pdf-loader';
import { readAttachments, sentOf } from './read';
import type { AttachmentSent } from '../../../domain/turns';

declare const chrome: { runtime: { getURL(path: string): string } };

const loadPdfReader = pdfReaderFrom(() => import(/* @vite-ignore */ chrome.runtime.getURL('/attachments/pdf-reader.js')));

/** Reads the files of one pick, drop or paste into what turn/completed carries; never throws. */
export async function readFiles(files: readonly File[]): Promise<AttachmentSent[]> {
  return (await readAttachments(files, { loadPdfReader })).map(sentOf);
}
