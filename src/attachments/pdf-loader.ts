/**
 * The loader a content script hands to readAttachments: it imports the PDF reader's own build, an ES
 * module listed in web_accessible_resources, by its extension URL (`browser.runtime.getURL(...)`, which
 * the content script passes in), the first time a PDF is attached. `@vite-ignore` keeps the bundler from
 * resolving or inlining it, so the content script holds one native import() and none of PDF.js.
 */
import type { PdfReader } from './pdf-reader';

export const pdfReaderAt = (url: string) => async (): Promise<PdfReader> => {
  const module = (await import(/* @vite-ignore */ url)) as { pdfReader?: PdfReader };
  if (!module.pdfReader) throw new Error(`${url} exports no pdfReader`);
  return module.pdfReader;
};
