/**
 * `npm run bench -- page`: what tracking costs a chat page, in Debian's Chromium, beside AI-Wattch.
 *
 * A ChatGPT page of 200 question/answer turns (~150,000 o200k tokens, real markup with every
 * answer's action bar: bench/page/chat-page.ts), then a 2,000-token answer streamed in 500 updates
 * (one per 16 ms) with a 3 s pause halfway. In interleaved rounds (order rotated each round):
 *  - the page alone (no extension);
 *  - ours, labels on: the 200 turns were counted before (bench/page/history.ts), so the load is a
 *    reload, every answer gets its label back, and the bench fails without the 200 labels;
 *  - AI-Wattch, built from its own repository, with tracking allowed;
 * then once a naive tracker that re-tokenizes every message on each update. Main-thread JS is
 * attributed from CPU profiles (bench/support/cpu-profile.ts): time with the extension's code on
 * the stack while the answer streams, until 1.5 s after its end (ours: its count and its label
 * included). Also: the label's delay after the answer's end, the exact counts, and the worker's
 * counting against the floor (bench/page/references.ts). Writes bench/results/page.json.
 *
 * AI-Wattch (github.com/AIWattch/AI-Wattch, MIT; measured at commit 44ae444afe21d9f07965d80e3d813a5c973cc988,
 * version 1.1.11) is never built or kept by this repository. To measure beside it:
 *   git clone https://github.com/AIWattch/AI-Wattch && cd AI-Wattch   # or git archive of that commit
 *   npm ci && TARGET_BROWSER=chrome npm run build                      # leaves the extension in dist/
 * and give the bench its dist/ as PAGE_BENCH_PEER_DIR. Without
 * it the bench says so and reports our figure alone. AI-Wattch logs every added node to the console;
 * Playwright listens to the console, so those calls cost more here than with DevTools closed (the
 * by-function breakdown shows them as `log`).
 *
 * Env: PAGE_BENCH_RUNS (rounds, default 5), PAGE_EXTENSION_DIR (our build; built when absent),
 * PAGE_BENCH_BASE_DIR (another build of ours, e.g. before a change, measured in the same rounds: the
 * `.output/chrome-mv3` of a git worktree of that commit, whose own code records its seed),
 * PAGE_BENCH_NAIVE_CAP_MS, PAGE_BENCH_SKIP_NAIVE=1, PAGE_BENCH_DUMP=<dir> (each run's CPU profiles,
 * load and seed, then streaming, for DevTools' Performance panel).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Page } from 'playwright-core';
import type { ConversationState } from '../src/domain/conversation';
import { launchWithExtension } from '../test/e2e/support/launch';
import { buildChatPage, CONVERSATION, NEW_ANSWER_ID, PAGE_URL, PAUSE_MS, serveChatPage, TURNS, WATCH_LABEL, type ChatPage } from './page/chat-page';
import { conversationStorageKey, fillStorage, PEER_SETTINGS, recordHistory, storageOf } from './page/history';
import { floorInWorker, moreTurns, NAIVE_TRACKER_URL, naiveTracker, tokenizerBundle, workerTimings } from './page/references';
import { report, type Mode, type RunResult } from './page/report';
import { attribute, byFunction, scriptDuration, sourceMapNames, startProfile, stopProfile } from './support/cpu-profile';
import { buildExtensionUnlessGiven } from './support/extension-build';

const EXTENSION_DIR = resolve(process.env.PAGE_EXTENSION_DIR ?? '.output/chrome-mv3');
const PEER_DIR = process.env.PAGE_BENCH_PEER_DIR ? resolve(process.env.PAGE_BENCH_PEER_DIR) : null;
/** Another build of ours (a change's parent), measured in the same rounds: before/after from one run. */
const BASE_DIR = process.env.PAGE_BENCH_BASE_DIR ? resolve(process.env.PAGE_BENCH_BASE_DIR) : null;
const CONTENT_JS = resolve(EXTENSION_DIR, 'content-scripts/chatgpt.js');
const RUNS = Number(process.env.PAGE_BENCH_RUNS ?? 5);
const NAIVE_CAP_MS = Number(process.env.PAGE_BENCH_NAIVE_CAP_MS ?? 45_000);
/** How long after the answer's end the streaming profile goes on: the count and the label fall in it. */
const TAIL_MS = 1_500;

/** Long tasks the page's main thread ran after its load event (any cause: extension JS, the page's, style and layout). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });`;

const longTasksSince = async (tab: Page, since: number): Promise<number[]> =>
  (await tab.evaluate(
    (t) => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks.filter(([start]) => start >= t).map(([, d]) => d),
    since,
  )) as number[];

const labelsOnPage = (tab: Page, tag: string) => tab.evaluate((t) => document.querySelectorAll(t).length, tag);
const pageValue = <T>(tab: Page, name: string) => tab.evaluate((n) => (window as unknown as Record<string, unknown>)[n], name) as Promise<T>;

async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Setup {
  page: ChatPage;
  bundle: string;
  /** The storage each of our builds finds: recorded by that build's own tree, in its own storage format. */
  history: Partial<Record<Mode, Record<string, unknown>>>;
  storageKey: string;
  labelTag: string;
}

const DIRS: Partial<Record<Mode, string>> = { ours: EXTENSION_DIR, base: BASE_DIR ?? undefined, peer: PEER_DIR ?? undefined };
const isOurs = (mode: Mode) => mode === 'ours' || mode === 'base';

async function run(mode: Mode, setup: Setup): Promise<RunResult> {
  const { page } = setup;
  const dir = DIRS[mode];
  const ext = await launchWithExtension(dir ? { extensionDir: dir } : { withExtension: false });
  try {
    if (isOurs(mode)) await fillStorage(ext, setup.history[mode]!);
    if (mode === 'peer') await fillStorage(ext, PEER_SETTINGS);
    await serveChatPage(ext.context, page.html);
    const tab = await ext.context.newPage();
    await tab.addInitScript({ content: LONG_TASKS + WATCH_LABEL(setup.labelTag) });
    if (mode === 'naive') await tab.addInitScript({ content: naiveTracker(setup.bundle) });
    const codeUrl = dir ? `chrome-extension://${ext.extensionId}/` : NAIVE_TRACKER_URL;
    await tab.goto(PAGE_URL, { waitUntil: 'commit' });
    const seedCdp = await startProfile(tab);
    await tab.waitForLoadState('load');
    const loadedAt = (await tab.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)) as number;
    let labelsBeforeStreaming: number | undefined;
    if (isOurs(mode)) {
      await waitUntil('the 200 page labels', async () => (await labelsOnPage(tab, setup.labelTag)) >= TURNS, 60_000).catch(async () => {
        throw new Error(
          `only ${await labelsOnPage(tab, setup.labelTag)} of ${TURNS} page labels before streaming: the seeded answers did not get their labels`,
        );
      });
      labelsBeforeStreaming = await labelsOnPage(tab, setup.labelTag);
      // The label hosts are page changes the tracker sees too: its quiet scan after them is part of the seed.
      await tab.waitForTimeout(1_000);
      const state = (await storageOf(ext))[setup.storageKey] as ConversationState | undefined;
      if (state?.historyTokens !== page.historyTokens)
        throw new Error(`the seed changed the history: ${state?.historyTokens} tokens, not ${page.historyTokens}`);
    } else {
      await tab.waitForTimeout(mode === 'naive' ? 3_000 : 2_000);
    }
    const seedProfile = await stopProfile(seedCdp);
    const seed = attribute(seedProfile, codeUrl);
    await seedCdp.detach();
    if (process.env.PAGE_BENCH_DUMP && mode !== 'none')
      writeFileSync(`${process.env.PAGE_BENCH_DUMP}/seed-${mode}-${Date.now()}.cpuprofile`, JSON.stringify(seedProfile));
    await tab.waitForTimeout(500);
    const streamFrom = (await tab.evaluate(() => performance.now())) as number;
    const pageLongTasksSeedMs = await longTasksSince(tab, loadedAt);

    const cdp = await startProfile(tab);
    const scriptBefore = await scriptDuration(cdp);
    const t0 = Date.now();
    await tab.evaluate(() => void (window as unknown as { __startStream(): Promise<void> }).__startStream());
    const cap = mode === 'naive' ? NAIVE_CAP_MS : 60_000;
    await tab.waitForFunction(() => (window as unknown as { __streamDone: boolean }).__streamDone, null, { timeout: cap, polling: 100 }).catch(() => {});
    const streamWallMs = Date.now() - t0;
    // Only the page is asked while the profile runs: reading the extension's storage through its
    // worker (the whole conversation, every 100 ms) would load the machine in the very window where
    // the turn is counted. The label comes only after the worker counted the turn.
    if (isOurs(mode))
      await tab
        .waitForFunction(() => (window as unknown as { __labelAt?: number }).__labelAt !== undefined, null, { timeout: 30_000, polling: 100 })
        .catch(() => {});
    const endAt = await pageValue<number | undefined>(tab, '__streamEndAt');
    const now = (await tab.evaluate(() => performance.now())) as number;
    if (endAt !== undefined && now - endAt < TAIL_MS) await tab.waitForTimeout(TAIL_MS - (now - endAt));
    const scriptAfter = await scriptDuration(cdp);
    const profile = await stopProfile(cdp);
    const labelAt = await pageValue<number | undefined>(tab, '__labelAt');
    let counted: RunResult['counted'];
    if (isOurs(mode)) {
      const turns = async () => ((await storageOf(ext))[setup.storageKey] as ConversationState).turns;
      await waitUntil('the counted turn', async () => NEW_ANSWER_ID in (await turns()), 30_000);
      counted = (await turns())[NEW_ANSWER_ID];
    }
    if (process.env.PAGE_BENCH_DUMP && mode !== 'none')
      writeFileSync(`${process.env.PAGE_BENCH_DUMP}/stream-${mode}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    const result: RunResult = {
      mode,
      updatesDone: await pageValue<number>(tab, '__updates'),
      streamWallMs,
      scriptDurationMs: scriptAfter - scriptBefore,
      stream: attribute(profile, codeUrl),
      seed,
      functions: dir ? byFunction(profile, codeUrl, sourceMapNames(dir)) : undefined,
      labelsBeforeStreaming,
      labelsAfterStreaming: isOurs(mode) ? await labelsOnPage(tab, setup.labelTag) : undefined,
      labelDelayMs: isOurs(mode) ? (labelAt !== undefined && endAt !== undefined ? labelAt - endAt : Number.POSITIVE_INFINITY) : undefined,
      pageLongTasksSeedMs,
      pageLongTasksStreamingMs: await longTasksSince(tab, streamFrom),
      counted,
    };
    if (isOurs(mode)) {
      await waitUntil('the worker to acknowledge the turn', async () => (await workerTimings(ext)).handledMs >= 0, 30_000);
      const { countMs, handledMs } = await workerTimings(ext);
      Object.assign(result, { workerCountMs: countMs, workerHandledMs: handledMs, floorMs: await floorInWorker(ext, setup.bundle, page) });
      Object.assign(result, await moreTurns(ext, CONVERSATION));
    }
    return result;
  } finally {
    await ext.close();
  }
}

/**
 * The base build's seed, recorded by the base's own tree (PAGE_BENCH_BASE_DIR is its `.output/chrome-mv3`,
 * two folders below the tree): an older build reads storage in its own format, not in ours.
 */
async function baseHistory(baseDir: string, page: ChatPage): Promise<Record<string, unknown>> {
  const tree = resolve(baseDir, '../..');
  const module = resolve(tree, 'bench/page/history.ts');
  if (!existsSync(module)) throw new Error(`PAGE_BENCH_BASE_DIR: no bench/page/history.ts in ${tree}, the tree the base build was made in`);
  const { recordHistory: recordBase } = (await import(pathToFileURL(module).href)) as typeof import('./page/history');
  return recordBase(page);
}

function peerFound(): { name: string; dir: string } | null {
  if (!PEER_DIR) return null;
  const manifest = resolve(PEER_DIR, 'manifest.json');
  if (!existsSync(manifest)) return null;
  const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; version: string };
  return { name: `${name.split(' - ')[0]} ${version}`, dir: PEER_DIR };
}

async function main() {
  buildExtensionUnlessGiven(process.env.PAGE_EXTENSION_DIR);
  const page = buildChatPage();
  const peer = peerFound();
  const contentScriptBytes = statSync(CONTENT_JS).size;
  console.log(
    `page: ${TURNS} turns, ${page.historyTokens} o200k tokens of history; answer ${countTokens(page.answerText)} tokens in ${page.updates} updates with a ${PAUSE_MS / 1000} s pause; content script ${contentScriptBytes} bytes`,
  );
  console.log(peer ? `peer: ${peer.name} from ${peer.dir}` : `peer: AI-Wattch not found at ${PEER_DIR ?? '(PAGE_BENCH_PEER_DIR unset)'}: our figure alone`);
  const history: Setup['history'] = { ours: await recordHistory(page) };
  if (BASE_DIR) history.base = await baseHistory(BASE_DIR, page);
  // The page label's element, as the browser tests find it.
  const setup: Setup = { page, bundle: tokenizerBundle(), history, storageKey: await conversationStorageKey(), labelTag: 'ai-footprint-label' };

  const runs: Record<Mode, RunResult[]> = { none: [], ours: [], base: [], peer: [], naive: [] };
  const order: Mode[] = ['none', 'ours', ...(BASE_DIR ? (['base'] as const) : []), ...(peer ? (['peer'] as const) : [])];
  for (let r = 0; r < RUNS; r++) {
    for (let k = 0; k < order.length; k++) {
      const mode = order[(r + k) % order.length];
      runs[mode].push(await run(mode, setup));
    }
    const line = (m: Mode) => {
      const x = runs[m].at(-1);
      return x ? `${m} ${x.stream.totalMs.toFixed(2)} ms` : '';
    };
    console.log(
      `round ${r + 1}: ${['ours', 'peer'].map((m) => line(m as Mode)).join(', ')}; label ${runs.ours.at(-1)?.labelDelayMs?.toFixed(0)} ms after the answer's end`,
    );
  }
  if (!process.env.PAGE_BENCH_SKIP_NAIVE) runs.naive.push(await run('naive', setup));

  report({
    page: {
      turns: TURNS,
      historyTokens: page.historyTokens,
      answerTokens: countTokens(page.answerText),
      promptTokens: countTokens(page.prompt),
      updates: page.updates,
      pauseMs: PAUSE_MS,
    },
    contentScriptBytes,
    peer,
    base: BASE_DIR,
    runs,
  });
}

await main();
