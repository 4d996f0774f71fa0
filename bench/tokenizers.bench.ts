/**
 * `npm run bench -- tokenizers`: what counting with the providers' own tokenizers costs, in the
 * extension's service worker in Debian's Chromium, beside o200k in the same run:
 *  - the first count after the worker starts, loading included: from asking for the tokenizer
 *    (`counterFor`) to the count of a 2,000-token answer: starting kitoken's engine, reading the
 *    definition the extension ships (tokenizers/<id>.kit), building the tokenizer, counting. A fresh browser
 *    (and worker) per tokenizer, so nothing of it is warm;
 *  - a warm count of a 2,000-token answer (a different answer each time), the median of 15, for
 *    each tokenizer and for o200k, alternating, in the same worker;
 *  - the size of the Chrome and Firefox zips, when `npm run zip` / `zip:firefox` made them.
 * The worker runs the module the extension's worker counts with (src/counting/tokens.ts), here
 * bundled by esbuild and evaluated in the worker, on the shipped files. Writes
 * bench/results/tokenizers.json.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { launchWithExtension } from '../test/e2e/support/launch';
import { TOKENIZER_IDS, type TokenizerId } from '../src/domain/tokenizers';
import { buildExtensionUnlessGiven } from './support/extension-build';

const TARGETS = { warmVsO200k: 2, firstCountMs: 300, zipBytes: 20 * 1024 * 1024 };
const WARM_RUNS = 15;
const ANSWER_TOKENS = 2000;

/** Deterministic prose with a little code, `tokens` o200k tokens long; `seed` makes each answer different. */
function answer(seed: number, tokens = ANSWER_TOKENS): string {
  const vocab = (
    'the energy of a data center depends on cooling load and grid carbon intensity while water use follows evaporation ' +
    'inference tokens model context window latency throughput efficiency renewable turbine solar battery storage region ' +
    'kilowatt hour emissions estimate measure compare average peak demand supply chain hardware accelerator memory bandwidth'
  ).split(' ');
  const out: string[] = [];
  let x = seed + 1;
  while (out.length < tokens * 1.2) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = vocab[x % vocab.length];
    out.push(x % 17 === 0 ? `${w}.` : x % 11 === 0 ? `${w},` : x % 97 === 0 ? `${w}_${x % 1000}()` : w);
  }
  // Trim to the exact o200k length.
  let lo = 0;
  let hi = out.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (countTokens(out.slice(0, mid).join(' ')) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  return out.slice(0, lo).join(' ');
}

/** The worker's counting module, as one script that sets `__tok` (its createTokenizers() is what the worker counts with). */
function countingBundle(): string {
  const out = buildSync({
    entryPoints: ['src/counting/tokens.ts'],
    bundle: true,
    format: 'iife',
    globalName: '__tok',
    minify: true,
    write: false,
  });
  return out.outputFiles[0].text;
}

interface WorkerTimes {
  firstCountMs: number;
  loadMs: number;
  tokens: number;
}

interface Counting {
  counterFor(id: string): Promise<(text: string) => number>;
  loadedCounter(id: string): ((text: string) => number) | undefined;
}

/** In a fresh browser: ask for the tokenizer, count one answer; then warm counts of new answers beside o200k. */
async function measure(id: TokenizerId, bundle: string, answers: string[]): Promise<WorkerTimes & { warmMs: number; o200kWarmMs: number }> {
  const ext = await launchWithExtension();
  try {
    // The bundle is strict code: its `var __tok` would stay inside the evaluation.
    await ext.worker.evaluate(`${bundle}; globalThis.__tok = __tok.createTokenizers(); 0`);
    const first = (await ext.worker.evaluate(
      async ({ id, text }) => {
        const tok = (globalThis as unknown as { __tok: Counting }).__tok;
        const start = performance.now();
        const count = await tok.counterFor(id);
        const loaded = performance.now();
        const tokens = count(text);
        const end = performance.now();
        await tok.counterFor('o200k');
        return { firstCountMs: end - start, loadMs: loaded - start, tokens };
      },
      { id, text: answers[0] },
    )) as WorkerTimes;
    const warm = (await ext.worker.evaluate(
      ({ id, texts }) => {
        const tok = (globalThis as unknown as { __tok: Counting }).__tok;
        const count = tok.loadedCounter(id);
        const o200kCount = tok.loadedCounter('o200k');
        if (!count || !o200kCount) throw new Error(`${id} is not loaded`);
        const provider: number[] = [];
        const o200k: number[] = [];
        // Alternating, each on an answer it has not seen, so neither gains from the other's warm-up or a cache.
        for (let i = 1; i + 1 < texts.length; i += 2) {
          let start = performance.now();
          count(texts[i]);
          provider.push(performance.now() - start);
          start = performance.now();
          o200kCount(texts[i + 1]);
          o200k.push(performance.now() - start);
        }
        // Medians (no helper function: tsx would wrap it in a __name call the worker does not have).
        provider.sort((a, b) => a - b);
        o200k.sort((a, b) => a - b);
        return { warmMs: provider[provider.length >> 1], o200kWarmMs: o200k[o200k.length >> 1] };
      },
      { id, texts: answers },
    )) as { warmMs: number; o200kWarmMs: number };
    return { ...first, ...warm };
  } finally {
    await ext.close();
  }
}

function zipSizes(): Record<string, number | null> {
  const dir = resolve('.output');
  const files = (() => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  })();
  const find = (re: RegExp) => files.find((f) => re.test(f));
  const size = (f: string | undefined) => (f ? statSync(resolve(dir, f)).size : null);
  return { chrome: size(find(/-chrome\.zip$/)), firefox: size(find(/-firefox\.zip$/)) };
}

async function main(): Promise<void> {
  buildExtensionUnlessGiven(undefined);
  const bundle = countingBundle();
  const answers = Array.from({ length: 2 * WARM_RUNS + 2 }, (_, i) => answer(i));
  const rows: Array<{ id: TokenizerId } & Awaited<ReturnType<typeof measure>>> = [];
  for (const id of TOKENIZER_IDS.filter((t) => t !== 'o200k')) rows.push({ id, ...(await measure(id, bundle, answers)) });

  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(`A ${ANSWER_TOKENS}-token answer (o200k), in the extension's worker (Chromium):`);
  console.log('tokenizer     its tokens  first count incl. load (load)   warm count   o200k warm   ratio   targets');
  for (const r of rows) {
    const ratio = r.warmMs / r.o200kWarmMs;
    const ok = `${ratio <= TARGETS.warmVsO200k ? 'met' : 'MISSED'} ≤${TARGETS.warmVsO200k}x, ${r.firstCountMs < TARGETS.firstCountMs ? 'met' : 'MISSED'} <${TARGETS.firstCountMs} ms`;
    console.log(
      `${r.id.padEnd(13)} ${String(r.tokens).padStart(10)}  ${ms(r.firstCountMs).padStart(12)} (${ms(r.loadMs)})  ${ms(r.warmMs).padStart(11)}  ${ms(r.o200kWarmMs).padStart(11)}  ${ratio.toFixed(2).padStart(5)}x  ${ok}`,
    );
  }
  const zips = zipSizes();
  for (const [browser, bytes] of Object.entries(zips)) {
    console.log(
      bytes === null
        ? `${browser} zip: not built (npm run zip${browser === 'firefox' ? ':firefox' : ''})`
        : `${browser} zip: ${(bytes / 1024 / 1024).toFixed(2)} MB (target ≤ 20 MB: ${bytes <= TARGETS.zipBytes ? 'met' : 'MISSED'})`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/tokenizers.json', JSON.stringify({ targets: TARGETS, answerTokens: ANSWER_TOKENS, rows, zips }, null, 2));
}

await main();
