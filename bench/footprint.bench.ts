/**
 * `npm run bench -- footprint`: what a counted turn costs the user's machine, with the worker
 * stopped before each turn, as a browser does to an idle extension (Chrome stops its worker after
 * about 30 s; Firefox unloads an idle event page). The built extension, in Debian's Chromium
 * (playwright-core) and firefox-esr (puppeteer-core over WebDriver BiDi), on the fixture pages of
 * ChatGPT, Gemini, DeepSeek, Meta AI and Le Chat at their real host URLs (routed, no network).
 *
 * Per site, a fresh browser; one turn to start (not measured), then FOOTPRINT_TURNS turns, each:
 *  - the worker is stopped first: Chromium, the DevTools protocol's ServiceWorker.stopAllWorkers;
 *    Firefox, the event page is left idle until it unloads (extensions.background.idle.timeout,
 *    set to IDLE_MS here instead of 30 s), which a persistent background page never does;
 *  - a 2-paragraph answer streams (stream.js), and the page notes when it ended and when the turn's
 *    label appeared: the worker answers the page only once the turn and its history are stored;
 *  - time to stored: from the answer's end to the label;
 *  - CPU: user + system seconds of the extension's process (Chromium: the renderer started with
 *    --extension-process; Firefox: the "WebExtensions" process) from before the prompt is sent
 *    until SETTLE_MS after the label, read from /proc;
 *  - memory: that process's resident set (VmRSS) then.
 * Medians per site; targets: stored within 1 s; CPU at most 1.5x ChatGPT's; memory at most 60 MB
 * above ChatGPT's, in the same browser and build.
 *
 * Before and after from one run: FOOTPRINT_BASE_DIR is another build's .output (e.g. the base
 * commit's, built in a git worktree of it); its chrome-mv3 and firefox-mv2 are measured in the same
 * run, site by site, beside this worktree's. Env: FOOTPRINT_TURNS (default 5), FOOTPRINT_BROWSERS
 * (default "chromium,firefox"), FOOTPRINT_SITES (default all five). Writes bench/results/footprint.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import puppeteer, { type Page as FirefoxPage } from 'puppeteer-core';
import { FIREFOX_ESR } from '../scripts/support/system-programs';
import { chunked, storedConversation, streamingFixture } from '../test/e2e/support/chat-pages';
import { QUIET_FIREFOX_PREFS } from '../test/e2e/support/firefox-driver';
import { launchWithExtension, runningWorker, serveChatPage } from '../test/e2e/support/launch';
import { fmt, median } from './support/stats';

const TURNS = Number(process.env.FOOTPRINT_TURNS ?? 5);
const BROWSERS = (process.env.FOOTPRINT_BROWSERS ?? 'chromium,firefox').split(',') as Array<'chromium' | 'firefox'>;
const BASE = process.env.FOOTPRINT_BASE_DIR ? resolve(process.env.FOOTPRINT_BASE_DIR) : null;
// Longer than a turn takes from its prompt to stored: the event page a sent prompt wakes stays for the turn.
const IDLE_MS = 5_000;
const SETTLE_MS = 500;
const TARGETS = { storedMs: 1_000, cpuVsChatgpt: 1.5, memoryAboveChatgptMb: 60 };

interface Site {
  site: string;
  origin: string;
  url: string;
  fixture: string;
}

const SITES: Site[] = [
  { site: 'chatgpt', origin: 'https://chatgpt.com', url: 'https://chatgpt.com/c/bench-footprint', fixture: 'chatgpt.html' },
  { site: 'gemini', origin: 'https://gemini.google.com', url: 'https://gemini.google.com/app/5a1e0b7f3d2c4e42', fixture: 'gemini-2026-en.html' },
  {
    site: 'deepseek',
    origin: 'https://chat.deepseek.com',
    url: 'https://chat.deepseek.com/a/chat/s/5d0f6a0e-2026-4e2e-8000-0000000f0042',
    fixture: 'deepseek-2026-10.html',
  },
  { site: 'meta', origin: 'https://www.meta.ai', url: 'https://www.meta.ai/prompt/5f0c1a2b-2026-4000-8000-0000000f0042', fixture: 'meta-2026-en.html' },
  {
    site: 'mistral',
    origin: 'https://chat.mistral.ai',
    url: 'https://chat.mistral.ai/chat/24cad125-f45a-4ab6-bb62-2708aaf10042',
    fixture: 'mistral-2026-en.html',
  },
].filter((s) => !process.env.FOOTPRINT_SITES || process.env.FOOTPRINT_SITES.split(',').includes(s.site));

const ANSWER = [
  'Offshore turbines reach capacity factors of forty to fifty percent, more than most onshore sites, because the wind at sea is stronger and steadier.',
  'A 15 MW turbine at a 45% capacity factor makes about 59 GWh a year — 洋上風力は陸上より安定しています。',
];

/**
 * Installed in the page before each turn: notes when the stream ends (stream.js counts
 * `__streamDone` up) and when a new label appears. No named functions: tsx would wrap them in a
 * helper the page does not have.
 */
const WATCH = (tag: string, answer: string[][], prompt: string) => `(() => {
  const w = window;
  let done = w.__streamDone;
  Object.defineProperty(w, '__streamDone', { configurable: true, get: () => done, set: (v) => { done = v; w.__endAt = performance.now(); } });
  w.__endAt = 0;
  w.__labelAt = 0;
  const before = document.querySelectorAll('${tag}').length;
  const mo = new MutationObserver(() => {
    if (!w.__labelAt && document.querySelectorAll('${tag}').length > before) { w.__labelAt = performance.now(); mo.disconnect(); }
  });
  mo.observe(document.body, { childList: true, subtree: true });
  w.__nextAnswer = { paragraphs: ${JSON.stringify(answer)} };
  const box = w.chatSite.promptBox();
  if ('value' in box) box.value = ${JSON.stringify(prompt)}; else box.textContent = ${JSON.stringify(prompt)};
  w.chatSite.sendButton().click();
})()`;

const TIMES = `[window.__endAt, window.__labelAt]`;

/** The page, whichever browser library drives it. */
interface BenchPage {
  run(script: string): Promise<unknown>;
}

interface Turn {
  storedMs: number;
  cpuS: number;
  rssMb: number;
}

/** The extension's process: Chromium's extension renderer, Firefox's WebExtensions process; among this bench's descendants. */
function extensionProcesses(browser: 'chromium' | 'firefox'): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = pid; p > 1; p = parents.get(p) ?? 0) if (p === process.pid) return true;
    return false;
  };
  return [...parents.keys()].filter((pid) => {
    if (!mine(pid)) return false;
    try {
      return browser === 'chromium'
        ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--extension-process')
        : readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'WebExtensions';
    } catch {
      return false;
    }
  });
}

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

function cpuTicks(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, Number(fields[11]) + Number(fields[12])); // utime + stime
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | false | null | undefined | 0>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}

/** One turn: prompt, streamed answer, the label; the extension process's CPU and memory over it. */
async function turn(browser: 'chromium' | 'firefox', page: BenchPage, n: number): Promise<Turn> {
  const before = cpuTicks(extensionProcesses(browser));
  await page.run(
    WATCH(
      // The page label's element, as the browser tests find it.
      'ai-footprint-label',
      ANSWER.map((p) => chunked(`${p} (${n})`)),
      `How steady is offshore wind? (${n})`,
    ),
  );
  let last: [number, number] = [0, 0];
  const [endAt, labelAt] = await waitFor(`the label of turn ${n} (answer ended, label seen at: ${last.join(', ')})`, async () => {
    const t = (last = (await page.run(TIMES)) as [number, number]);
    return t[0] > 0 && t[1] > 0 && t;
  });
  await sleep(SETTLE_MS);
  const pids = extensionProcesses(browser);
  const after = cpuTicks(pids);
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return { storedMs: labelAt - endAt, cpuS: ticks / TICKS, rssMb: rssMb(pids) };
}

async function chromiumSite(dir: string, site: Site): Promise<Turn[]> {
  const ext = await launchWithExtension({ extensionDir: dir });
  try {
    await serveChatPage(ext.context, site.origin, streamingFixture(site.fixture));
    const page: Page = await ext.context.newPage();
    await page.goto(site.url, { waitUntil: 'load' });
    const cdp = await ext.context.newCDPSession(page);
    const status = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Array<{ versionId: string; scriptURL: string; runningStatus: string }> }) =>
      e.versions.filter((v) => v.scriptURL.startsWith(`chrome-extension://${ext.extensionId}/`)).forEach((v) => status.set(v.versionId, v.runningStatus)),
    );
    await cdp.send('ServiceWorker.enable');
    const benchPage: BenchPage = { run: (script) => page.evaluate(script) };
    // The history is seeded first: a worker stopped while it answers the seed would hold up the page's outbox.
    const conversationId = new URL(site.url).pathname.split('/').pop()!;
    await waitFor('the history seed', async () => ((await storedConversation(runningWorker(ext), site.site, conversationId))?.historyTokens ?? 0) > 0);
    const turns: Turn[] = [];
    for (let n = 0; n <= TURNS; n++) {
      await sleep(1_500); // the page's outbox and the worker's writes of the turn before settle
      // Stopped once no version of the extension's worker runs (a stop asked while it starts is asked again).
      await waitFor('the worker to stop', async () => {
        await cdp.send('ServiceWorker.stopAllWorkers');
        await sleep(200);
        return ![...status.values()].some((s) => s === 'running' || s === 'starting');
      });
      await sleep(300);
      const t = await turn('chromium', benchPage, n);
      if (n > 0) turns.push(t);
    }
    return turns;
  } finally {
    await ext.close();
  }
}

async function firefoxSite(dir: string, site: Site): Promise<Turn[]> {
  const manifest = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as { background?: { persistent?: boolean } };
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_ESR.path,
    headless: true,
    extraPrefsFirefox: { ...QUIET_FIREFOX_PREFS, 'extensions.background.idle.timeout': IDLE_MS },
  });
  try {
    await browser.installExtension(dir);
    const page: FirefoxPage = await browser.newPage();
    const html = streamingFixture(site.fixture);
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      if (req.isInterceptResolutionHandled()) return;
      const same = req.url().startsWith(site.origin);
      if (same && req.isNavigationRequest()) return void req.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      if (same) return void req.respond({ status: 404, body: '' });
      return void req.continue();
    });
    await page.goto(site.url, { waitUntil: 'load' });
    const benchPage: BenchPage = { run: (script) => page.evaluate(script) };
    // The history seed: the quiet sites wait for the page to settle, the earlier build then loads its vocabulary.
    await sleep(8_000);
    const turns: Turn[] = [];
    for (let n = 0; n <= TURNS; n++) {
      // An event page unloads after IDLE_MS without events; a persistent one stays.
      await sleep(manifest.background?.persistent === false ? IDLE_MS + 2_000 : 1_000);
      const t = await turn('firefox', benchPage, n);
      if (n > 0) turns.push(t);
    }
    return turns;
  } finally {
    await browser.close();
  }
}

interface Row {
  browser: string;
  build: string;
  site: string;
  storedMs: number;
  cpuS: number;
  rssMb: number;
  turns: Turn[];
}

function zipSizes(dir: string): Record<string, number | null> {
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const size = (re: RegExp) => {
    const f = files.find((x) => re.test(x));
    return f ? readFileSync(resolve(dir, f)).length : null;
  };
  return { chrome: size(/-chrome\.zip$/), firefox: size(/-firefox\.zip$/) };
}

async function main(): Promise<void> {
  const builds: Array<{ name: string; out: string }> = [...(BASE ? [{ name: 'before', out: BASE }] : []), { name: 'after', out: resolve('.output') }];
  // run-all builds the Chrome extension once (SKIP_BUILD); the Firefox build is this bench's own.
  if (process.env.SKIP_BUILD !== '1' && BROWSERS.includes('chromium')) execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  if (BROWSERS.includes('firefox')) execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
  const rows: Row[] = [];
  for (const browser of BROWSERS) {
    for (const site of SITES) {
      // Before and after, site by site, so that both see the machine as it is at that moment.
      for (const build of builds) {
        const dir = resolve(build.out, browser === 'chromium' ? 'chrome-mv3' : 'firefox-mv2');
        let turns: Turn[];
        try {
          turns = browser === 'chromium' ? await chromiumSite(dir, site) : await firefoxSite(dir, site);
        } catch (e) {
          // Reported as a miss, not the end of the run: the other sites and browsers are still measured.
          console.log(`${browser} ${build.name} ${site.site}: FAILED ${(e as Error).message}`);
          turns = [];
        }
        const row = {
          browser,
          build: build.name,
          site: site.site,
          storedMs: median(turns.map((t) => t.storedMs)),
          cpuS: median(turns.map((t) => t.cpuS)),
          rssMb: median(turns.map((t) => t.rssMb)),
          turns,
        };
        rows.push(row);
        console.log(
          `${browser} ${build.name.padEnd(6)} ${site.site.padEnd(8)} stored ${fmt(row.storedMs, 0)} ms  cpu ${fmt(row.cpuS, 2)} s  rss ${fmt(row.rssMb, 0)} MB`,
        );
      }
    }
  }

  console.log(
    `\nPer turn, worker stopped before each (median of ${TURNS}): time from the answer's end to stored; the extension process's CPU; its resident memory.`,
  );
  console.log(
    `Targets: stored ≤ ${TARGETS.storedMs / 1000} s; CPU ≤ ${TARGETS.cpuVsChatgpt}x ChatGPT's; memory ≤ ChatGPT's + ${TARGETS.memoryAboveChatgptMb} MB (same browser and build).\n`,
  );
  console.log('| browser | site | stored, before → after | CPU s, before → after | memory MB, before → after | targets (after) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const browser of BROWSERS) {
    const of = (build: string, site: string) => rows.find((r) => r.browser === browser && r.build === build && r.site === site);
    for (const site of SITES) {
      const b = of('before', site.site);
      const a = of('after', site.site)!;
      if (a.turns.length === 0) {
        console.log(`| ${browser} | ${site.site} | FAILED | | | |`);
        continue;
      }
      const chat = of('after', 'chatgpt');
      const misses = [
        a.storedMs > TARGETS.storedMs && 'time',
        chat && a.cpuS > chat.cpuS * TARGETS.cpuVsChatgpt && 'CPU',
        chat && a.rssMb > chat.rssMb + TARGETS.memoryAboveChatgptMb && 'memory',
      ].filter(Boolean);
      const pair = (x: number | undefined, y: number, d: number) => (b ? `${fmt(x, d)} → ${fmt(y, d)}` : fmt(y, d));
      console.log(
        `| ${browser} | ${site.site} | ${pair(b?.storedMs, a.storedMs, 0)} ms | ${pair(b?.cpuS, a.cpuS, 2)} | ${pair(b?.rssMb, a.rssMb, 0)} | ${misses.length ? `MISSED: ${misses.join(', ')}` : 'met'} |`,
      );
    }
  }
  const zips = Object.fromEntries(builds.map((b) => [b.name, zipSizes(b.out)]));
  for (const [name, z] of Object.entries(zips)) {
    const mb = (n: number | null) => (n === null ? 'not built (npm run zip / zip:firefox)' : `${(n / 1024 / 1024).toFixed(2)} MB`);
    console.log(`zips, ${name}: chrome ${mb(z.chrome)}, firefox ${mb(z.firefox)}`);
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/footprint.json', JSON.stringify({ targets: TARGETS, turns: TURNS, rows, zips }, null, 2));
}

await main();
