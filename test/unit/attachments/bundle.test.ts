/**
 * The PDF library stays out of what a chat page loads: the capture and reading code, bundled as a
 * content script is (one IIFE file), holds none of PDF.js, and the PDF reader bundled on its own does.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

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
  it('keeps PDF.js out of the page’s capture and reading code, and in the PDF reader', async () => {
    const page = await bundle(
      "import { captureAttachedFiles } from './src/attachments/capture'; import { readAttachments } from './src/attachments/read'; import { pdfReaderAt } from './src/attachments/pdf-loader'; console.log(captureAttachedFiles, readAttachments, pdfReaderAt);",
      true,
    );
    const reader = await bundle("import { pdfReader } from './src/attachments/pdf-reader'; console.log(pdfReader);", false);
    // A message PDF.js itself throws for a damaged file.
    expect(reader).toContain('Invalid PDF structure');
    expect(page).not.toContain('Invalid PDF structure');
    // What a content script would carry: within a fifth of its 40 KB budget.
    expect(page.length).toBeLessThan(8_000);
  }, 60_000);
});
