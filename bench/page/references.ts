/**
 * The page bench's reference points besides the page alone and AI-Wattch:
 *  - a naive tracker (a page script) that re-reads and re-tokenizes every message on each update,
 *    the simplest way a tracker can work;
 *  - the floor of the worker's counting: tokenizing a turn's prompt and answer once, in the
 *    extension's worker, with a tokenizer as warm as the extension's.
 */
import { buildSync } from 'esbuild';
import type { LaunchedExtension } from '../../test/e2e/support/launch';
import { textOfTokens, type ChatPage } from './chat-page';

/** gpt-tokenizer's o200k countTokens as a script defining `__o200k`. */
export function tokenizerBundle(): string {
  const out = buildSync({
    stdin: { contents: "export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';", resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'iife',
    globalName: '__o200k',
    minify: true,
    write: false,
  });
  return out.outputFiles[0].text;
}

export const NAIVE_TRACKER_URL = 'naive-tracker.js';

export const naiveTracker = (bundle: string) => `${bundle}
  (function () {
    const count = () => {
      let total = 0;
      for (const el of document.querySelectorAll('[data-message-author-role]')) total += __o200k.countTokens(el.textContent || '');
      window.__naiveTotal = total;
    };
    const start = () => new MutationObserver(count).observe(document.body, { childList: true, subtree: true, characterData: true });
    if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
  })();
//# sourceURL=${NAIVE_TRACKER_URL}`;

export const EXTRA_TURNS = 10;

type Evaluate = { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } };
type Floor = { __o200kFloor: { countTokens(s: string): number } };

/** The worker's count of the turn just streamed (ms, from its own performance entries), and of the ledger step after it. */
export async function workerTimings(ext: LaunchedExtension): Promise<{ countMs: number; handledMs: number }> {
  const [countMs, handledMs] = (await ext.worker.evaluate(() =>
    ['footprint:count-turn', 'footprint:turn-handled'].map((n) => performance.getEntriesByName(n).at(-1)?.duration ?? -1),
  )) as number[];
  return { countMs, handledMs };
}

/** The floor of the streamed turn: the worker's copy of the tokenizer, warmed by the page's history as the extension's was by the seed. */
export async function floorInWorker(ext: LaunchedExtension, bundle: string, page: ChatPage): Promise<number> {
  await ext.worker.evaluate(`${bundle}; globalThis.__o200kFloor = __o200k; 0`);
  const history = page.html.replace(/<script>[\s\S]*<\/script>/, '').replace(/<[^>]+>/g, ' ');
  await ext.worker.evaluate((warm) => (globalThis as unknown as Floor).__o200kFloor.countTokens(warm), history);
  return tokenizeOnceInWorker(ext, { prompt: page.prompt, answer: page.answerText });
}

/** One turn's floor: its prompt and answer tokenized once, in a task of its own (as the extension counts a turn). */
async function tokenizeOnceInWorker(ext: LaunchedExtension, turn: { prompt: string; answer: string }): Promise<number> {
  return (await ext.worker.evaluate((t) => {
    const tok = (globalThis as unknown as Floor).__o200kFloor;
    const start = performance.now();
    tok.countTokens(t.prompt);
    tok.countTokens(t.answer);
    return performance.now() - start;
  }, turn)) as number;
}

/**
 * The worker's counting on ten more turns (each a new 2,000-token answer, sent from an extension
 * page as the content script sends them) against the floor on the same texts: the worker's clock
 * has 0.1 ms steps, so one turn alone says little about a ratio near 1. Each turn's floor is taken
 * right after its count, in a task of its own like the count (the same texts back to back in one
 * task tokenize faster than any single count can).
 */
export async function moreTurns(ext: LaunchedExtension, conversationId: string): Promise<{ extraCountMs: number[]; extraFloorMs: number[] }> {
  const texts = Array.from({ length: EXTRA_TURNS }, (_, i) => ({ prompt: textOfTokens(50_000 + i, 40), answer: textOfTokens(60_000 + i, 2_000) }));
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/methodology.html`);
  const extraCountMs: number[] = [];
  const extraFloorMs: number[] = [];
  for (const [i, t] of texts.entries()) {
    const answer = (await page.evaluate((msg) => (globalThis as unknown as Evaluate).chrome.runtime.sendMessage(msg), {
      type: 'turn/completed',
      data: {
        site: 'chatgpt',
        conversationId,
        turnId: `extra-a-${i}`,
        promptId: `extra-u-${i}`,
        modelLabel: 'gpt-4o',
        promptText: t.prompt,
        answerText: t.answer,
        finishedAt: Date.now(),
      },
    })) as { ok: boolean };
    if (!answer?.ok) throw new Error(`extra turn ${i} not acknowledged: ${JSON.stringify(answer)}`);
    extraCountMs.push((await workerTimings(ext)).countMs);
    extraFloorMs.push(await tokenizeOnceInWorker(ext, t));
  }
  await page.close();
  return { extraCountMs, extraFloorMs };
}
