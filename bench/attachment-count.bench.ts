/**
 * `npm run bench -- attachment-count`: the worker's time to count what the page read of an attached
 * file (src/features/attachments/count.ts): a 10-page PDF's facts and text (about 2,300 characters a page,
 * as bench/attachments.bench.ts reads it) and a 12-megapixel photo's facts (4032 x 3024), for each
 * site's everyday model, its text counted with the site's tokenizer (o200k, or the kitoken vocabulary
 * of Gemini, DeepSeek, Meta and Mistral, loaded once before timing). Each the median of 21 runs after
 * one warm-up. Reading the file in the page is timed by bench/attachments.bench.ts.
 * Writes bench/results/attachment-count.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { nodeVocabularies } from '../scripts/build/vocabularies';
import { countPromptAttachments } from '../src/features/attachments/count';
import { createTokenizers } from '../src/counting/tokens';
import type { AttachmentSent } from '../src/domain/turns';
import { tokenizerForModel } from '../src/domain/tokenizers';
import { SITE_IDS } from '../src/domain/site-ids';
import { resolveModel } from '../src/counting/models';
import { fmt, median } from './support/stats';

const RUNS = 21;

const paragraph = (n: number) =>
  `Page ${n}. ${'The data centre drew water for cooling through the summer months, and the grid that fed it burned gas at night. '.repeat(20)}`;
const pdf: AttachmentSent = {
  from: 'file',
  kind: 'pdf',
  mime: 'application/pdf',
  bytes: 60_000,
  pages: 10,
  pageSizes: Array.from({ length: 10 }, () => ({ width: 612, height: 792 })),
  text: Array.from({ length: 10 }, (_, i) => paragraph(i + 1)).join('\n'),
};
const photo: AttachmentSent = { from: 'file', kind: 'image', mime: 'image/jpeg', bytes: 4_300_000, width: 4032, height: 3024 };

const tokenizers = createTokenizers(nodeVocabularies);

function time(run: () => number) {
  let tokens = run();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    tokens = run();
    runs.push(performance.now() - start);
  }
  return { medianMs: median(runs), minMs: Math.min(...runs), maxMs: Math.max(...runs), tokens };
}

const rows = [];
for (const site of SITE_IDS) {
  const { modelKey } = resolveModel(site, null, {});
  const tokenizer = tokenizerForModel(modelKey).tokenizer;
  const count = await tokenizers.counterFor(tokenizer);
  const target = { modelKey, site };
  const p = time(() => countPromptAttachments([pdf], target, count).tokens);
  const i = time(() => countPromptAttachments([photo], target, count).tokens);
  rows.push({
    site,
    modelKey,
    tokenizer,
    pdfMedianMs: fmt(p.medianMs, 2),
    pdfRangeMs: `${fmt(p.minMs, 2)}-${fmt(p.maxMs, 2)}`,
    pdfTokens: p.tokens,
    photoMedianMs: fmt(i.medianMs, 4),
    photoTokens: i.tokens,
  });
}
console.table(rows);

const dir = resolve('bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'attachment-count.json'), JSON.stringify({ runs: RUNS, pdfTextChars: pdf.text!.length, rows }, null, 2));
