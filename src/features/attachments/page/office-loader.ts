/**
 * The office reader's loader: `load` imports the office reader's own build (an ES module listed in
 * web_accessible_resources, scripts/build/lazy-modules.ts) the first time a Word, PowerPoint or Excel
 * file is attached, as ./pdf-loader.ts says for the PDF reader and why.
 */
import type { OfficeReader } from './office-reader';

export const officeReaderFrom =
  (load: () => Promise<unknown>, name = 'the office reader module') =>
  async (): Promise<OfficeReader> => {
    const module = (await load()) as { officeReader?: OfficeReader } | null;
    if (!module?.officeReader) throw new Error(`${name} exports no officeReader`);
    return module.officeReader;
  };
