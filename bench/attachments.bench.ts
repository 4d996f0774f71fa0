/**
 * `npm run bench -- attachments`: what reading an attached file costs (src/features/attachments/page/read.ts), in
 * Node's V8 as in the browser's: a 10-page PDF (pdf-lib, about 2,300 characters of text a page: pages, page sizes
 * and text through unpdf) and a 12-megapixel photo (a 4032 x 3024 JPEG as a camera lays it out: EXIF
 * and a 60 KB preview before the frame header, 4 MB of scan data after it; only the header is read),
 * each the median of 7 runs after one warm-up, plus the first load of the PDF reader module. Then the
 * bundle sizes: the PDF reader and the attachment reader as the lazy modules a content script imports
 * (ES modules, minified, with their gzip sizes), and what every content script carries for
 * attachments, the capture and the lazy import (IIFE, minified). The tokens column: the count for beta-sonnet-5.5, the PDF's text counted with o200k.
 * Writes bench/results/attachments.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { encode } from 'gpt-tokenizer';
import { countAttachment } from '../src/features/attachments/rules';
import type { PdfReader } from '../src/features/attachments/page/pdf-reader';
import { readAttachments } from '../src/features/attachments/page/read';
import { jpeg, pdf } from '../test/unit/support/attachment-files';
import { fmt, median } from './support/stats';

const RUNS = 7;

const t0 = performance.now();
const { pdfReader } = await import('../src/features/attachments/page/pdf-reader');
const loadMs = performance.now() - t0;
const deps = { loadPdfReader: async (): Promise<PdfReader> => pdfReader };

const paragraph = (n: number) =>
  `Page ${n}. ${'The data centre drew water for cooling through the summer months, and the grid that fed it burned gas at night. '.repeat(20)}`;
const pdfFile = new File([await pdf(10, paragraph)], 'report.pdf', { type: 'application/pdf' });
const photoFile = new File([jpeg(4032, 3024, { orientation: 1, padding: 60_000, scanBytes: 4 * 1024 * 1024 })], 'IMG_0001.jpg', { type: 'image/jpeg' });

async function time(file: File) {
  await readAttachments([file], deps);
  const runs: number[] = [];
  let last;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    [last] = await readAttachments([file], deps);
    runs.push(performance.now() - start);
  }
  return { medianMs: median(runs), runs, last };
}

const pdfTime = await time(pdfFile);
const photoTime = await time(photoFile);
if (!pdfTime.last?.ok || !photoTime.last?.ok) throw new Error('a bench file was not read');
const pdfRead = pdfTime.last.value;
const photoRead = photoTime.last.value;

async function bundleSize(contents: string, format: 'esm' | 'iife') {
  const out = await build({
    stdin: { contents, resolveDir: resolve('.'), loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format,
    platform: 'browser',
    logLevel: 'silent',
  });
  const bytes = out.outputFiles[0]!.contents;
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
}
const pdfChunk = await bundleSize("export { pdfReader } from './src/features/attachments/page/pdf-reader';", 'esm');
const pageCode = await bundleSize("import { attachedFiles } from './src/features/attachments/page/on-page'; console.log(attachedFiles);", 'iife');
const readerModule = await bundleSize("export { readFiles } from './src/features/attachments/page/reader-module';", 'esm');

const rows = [
  {
    file: `10-page PDF (${Math.round(pdfFile.size / 1024)} KB)`,
    medianMs: fmt(pdfTime.medianMs),
    runsMs: pdfTime.runs.map((r) => fmt(r)).join(' '),
    read: `${pdfRead.pages} pages, ${pdfRead.text?.length} chars`,
    sonnet55Tokens: (() => {
      const r = countAttachment({ ...pdfRead, textTokens: encode(pdfRead.text ?? '').length }, { modelKey: 'beta-sonnet-5.5', site: 'claude' });
      return r.ok ? r.value.tokens : r.skip;
    })(),
  },
  {
    file: `12-MP photo (${(photoFile.size / 1024 / 1024).toFixed(1)} MB)`,
    medianMs: fmt(photoTime.medianMs, 2),
    runsMs: photoTime.runs.map((r) => fmt(r, 2)).join(' '),
    read: `${photoRead.width} x ${photoRead.height}`,
    sonnet55Tokens: (() => {
      const r = countAttachment(photoRead, { modelKey: 'beta-sonnet-5.5', site: 'claude' });
      return r.ok ? r.value.tokens : r.skip;
    })(),
  },
];
console.table(rows);
console.log(`PDF reader module, first load: ${fmt(loadMs)} ms`);
console.log(`lazy PDF chunk (ESM, minified): ${pdfChunk.bytes} bytes, ${pdfChunk.gzipBytes} gzipped`);
console.log(`in every content script, capture + lazy import (IIFE, minified): ${pageCode.bytes} bytes, ${pageCode.gzipBytes} gzipped`);
console.log(`lazy reader module, loaded at the first file (ESM, minified): ${readerModule.bytes} bytes, ${readerModule.gzipBytes} gzipped`);

const dir = resolve('bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'attachments.json'), JSON.stringify({ rows, pdfReaderLoadMs: loadMs, pdfChunk, pageCode, readerModule }, null, 2));
