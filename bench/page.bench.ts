/**
 * `npm run bench -- page`: what tracking costs a chat page, in Debian's Chromium.
 *
 * A ChatGPT-like page with 200 question/answer turns (~150,000 o200k tokens), then a 2,000-token
 * answer streamed in 500 DOM updates, one per 16 ms. Side by side in one run:
 *  - the page alone (no extension),
 *  - the page with the built extension, labels on all 200 turns: before the page opens, the 200
 *    turns are recorded as if the extension had counted each one (the worker's own counting and
 *    ledger code, run here in Node on an in-memory browser, copied into the extension's storage),
 *    so the page load is a reload of a conversation counted before and each answer gets its label
 *    back from the seed; the bench fails if the 200 labels are not on the page before streaming,
 *  - a naive tracker (page script) that re-reads and re-tokenizes every message on each update,
 *  - the floor: tokenizing the new prompt and answer once, in the extension's worker.
 * Main-thread JS is attributed from CPU profiles (100 µs sampling): time with the extension's
 * content script (or the naive tracker) on the stack. Medians of 5 runs (the naive one runs once,
 * capped, because it cannot keep up). Writes bench/results/page.json. PAGE_BENCH_DUMP=<dir> also
 * keeps each run's streaming CPU profile there (open it in DevTools' Performance panel).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fakeBrowser } from '@webext-core/fake-browser';
import { buildSync } from 'esbuild';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchWithExtension, type LaunchedExtension } from '../test/e2e/support/launch';
import { buildExtensionUnlessGiven } from './support/extension-build';

const EXTENSION_DIR = resolve(process.env.PAGE_EXTENSION_DIR ?? '.output/chrome-mv3');
const CONTENT_JS = resolve(EXTENSION_DIR, 'content-scripts/chatgpt.js');
const RUNS = Number(process.env.PAGE_BENCH_RUNS ?? 5);
const TURNS = 200;
const UPDATES = 500;
const NAIVE_CAP_MS = Number(process.env.PAGE_BENCH_NAIVE_CAP_MS ?? 45_000);
const CONVERSATION = 'bench-conversation';
const URL_ = `https://chatgpt.com/c/${CONVERSATION}`;
const LABEL_TAG = 'ai-footprint-label';
// Content script budget: 40 KB since the page label (issue 11 item 3). Issue 11: with labels on all
// 200 turns, under 20 ms of extension JS while streaming and no long task (a stretch over 50 ms);
// the earlier aim of no stretch over 16 ms stays reported beside it.
const TARGETS = { addedMainThreadMs: 20, longestTaskMs: 16, longTaskMs: 50, workerVsFloor: 1.5, contentScriptBytes: 40 * 1024 };

// ---- The page ----------------------------------------------------------------

/** Deterministic text that tokenizes like prose mixed with a little code. */
function* words(seed: number): Generator<string> {
  const vocab = (
    'the energy of a data center depends on cooling load and the grid carbon intensity while water use follows evaporation ' +
    'inference tokens model context window latency throughput efficiency renewable turbine solar battery storage region ' +
    'kilowatt hour emissions estimate measure compare average peak demand supply chain hardware accelerator memory bandwidth'
  ).split(' ');
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = vocab[x % vocab.length];
    yield x % 17 === 0 ? `${w}.` : x % 11 === 0 ? `${w},` : x % 97 === 0 ? `${w}_${x % 1000}()` : w;
  }
}

function textOfTokens(seed: number, tokens: number): string {
  const gen = words(seed);
  const out: string[] = [];
  // ~1.25 tokens per word in this vocabulary; trim to the target afterwards.
  while (countTokens(out.join(' ')) < tokens) for (let i = 0; i < 50; i++) out.push(gen.next().value);
  return out.join(' ');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

interface BenchPage {
  html: string;
  historyTokens: number;
  /** The 200 turns already on the page, as the adapter reads them (paragraphs joined by a line break). */
  history: Array<{ prompt: string; answer: string }>;
  prompt: string;
  answerParagraphs: string[][];
  answerText: string;
}

function buildPage(): BenchPage {
  const turns: string[] = [];
  const history: BenchPage['history'] = [];
  let historyTokens = 0;
  for (let i = 0; i < TURNS; i++) {
    const q = textOfTokens(i * 2 + 1, 40);
    const paragraphs = [0, 1, 2].map((k) => textOfTokens(i * 10 + k + 7, 230));
    history.push({ prompt: q, answer: paragraphs.join('\n') });
    historyTokens += countTokens(q) + countTokens(paragraphs.join('\n'));
    turns.push(
      `<article data-testid="conversation-turn-${2 * i + 1}" data-turn="user"><div data-message-author-role="user" data-message-id="u-${i}"><div class="whitespace-pre-wrap">${esc(q)}</div></div></article>` +
        `<article data-testid="conversation-turn-${2 * i + 2}" data-turn="assistant"><div data-message-author-role="assistant" data-message-id="a-${i}" data-message-model-slug="gpt-4o"><div class="markdown prose">${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}</div></div><div><button data-testid="copy-turn-action-button">Copy</button></div></article>`,
    );
  }
  const prompt = 'Summarize what we discussed about cooling and water, with numbers.';
  // 2,000 tokens in 500 chunks, 10 paragraphs.
  const answerWords = textOfTokens(9_999, 2_000).split(' ');
  const chunks: string[] = [];
  for (let i = 0; i < UPDATES; i++) {
    chunks.push(answerWords.slice(Math.floor((i * answerWords.length) / UPDATES), Math.floor(((i + 1) * answerWords.length) / UPDATES)).join(' '));
  }
  const answerParagraphs: string[][] = [];
  chunks.forEach((c, i) => {
    const p = Math.floor((i * 10) / chunks.length);
    (answerParagraphs[p] ??= []).push(answerParagraphs[p].length ? ` ${c}` : c);
  });
  const answerText = answerParagraphs.map((p) => p.join('')).join('\n');
  const script = `
    window.__updates = 0; window.__streamDone = false;
    window.__startStream = async function () {
      const thread = document.getElementById('thread');
      const u = document.createElement('article');
      u.innerHTML = '<div data-message-author-role="user" data-message-id="u-new"><div class="whitespace-pre-wrap"></div></div>';
      u.querySelector('.whitespace-pre-wrap').textContent = ${JSON.stringify(prompt)};
      thread.appendChild(u);
      document.getElementById('send-slot').innerHTML = '<button data-testid="stop-button">Stop</button>';
      const a = document.createElement('article');
      a.innerHTML = '<div data-message-author-role="assistant" data-message-id="a-new" data-message-model-slug="gpt-4o"><div class="markdown prose"></div></div>';
      thread.appendChild(a);
      const body = a.querySelector('.markdown');
      const paragraphs = ${JSON.stringify(answerParagraphs)};
      for (const para of paragraphs) {
        const p = document.createElement('p');
        body.appendChild(p);
        for (const chunk of para) {
          p.textContent += chunk;
          window.__updates++;
          await new Promise((r) => setTimeout(r, 16));
        }
      }
      document.getElementById('send-slot').innerHTML = '<button data-testid="send-button">Send</button>';
      window.__streamDone = true;
    };`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>ChatGPT</title></head><body><main><div id="thread">${turns.join('')}</div></main><form><textarea id="prompt-textarea"></textarea><span id="send-slot"><button data-testid="send-button">Send</button></span></form><script>${script}</script></body></html>`;
  return { html, historyTokens, history, prompt, answerParagraphs, answerText };
}

// ---- The 200 turns, counted before --------------------------------------------------

/**
 * The page's 200 turns as if the extension had counted each while the page was open: the worker's
 * own countTurn (conversation state, with `turns` by turnId) and ledger (createLedger().record),
 * run here in Node on an in-memory browser, as bench/popup.bench.ts writes its year. Ids as the
 * tracker sends them: the bench page's messages carry `data-message-id` (ChatGPT markup a), which
 * the adapter takes as the page's own id, so an answer's turnId is `a-<i>` and its prompt `u-<i>`.
 * Returns every storage key written except the settings (the extension keeps its own).
 */
async function recordHistory(page: BenchPage): Promise<Record<string, unknown>> {
  (globalThis as Record<string, unknown>).chrome = fakeBrowser;
  const { countTurn } = await import('../src/counting/count-turn');
  const { createLedger } = await import('../src/ledger/ledger');
  const start = Date.now() - (TURNS + 10) * 60_000;
  let clock = start;
  const ledger = createLedger({
    remote: { keyStore: { get: async () => null, set: async () => {}, clear: async () => {} }, hasPermission: async () => false },
    now: () => clock,
  });
  await ledger.start();
  for (const [i, t] of page.history.entries()) {
    const { counted, persisted } = await countTurn({
      site: 'chatgpt',
      conversationId: CONVERSATION,
      turnId: `a-${i}`,
      promptId: `u-${i}`,
      modelLabel: 'gpt-4o',
      promptText: t.prompt,
      answerText: t.answer,
      finishedAt: start + i * 60_000,
    });
    await persisted;
    clock = counted.time;
    if (!(await ledger.record(counted)).recorded) throw new Error(`history turn a-${i} was not recorded`);
  }
  const all = (await fakeBrowser.storage.local.get(null)) as Record<string, unknown>;
  const state = all[`conversation:chatgpt:${CONVERSATION}`] as ConversationState | undefined;
  if (Object.keys(state?.turns ?? {}).length !== TURNS || state?.historyTokens !== page.historyTokens) {
    throw new Error(`recording the history went wrong: ${Object.keys(state?.turns ?? {}).length} turns, ${state?.historyTokens} history tokens`);
  }
  return Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith('settings')));
}

async function fillStorage(ext: LaunchedExtension, snapshot: Record<string, unknown>): Promise<void> {
  await ext.worker.evaluate(async (data) => {
    const c = (globalThis as unknown as { chrome: { storage: { local: { set(x: unknown): Promise<void> } } } }).chrome;
    await c.storage.local.set(data);
  }, snapshot);
}

/** Long tasks the page's main thread ran after its load event (any cause: our JS, the page's, style and layout). */
const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({ type: 'longtask', buffered: true });`;

async function longTasksSince(tab: Page, since: number): Promise<number[]> {
  return (await tab.evaluate(
    (t) => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks.filter(([start]) => start >= t).map(([, d]) => d),
    since,
  )) as number[];
}

// ---- The naive tracker and the tokenizer for the page and the worker -----------

function tokenizerBundle(): string {
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

/** Re-reads and re-tokenizes every message on every DOM update, as tracker A in the research notes does. */
const naiveTracker = (bundle: string) => `${bundle}
  (function () {
    const count = () => {
      let total = 0;
      for (const el of document.querySelectorAll('[data-message-author-role]')) total += __o200k.countTokens(el.textContent || '');
      window.__naiveTotal = total;
    };
    const start = () => new MutationObserver(count).observe(document.body, { childList: true, subtree: true, characterData: true });
    if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
  })();
//# sourceURL=naive-tracker.js`;

// ---- Measuring -------------------------------------------------------------------

interface ProfileNode {
  id: number;
  callFrame: { url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function of code from `urlPart` (for PAGE_BENCH_DEBUG=1). */
function topFunctions(profile: Profile, urlPart: string): string {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n as ProfileNode & { callFrame: { functionName: string; lineNumber: number; columnNumber: number } }]));
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i])!;
    const name = `${n.callFrame.url.includes(urlPart) ? 'EXT ' : ''}${n.callFrame.functionName || '(anon)'}@${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  }
  return [...self.entries()]
    .filter(([k]) => k.startsWith('EXT') || k.startsWith('(garbage') || k.startsWith('(program'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([k, v]) => `${(v / 1000).toFixed(2)} ms ${k}`)
    .join('\n');
}

/**
 * A sample is taken about every 100 µs; a gap far longer than that means the sampler (and the
 * page) were not running: the 2-core machine was busy with something else. In the `…Clamped`
 * figures such a gap counts as one typical interval (the profile's median); the raw figures count
 * it in full. Both are reported.
 */
const STARVED_US = 1_000;

/** Time (ms) with code from `urlPart` on the stack, and the longest unbroken stretch of it. */
function attribute(
  profile: Profile,
  urlPart: string,
): { totalMs: number; totalClampedMs: number; longestMs: number; longestClampedMs: number; starved: number } {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, boolean>();
  const ours = (id: number): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const p = parent.get(id);
    const v = node.callFrame.url.includes(urlPart) || (p !== undefined && ours(p));
    memo.set(id, v);
    return v;
  };
  let totalUs = 0;
  let totalClampedUs = 0;
  let runUs = 0;
  let longestUs = 0;
  let runClampedUs = 0;
  let longestClampedUs = 0;
  let starved = 0;
  let runStart = 0;
  let longestAt = [0, 0];
  const typicalUs = [...profile.timeDeltas].sort((a, b) => a - b)[Math.floor(profile.timeDeltas.length / 2)] ?? 100;
  // timeDeltas[i] is the time before sample i; the sample's own duration is the next delta.
  for (let i = 0; i < profile.samples.length; i++) {
    const dur = profile.timeDeltas[i + 1] ?? 0;
    if (ours(profile.samples[i])) {
      if (runUs === 0) runStart = i;
      totalUs += dur;
      totalClampedUs += dur > STARVED_US ? typicalUs : dur;
      runUs += dur;
      if (runUs > longestUs) longestAt = [runStart, i];
      longestUs = Math.max(longestUs, runUs);
      if (dur > STARVED_US) starved++;
      runClampedUs += dur > STARVED_US ? typicalUs : dur;
      longestClampedUs = Math.max(longestClampedUs, runClampedUs);
    } else {
      runUs = 0;
      runClampedUs = 0;
    }
  }
  if (process.env.PAGE_BENCH_DEBUG && longestUs > 8000) {
    const names = new Map<string, number>();
    for (let i = longestAt[0]; i <= longestAt[1]; i++) {
      let id: number | undefined = profile.samples[i];
      const stack: string[] = [];
      while (id !== undefined) {
        const n = byId.get(id) as ProfileNode & { callFrame: { functionName: string } };
        stack.push(n.callFrame.functionName || '(anon)');
        id = parent.get(id);
      }
      const key = stack.slice(0, 6).join(' < ');
      names.set(key, (names.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
    }
    console.log(
      `longest stretch ${(longestUs / 1000).toFixed(2)} ms:`,
      [...names.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${(v / 1000).toFixed(2)} ${k}`),
    );
  }
  return { totalMs: totalUs / 1000, totalClampedMs: totalClampedUs / 1000, longestMs: longestUs / 1000, longestClampedMs: longestClampedUs / 1000, starved };
}

async function scriptDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
}

async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return cdp;
}

async function stopProfile(cdp: CDPSession): Promise<Profile> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  return profile;
}

type Mode = 'none' | 'extension' | 'naive';

interface RunResult {
  mode: Mode;
  streamWallMs: number;
  updatesDone: number;
  scriptDurationMs: number;
  trackerJsMs: number;
  trackerLongestMs: number;
  /** The same with starved samples (the machine busy elsewhere) counted as one sampling interval. */
  trackerLongestClampedMs: number;
  /** Extension JS with starved samples counted as one sampling interval (a busy machine inflates the raw total). */
  trackerJsClampedMs: number;
  seedJsClampedMs?: number;
  seedLongestClampedMs?: number;
  starvedSamples: number;
  /** From load to the 200 labels (extension) or the same wait (page alone, naive): the seed, with labels. */
  seedJsMs?: number;
  seedLongestMs?: number;
  /** Page labels on the page when streaming starts, and after the streamed answer was counted. */
  labelsBeforeStreaming?: number;
  labelsAfterStreaming?: number;
  /** The page's long tasks (ms each) after its load event: until streaming starts, and while streaming. */
  pageLongTasksSeedMs?: number[];
  pageLongTasksStreamingMs?: number[];
  workerCountMs?: number;
  workerHandledMs?: number;
  floorMs?: number;
  /** Ten more turns sent to the worker, and the floor on the same texts. */
  extraCountMs?: number[];
  extraFloorMs?: number[];
  counted?: { promptTokens: number; historyTokens: number; answerTokens: number };
}

async function serve(context: BrowserContext, html: string): Promise<void> {
  await context.route('https://chatgpt.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.fulfill({ status: 404, body: '' }),
  );
}

async function storageOf(ext: LaunchedExtension): Promise<Record<string, unknown>> {
  return (await ext.worker.evaluate(() =>
    (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }).chrome.storage.local.get(null),
  )) as Record<string, unknown>;
}

interface ConversationState {
  historyTokens: number;
  turns: Record<string, { promptTokens: number; historyTokens: number; answerTokens: number }>;
}

const labelsOnPage = (tab: Page) => tab.evaluate((tag) => document.querySelectorAll(tag).length, LABEL_TAG);

async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(mode: Mode, page: BenchPage, bundle: string, history: Record<string, unknown>): Promise<RunResult> {
  const ext = await launchWithExtension({ extensionDir: EXTENSION_DIR, withExtension: mode === 'extension' });
  try {
    // The 200 turns were counted before: the page load is a reload, and each answer's label comes back.
    if (mode === 'extension') await fillStorage(ext, history);
    await serve(ext.context, page.html);
    const tab = await ext.context.newPage();
    await tab.addInitScript({ content: LONG_TASKS });
    if (mode === 'naive') await tab.addInitScript({ content: naiveTracker(bundle) });
    const extUrl = mode === 'extension' ? `chrome-extension://${ext.extensionId}/` : 'naive-tracker.js';
    await tab.goto(URL_, { waitUntil: 'commit' });
    const seedCdp = await startProfile(tab);
    await tab.waitForLoadState('load');
    const loadedAt = (await tab.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)) as number;
    const key = `conversation:chatgpt:${CONVERSATION}`;
    let labelsBeforeStreaming: number | undefined;
    if (mode === 'extension') {
      await waitUntil('the 200 page labels', async () => (await labelsOnPage(tab)) >= TURNS, 60_000).catch(async () => {
        throw new Error(`only ${await labelsOnPage(tab)} of ${TURNS} page labels on the page before streaming: the seeded answers did not get their labels`);
      });
      labelsBeforeStreaming = await labelsOnPage(tab);
      // The label hosts are page changes the tracker sees too: its quiet scan after them is part of the seed.
      await tab.waitForTimeout(1_000);
      if (((await storageOf(ext))[key] as ConversationState | undefined)?.historyTokens !== page.historyTokens) throw new Error('the seed changed the history');
    } else {
      await tab.waitForTimeout(mode === 'naive' ? 3_000 : 1_500);
    }
    const seed = attribute(await stopProfile(seedCdp), extUrl);
    await seedCdp.detach();
    await tab.waitForTimeout(500);
    const streamFrom = (await tab.evaluate(() => performance.now())) as number;
    const pageLongTasksSeedMs = await longTasksSince(tab, loadedAt);

    const cdp = await startProfile(tab);
    const scriptBefore = await scriptDuration(cdp);
    const t0 = Date.now();
    await tab.evaluate(() => void (window as unknown as { __startStream(): Promise<void> }).__startStream());
    const cap = mode === 'naive' ? NAIVE_CAP_MS : 60_000;
    await tab.waitForFunction(() => (window as unknown as { __streamDone: boolean }).__streamDone, null, { timeout: cap, polling: 250 }).catch(() => {});
    const streamWallMs = Date.now() - t0;
    let counted: RunResult['counted'];
    let labelsAfterStreaming: number | undefined;
    if (mode === 'extension') {
      await waitUntil('the counted turn', async () => 'a-new' in ((await storageOf(ext))[key] as ConversationState).turns, 30_000);
      counted = ((await storageOf(ext))[key] as ConversationState).turns['a-new'];
      await waitUntil('the streamed answer’s label', async () => (await labelsOnPage(tab)) > TURNS, 10_000).catch(() => undefined);
      labelsAfterStreaming = await labelsOnPage(tab);
    } else {
      await tab.waitForTimeout(1_000);
    }
    const scriptAfter = await scriptDuration(cdp);
    const streamProfile = await stopProfile(cdp);
    const pageLongTasksStreamingMs = await longTasksSince(tab, streamFrom);
    const stream = attribute(streamProfile, extUrl);
    if (process.env.PAGE_BENCH_DEBUG && mode === 'extension') console.log(topFunctions(streamProfile, extUrl));
    if (process.env.PAGE_BENCH_DUMP && mode === 'extension')
      writeFileSync(`${process.env.PAGE_BENCH_DUMP}/stream-${Date.now()}.cpuprofile`, JSON.stringify(streamProfile));
    const updatesDone = await tab.evaluate(() => (window as unknown as { __updates: number }).__updates).catch(() => -1);
    const result: RunResult = {
      mode,
      streamWallMs,
      updatesDone,
      scriptDurationMs: scriptAfter - scriptBefore,
      trackerJsMs: mode === 'none' ? 0 : stream.totalMs,
      trackerLongestMs: mode === 'none' ? 0 : stream.longestMs,
      trackerLongestClampedMs: mode === 'none' ? 0 : stream.longestClampedMs,
      trackerJsClampedMs: mode === 'none' ? 0 : stream.totalClampedMs,
      seedJsClampedMs: mode === 'none' ? undefined : seed.totalClampedMs,
      seedLongestClampedMs: mode === 'none' ? undefined : seed.longestClampedMs,
      starvedSamples: mode === 'none' ? 0 : stream.starved + seed.starved,
      seedJsMs: mode === 'none' ? undefined : seed.totalMs,
      seedLongestMs: mode === 'none' ? undefined : seed.longestMs,
      labelsBeforeStreaming,
      labelsAfterStreaming,
      pageLongTasksSeedMs,
      pageLongTasksStreamingMs,
      counted,
    };
    if (mode === 'extension') {
      let countMs = -1;
      let handledMs = -1;
      await waitUntil(
        'the worker to acknowledge the turn',
        async () => {
          [countMs, handledMs] = (await ext.worker.evaluate(() =>
            ['footprint:count-turn', 'footprint:turn-handled'].map((n) => performance.getEntriesByName(n).at(-1)?.duration ?? -1),
          )) as number[];
          return handledMs >= 0;
        },
        30_000,
      );
      result.workerCountMs = countMs;
      result.workerHandledMs = handledMs;
      result.floorMs = await floorInWorker(ext, bundle, page);
      Object.assign(result, await moreTurns(ext));
      if (process.env.PAGE_BENCH_DEBUG)
        console.log(
          'TEMP',
          JSON.stringify(
            await ext.worker.evaluate(() => [
              performance
                .getEntriesByType('mark')
                .filter((e) => e.name.startsWith('TEMP'))
                .slice(-6)
                .map((e) => [e.name, e.startTime]),
              performance.getEntriesByType('measure').map((e) => [e.name, e.startTime, e.duration]),
            ]),
          ),
        );
    }
    return result;
  } finally {
    await ext.close();
  }
}

const EXTRA_TURNS = 10;

/**
 * The worker's counting measured on ten more turns (each a new 2,000-token answer, sent from an
 * extension page as the content script sends them) against the floor on the same texts: the
 * worker's clock has 0.1 ms steps, so one turn alone says little about a ratio near 1. Each
 * turn's floor is taken right after its count, in a task of its own like the count: tokenizing
 * the ten texts back to back in one task measured 0.3-0.4 ms where the same texts one per task
 * took 0.4-0.7 ms (2026-11-25), which made the floor lower than any single count can be.
 */
async function moreTurns(ext: LaunchedExtension): Promise<{ extraCountMs: number[]; extraFloorMs: number[] }> {
  const texts = Array.from({ length: EXTRA_TURNS }, (_, i) => ({ prompt: textOfTokens(50_000 + i, 40), answer: textOfTokens(60_000 + i, 2_000) }));
  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/methodology.html`);
  const extraCountMs: number[] = [];
  const extraFloorMs: number[] = [];
  for (const [i, t] of texts.entries()) {
    const answer = (await page.evaluate(
      (msg) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage(msg),
      {
        type: 'turn/completed',
        data: {
          site: 'chatgpt',
          conversationId: 'bench-conversation',
          turnId: `extra-a-${i}`,
          promptId: `extra-u-${i}`,
          modelLabel: 'gpt-4o',
          promptText: t.prompt,
          answerText: t.answer,
          finishedAt: Date.now(),
        },
      },
    )) as { ok: boolean };
    if (!answer?.ok) throw new Error(`extra turn ${i} not acknowledged: ${JSON.stringify(answer)}`);
    extraCountMs.push((await ext.worker.evaluate(() => performance.getEntriesByName('footprint:count-turn').at(-1)?.duration ?? -1)) as number);
    extraFloorMs.push(await tokenizeOnceInWorker(ext, t));
  }
  await page.close();
  return { extraCountMs, extraFloorMs };
}

/** The floor: tokenizing the new prompt and answer once, in the same worker, its tokenizer as warm as the extension's. */
async function floorInWorker(ext: LaunchedExtension, bundle: string, page: ReturnType<typeof buildPage>): Promise<number> {
  await ext.worker.evaluate(`${bundle}; globalThis.__o200kFloor = __o200k; 0`);
  // Warm it the way the extension's was warmed: by the page's history (the seed).
  const history = page.html.replace(/<script>[\s\S]*<\/script>/, '').replace(/<[^>]+>/g, ' ');
  await ext.worker.evaluate((warm) => (globalThis as unknown as { __o200kFloor: { countTokens(s: string): number } }).__o200kFloor.countTokens(warm), history);
  return tokenizeOnceInWorker(ext, { prompt: page.prompt, answer: page.answerText });
}

/** The floor of one turn: the worker's copy of the tokenizer on its prompt and answer, once, in a task of its own (as the extension counts a turn). */
async function tokenizeOnceInWorker(ext: LaunchedExtension, turn: { prompt: string; answer: string }): Promise<number> {
  return (await ext.worker.evaluate((t) => {
    const tok = (globalThis as unknown as { __o200kFloor: { countTokens(s: string): number } }).__o200kFloor;
    const start = performance.now();
    tok.countTokens(t.prompt);
    tok.countTokens(t.answer);
    return performance.now() - start;
  }, turn)) as number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(d));

async function main() {
  buildExtensionUnlessGiven(process.env.PAGE_EXTENSION_DIR);
  const page = buildPage();
  const bundle = tokenizerBundle();
  const contentBytes = statSync(CONTENT_JS).size;
  console.log(
    `page: ${TURNS} turns, ${page.historyTokens} o200k tokens of history; answer ${countTokens(page.answerText)} tokens in ${page.answerParagraphs.flat().length} updates; content script ${contentBytes} bytes`,
  );

  const t0 = performance.now();
  const history = await recordHistory(page);
  console.log(
    `history: ${TURNS} turns counted and recorded by the worker's code in ${fmt((performance.now() - t0) / 1000)} s (${Object.keys(history).length} storage keys, ${fmt(JSON.stringify(history).length / 1000)} kB), copied into the extension before the page opens`,
  );

  const none: RunResult[] = [];
  const withExt: RunResult[] = [];
  for (let r = 0; r < RUNS; r++) {
    none.push(await run('none', page, bundle, history));
    withExt.push(await run('extension', page, bundle, history));
    console.log(
      `run ${r + 1}: page alone ${fmt(none[r].scriptDurationMs)} ms script, with extension ${fmt(withExt[r].scriptDurationMs)} ms (labels ${withExt[r].labelsBeforeStreaming} before streaming, ${withExt[r].labelsAfterStreaming} after; seed with labels: extension JS ${fmt(withExt[r].seedJsMs, 2)} ms, longest ${fmt(withExt[r].seedLongestMs, 2)} ms; streaming: extension JS ${fmt(withExt[r].trackerJsMs, 2)} ms, longest ${fmt(withExt[r].trackerLongestMs, 2)} ms; worker count ${fmt(withExt[r].workerCountMs, 2)} ms, floor ${fmt(withExt[r].floorMs, 2)} ms)`,
    );
  }
  const naive = await run('naive', page, bundle, history);

  const m = (xs: RunResult[], k: keyof RunResult) => median(xs.map((x) => x[k] as number));
  const expectedAnswer = countTokens(page.answerText);
  const countsRight = withExt.every(
    (r) =>
      r.counted?.answerTokens === expectedAnswer && r.counted?.promptTokens === countTokens(page.prompt) && r.counted?.historyTokens === page.historyTokens,
  );
  const added = m(withExt, 'trackerJsMs');
  const longestRaw = Math.max(...withExt.map((r) => Math.max(r.trackerLongestMs, r.seedLongestMs ?? 0)));
  const longest = Math.max(...withExt.map((r) => Math.max(r.trackerLongestClampedMs, r.seedLongestClampedMs ?? 0)));
  const workerCount = median(withExt.flatMap((r) => [r.workerCountMs!, ...(r.extraCountMs ?? [])]));
  const floor = median(withExt.flatMap((r) => [r.floorMs!, ...(r.extraFloorMs ?? [])]));
  const labelsOnAll = withExt.every((r) => (r.labelsBeforeStreaming ?? 0) >= TURNS);
  const longTasks = (xs: RunResult[], k: 'pageLongTasksSeedMs' | 'pageLongTasksStreamingMs') => ({
    perRun: xs.map((r) => r[k] ?? []),
    longestMs: Math.max(0, ...xs.flatMap((r) => r[k] ?? [])),
  });
  const results = {
    date: new Date().toISOString(),
    chromium: 'Debian /usr/bin/chromium',
    page: { turns: TURNS, historyTokens: page.historyTokens, answerTokens: expectedAnswer, updates: page.answerParagraphs.flat().length },
    contentScriptBytes: contentBytes,
    countsExact: countsRight,
    medians: {
      pageAlone: { scriptDurationMs: m(none, 'scriptDurationMs'), streamWallMs: m(none, 'streamWallMs') },
      extension: {
        scriptDurationMs: m(withExt, 'scriptDurationMs'),
        addedScriptDurationMs: m(withExt, 'scriptDurationMs') - m(none, 'scriptDurationMs'),
        extensionJsWhileStreamingMs: added,
        longestExtensionStretchStreamingMs: m(withExt, 'trackerLongestMs'),
        seedJsMs: m(withExt, 'seedJsMs'),
        longestExtensionStretchSeedMs: m(withExt, 'seedLongestMs'),
        longestExtensionStretchAnyRunRawMs: longestRaw,
        longestExtensionStretchAnyRunClampedMs: longest,
        starvedSamples: withExt.map((r) => r.starvedSamples),
        streamWallMs: m(withExt, 'streamWallMs'),
        workerCountMs: workerCount,
        workerCountTurnsMeasured: withExt.length * (EXTRA_TURNS + 1),
        workerCountStreamedTurnMs: m(withExt, 'workerCountMs'),
        workerHandledMs: m(withExt, 'workerHandledMs'),
        floorMs: floor,
      },
      /** Issue 11's page-bench target: labels on all 200 turns (the page load is a reload of a conversation counted before). */
      withLabels: {
        labelsBeforeStreaming: withExt.map((r) => r.labelsBeforeStreaming),
        labelsAfterStreaming: withExt.map((r) => r.labelsAfterStreaming),
        seed: { extensionJsMs: m(withExt, 'seedJsMs'), extensionJsClampedMs: m(withExt, 'seedJsClampedMs'), longestStretchMs: m(withExt, 'seedLongestMs') },
        streaming: { extensionJsMs: added, extensionJsClampedMs: m(withExt, 'trackerJsClampedMs'), longestStretchMs: m(withExt, 'trackerLongestMs') },
        longestStretchAnyRunAnyPhaseClampedMs: longest,
        longestStretchAnyRunAnyPhaseRawMs: longestRaw,
      },
      /** The page's own long tasks after its load event (any cause, style and layout included), with and without the extension. */
      pageLongTasks: {
        pageAlone: { seed: longTasks(none, 'pageLongTasksSeedMs'), streaming: longTasks(none, 'pageLongTasksStreamingMs') },
        extension: { seed: longTasks(withExt, 'pageLongTasksSeedMs'), streaming: longTasks(withExt, 'pageLongTasksStreamingMs') },
      },
      naive: naive,
    },
    runs: { pageAlone: none, extension: withExt },
    targets: TARGETS,
    verdict: {
      labelsOnAll200Turns: labelsOnAll,
      addedMainThreadUnder20ms: added < TARGETS.addedMainThreadMs,
      noLongTaskOver50ms: longest <= TARGETS.longTaskMs,
      noExtensionTaskOver16ms: longest <= TARGETS.longestTaskMs,
      workerWithin1_5xFloor: workerCount <= TARGETS.workerVsFloor * floor,
      contentScriptUnder40KB: contentBytes <= TARGETS.contentScriptBytes,
    },
  };

  const rows: Array<[string, string, string, string, string, string]> = [
    ['', 'tracker JS while streaming (ms)', 'longest stretch, median (ms)', 'ScriptDuration (ms)', 'updates / wall (s)', 'worker count (ms)'],
    ['page alone', '-', '-', fmt(m(none, 'scriptDurationMs')), `${m(none, 'updatesDone')} / ${fmt(m(none, 'streamWallMs') / 1000)}`, '-'],
    [
      'extension',
      fmt(added, 2),
      `${fmt(m(withExt, 'trackerLongestMs'), 2)} (seed ${fmt(m(withExt, 'seedLongestMs'), 2)})`,
      fmt(m(withExt, 'scriptDurationMs')),
      `${m(withExt, 'updatesDone')} / ${fmt(m(withExt, 'streamWallMs') / 1000)}`,
      `${fmt(workerCount, 2)} (+ledger ${fmt(m(withExt, 'workerHandledMs'), 2)})`,
    ],
    [
      'naive tracker (1 run, capped)',
      fmt(naive.trackerJsMs, 0),
      fmt(naive.trackerLongestMs, 0),
      fmt(naive.scriptDurationMs, 0),
      `${naive.updatesDone} / ${fmt(naive.streamWallMs / 1000)}`,
      '-',
    ],
    ['floor (tokenize prompt+answer once)', '-', '-', '-', '-', fmt(floor, 2)],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('\n' + rows.map((r) => r.map((c, i) => c.padEnd(widths[i])).join(' | ')).join('\n'));
  console.log(
    `\nmedians of ${RUNS} runs (worker count and floor: medians over ${RUNS * (EXTRA_TURNS + 1)} turns, the streamed one and ${EXTRA_TURNS} more per run); counts exact: ${countsRight}; content script ${contentBytes} B`,
  );
  console.log(
    `longest extension stretch in any run (load/seed or streaming): ${fmt(longest, 2)} ms with starved samples clamped, ${fmt(longestRaw, 2)} ms raw (starved samples per run: ${withExt.map((r) => r.starvedSamples).join(', ')})`,
  );
  console.log(
    `worker, the streamed turn alone (median of ${RUNS}): count ${fmt(m(withExt, 'workerCountMs'), 2)} ms vs floor ${fmt(m(withExt, 'floorMs'), 2)} ms; the worker clock has 0.1 ms steps`,
  );
  console.log(
    `with labels on all ${TURNS} turns (${withExt.map((r) => r.labelsBeforeStreaming).join(', ')} labels before streaming; ${withExt.map((r) => r.labelsAfterStreaming).join(', ')} after): seed ${fmt(m(withExt, 'seedJsMs'), 2)} ms extension JS, longest stretch ${fmt(m(withExt, 'seedLongestMs'), 2)} ms; streaming ${fmt(added, 2)} ms extension JS (target < ${TARGETS.addedMainThreadMs} ms: ${results.verdict.addedMainThreadUnder20ms}), longest stretch ${fmt(m(withExt, 'trackerLongestMs'), 2)} ms (with starved samples clamped: seed ${fmt(m(withExt, 'seedJsClampedMs'), 2)} ms, streaming ${fmt(m(withExt, 'trackerJsClampedMs'), 2)} ms); no long task (no stretch over ${TARGETS.longTaskMs} ms, any run, any phase: ${fmt(longest, 2)} ms): ${results.verdict.noLongTaskOver50ms}`,
  );
  console.log(
    `page long tasks after load (any cause), longest: page alone seed ${fmt(results.medians.pageLongTasks.pageAlone.seed.longestMs, 0)} ms, streaming ${fmt(results.medians.pageLongTasks.pageAlone.streaming.longestMs, 0)} ms; with the extension seed ${fmt(results.medians.pageLongTasks.extension.seed.longestMs, 0)} ms (${results.medians.pageLongTasks.extension.seed.perRun.map((x) => x.length).join(', ')} per run), streaming ${fmt(results.medians.pageLongTasks.extension.streaming.longestMs, 0)} ms`,
  );
  console.log(
    `targets: added main-thread JS ${fmt(added, 2)} ms < 20 ms: ${results.verdict.addedMainThreadUnder20ms}; longest extension stretch ${fmt(longest, 2)} ms <= 16 ms (the earlier aim): ${results.verdict.noExtensionTaskOver16ms}; worker ${fmt(workerCount, 2)} ms vs floor ${fmt(floor, 2)} ms (${fmt(workerCount / floor, 2)}x <= 1.5x): ${results.verdict.workerWithin1_5xFloor}; content script <= 40 KB: ${results.verdict.contentScriptUnder40KB}`,
  );

  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/page.json', JSON.stringify(results, null, 2));
  readFileSync('bench/results/page.json');
}

await main();
