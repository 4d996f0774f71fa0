/**
 * The loaders of the PDF and office readers: `load` imports the reader's own build (an ES module
 * listed in web_accessible_resources, scripts/build/lazy-modules.ts) the first time a PDF, or a Word,
 * PowerPoint or Excel file, is attached. The caller writes the import() itself, as
 * `import(chrome.runtime.getURL('/<file>'))`: Firefox's add-on linter accepts a dynamic import only
 * of a literal or of that call (eslint-plugin-no-unsanitized's escape list in mozilla/addons-linter,
 * src/const.js), and `@vite-ignore` keeps the bundler from resolving or inlining it, so the
 * importing script holds one native import() and none of the reader.
 */
import type { OfficeReader } from './office-reader';
import type { PdfReader } from './pdf-reader';

interface Readers {
  pdfReader: PdfReader;
  officeReader: OfficeReader;
}

/** The loader of the reader the module exports as `exported`; a module without it fails the load (the file is skipped), never the page. */
export const readerFrom =
  <K extends keyof Readers>(exported: K, load: () => Promise<unknown>, name = `the ${exported} module`) =>
  async (): Promise<Readers[K]> => {
    const module = (await load()) as Partial<Readers> | null;
    const reader = module?.[exported];
    if (!reader) throw new Error(`${name} exports no ${exported}`);
    return reader as Readers[K];
  };
