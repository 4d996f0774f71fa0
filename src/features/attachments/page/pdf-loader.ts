/**
 * The PDF reader's loader: `load` imports the PDF reader's own build (an ES module listed in
 * web_accessible_resources, scripts/build/lazy-modules.ts) the first time a PDF is attached. The
 * caller writes the import() itself, as `import(chrome.runtime.getURL('/<file>'))`: Firefox's add-on
 * linter accepts a dynamic import only of a literal or of that call (eslint-plugin-no-unsanitized's
 * escape list in mozilla/addons-linter, src/const.js), and `@vite-ignore` keeps the bundler from
 * resolving or inlining it, so the importing script holds one native import() and none of PDF.js.
 */
import type { PdfReader } from './pdf-reader';

export const pdfReaderFrom =
  (load: () => Promise<unknown>, name = 'the PDF reader module') =>
  async (): Promise<PdfReader> => {
    const module = (await load()) as { pdfReader?: PdfReader } | null;
    if (!module?.pdfReader) throw new Error(`${name} exports no pdfReader`);
    return module.pdfReader;
  };
