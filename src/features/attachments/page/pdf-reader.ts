/**
 * The PDF reader: page count, each page's size and the text, with unpdf (a build of Mozilla's PDF.js
 * that runs without a worker thread). It is about 1.6 MB of code, so nothing on a chat page imports it
 * statically: it is built as an ES module of its own (scripts/build/lazy-modules.ts, listed in
 * web_accessible_resources), which the attachment reader (src/features/attachments/page/reader-module.ts) imports by
 * its extension URL the first time a PDF is attached, the way WXT's maintainers describe loading a
 * module from a content script (https://github.com/wxt-dev/wxt/issues/357). Dynamic import() works
 * in content scripts in Chrome and in Firefox from 89 on.
 */
import { getDocumentProxy } from 'unpdf';
import { ReadableStream as StreamsPonyfill } from 'web-streams-polyfill';

/**
 * PDF.js hands each page's text over in a `ReadableStream` it makes with the global constructor. In
 * a Firefox content script that constructor is the page's, seen through an Xray wrapper, and it may
 * not read the underlying source the content script passes it: `new ReadableStream({})` throws
 * "Permission denied to access property "autoAllocateChunkSize"" (the same error in
 * https://github.com/trim21/gm-fetch/issues/174 and FlowCrypt/flowcrypt-browser#6268), so
 * `getTextContent` failed on every page and a PDF was counted by its pages alone. There, and only
 * there, the content script's own global gets web-streams-polyfill's spec implementation, which
 * lives in the content script's world; the page's own constructor is untouched (the content script's
 * global is not the page's).
 */
function streamsThatWork(): void {
  try {
    new ReadableStream({});
  } catch {
    globalThis.ReadableStream = StreamsPonyfill as unknown as typeof ReadableStream;
  }
}

export interface PdfFacts {
  pages: number;
  /** Each page's size in PDF points (1/72 inch), rotation applied. */
  pageSizes: Array<{ width: number; height: number }>;
  text: string;
  /** The share of the pages whose text was read: below 1 when the text limit stopped the reading. */
  textCoverage: number;
}

export type PdfOutcome = { ok: true; value: PdfFacts } | { ok: false; code: 'unreadable-pdf' };

export interface PdfReader {
  readPdf(bytes: Uint8Array, maxTextChars: number): Promise<PdfOutcome>;
}

/** Past this many pages the page sizes stop being read: the last one read stands for the rest. */
const MAX_SIZED_PAGES = 1000;

/** Reads a PDF; PDF.js takes over `bytes` (their buffer is detached afterwards). */
async function readPdf(bytes: Uint8Array, maxTextChars: number): Promise<PdfOutcome> {
  streamsThatWork();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // No eval: an extension's pages and content scripts run under a policy without it.
    pdf = await getDocumentProxy(bytes, { isEvalSupported: false, stopAtErrors: false });
  } catch {
    return { ok: false, code: 'unreadable-pdf' };
  }
  try {
    const pages = pdf.numPages;
    const pageSizes: PdfFacts['pageSizes'] = [];
    const texts: string[] = [];
    let chars = 0;
    let textPages = 0;
    for (let n = 1; n <= Math.min(pages, MAX_SIZED_PAGES); n++) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const turned = page.rotate % 180 !== 0;
      const width = Math.abs(x1 - x0);
      const height = Math.abs(y1 - y0);
      pageSizes.push(turned ? { width: height, height: width } : { width, height });
      if (chars < maxTextChars) {
        try {
          const content = await page.getTextContent();
          const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
          texts.push(text.slice(0, maxTextChars - chars));
          chars += text.length;
        } catch {
          // A page whose text cannot be read counts as a page without text; the count says the text is partial.
        }
        textPages++;
      }
      page.cleanup();
    }
    // Pages past the text limit are taken to hold as much text as the pages read did.
    const kept = Math.min(chars, maxTextChars);
    const whole = textPages > 0 ? (chars / textPages) * pages : 0;
    const textCoverage = whole > 0 ? Math.min(1, kept / whole) : 1;
    return { ok: true, value: { pages, pageSizes, text: texts.join('\n'), textCoverage } };
  } catch {
    return { ok: false, code: 'unreadable-pdf' };
  } finally {
    void pdf.destroy();
  }
}

export const pdfReader: PdfReader = { readPdf };
