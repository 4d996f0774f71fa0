/**
 * What a chat page loads for attachments before anyone attaches a file: the capture and the lazy
 * import (src/features/attachments/page/on-page.ts), bundled as a content script is (one IIFE file), holds none of
 * the reading code nor of PDF.js; the reader module holds the header parsers and none of PDF.js; the
 * PDF reader bundled on its own holds PDF.js.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;

async function bundle(contents: string, minify: boolean): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    minify,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

describe('bundles', () => {
  it('keeps the reading code out of the content script, and PDF.js out of both but the PDF reader', async () => {
    const page = await bundle("import { attachedFiles } from './src/features/attachments/page/on-page'; console.log(attachedFiles);", true);
    const readerModule = await bundle("import { readFiles } from './src/features/attachments/page/reader-module'; console.log(readFiles);", true);
    const pdfReader = await bundle("import { pdfReader } from './src/features/attachments/page/pdf-reader'; console.log(pdfReader);", false);
    // A message PDF.js itself throws for a damaged file; image-size's JPEG parser names its markers.
    expect(pdfReader).toContain('Invalid PDF structure');
    expect(readerModule).not.toContain('Invalid PDF structure');
    expect(page).not.toContain('Invalid PDF structure');
    expect(readerModule).toContain('/attachments/pdf-reader.js');
    expect(page).toContain('/attachments/reader.js');
    // What every content script carries: a small share of its 36 KB budget (test/e2e/tracking.test.ts), the one lazy loader
    // (src/domain/lazy-module.ts) included, which the content script holds for its other lazy modules too; the reader module, with no zod.
    expect(page.length).toBeLessThan(1_700);
    expect(readerModule).not.toContain('ZodError');
    expect(readerModule.length).toBeLessThan(10_000);
  }, 60_000);
});
