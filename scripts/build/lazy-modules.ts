/**
 * The ES modules a content script imports only when they are needed, by their extension URL
 * (`import(chrome.runtime.getURL(...))`): WXT builds content scripts and unlisted scripts as IIFE
 * files only, and loading a module from a content script this way is what WXT's maintainers describe
 * (https://github.com/wxt-dev/wxt/issues/357). Each is built here with Vite as one self-contained
 * module (no chunks to list), through the same store-safe patches as the rest of the extension, and
 * listed in web_accessible_resources for the chat sites only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { PAGE_LABELS_FILE } from '../../src/label/lazy-labels';
import { SITE_IDS } from '../../src/domain/site-ids';
import { lazyReadersFile, PAGE_REPORT_FILE } from '../../src/sites/lazy-readers';
import { storeSafeBundle } from './store-safe-bundle';

/** Each site's readers of what a page needs only now and then, where the site has them (src/sites/lazy-readers.ts). */
const siteReaders = SITE_IDS.filter((site) => existsSync(fileURLToPath(new URL(`../../src/sites/${site}/lazy-readers.ts`, import.meta.url)))).map((site) => ({
  entry: `src/sites/${site}/lazy-readers.ts`,
  file: lazyReadersFile(site),
}));

export const LAZY_MODULES: ReadonlyArray<{ entry: string; file: string }> = [
  /** The attachment reader: loaded when a file is first attached (src/features/attachments/page/on-page.ts). */
  { entry: 'src/features/attachments/page/reader-module.ts', file: 'attachments/reader.js' },
  /** The PDF reader (PDF.js): loaded when a PDF is first read (src/features/attachments/page/reader-module.ts). */
  { entry: 'src/features/attachments/page/pdf-reader.ts', file: 'attachments/pdf-reader.js' },
  /** The page report: loaded when the popup asks for one (src/tracking/content-main.ts). */
  { entry: 'src/sites/page-report.ts', file: PAGE_REPORT_FILE },
  /** The page labels: loaded when the first label or verdict is to be shown (src/label/lazy-labels.ts). */
  { entry: 'src/label/page-labels.ts', file: PAGE_LABELS_FILE },
  ...siteReaders,
];

export async function buildLazyModules(root: string, mode: string): Promise<Array<{ relativeDest: string; contents: string }>> {
  const files: Array<{ relativeDest: string; contents: string }> = [];
  for (const { entry, file } of LAZY_MODULES) {
    const out = (await build({
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      plugins: [storeSafeBundle()],
      define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
      build: {
        write: false,
        emptyOutDir: false,
        minify: true,
        sourcemap: false,
        // Not Vite's library mode, which leaves an ES module's whitespace unminified.
        rolldownOptions: {
          input: path.resolve(root, entry),
          preserveEntrySignatures: 'exports-only',
          output: { format: 'es', codeSplitting: false, entryFileNames: file },
        },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output).filter((o) => o.type === 'chunk');
    if (chunks.length !== 1) throw new Error(`lazy module ${entry}: ${chunks.length} chunks, expected one`);
    files.push({ relativeDest: file, contents: chunks[0]!.code });
  }
  return files;
}
