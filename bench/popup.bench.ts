/**
 * `npm run bench -- popup`: how fast the popup shows its numbers, with a year
 * of heavy use in storage (100 answers a day for 365 days) side by side with
 * empty storage, in Debian's Chromium with the built extension.
 *
 * The year is written by the worker's own ledger code (createLedger, the same
 * record path the worker runs for every turn) into an in-memory browser
 * storage here in Node, then copied key by key into the extension's
 * chrome.storage.local. The popup reads it itself (popup.html starts the read
 * while its modules load: src/popup/early-read.ts). Time = navigation start ->
 * `numbers-shown` (the popup's mark right after the first numbers are in the
 * DOM), median over 3 rounds of 7 opens per case, the cases (and builds) taken in
 * turn in each round.
 *
 * POPUP_BENCH_BASELINE=<dir of another build> measures that build too, in the
 * same run and on the same seeded year, in the same rounds (the opens of all
 * rounds pooled), so before/after compare on a shared, noisy machine.
 */
import siteModels from '../data/site-models.json';
import { siteCustomRate } from '../src/sites/site-models';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fakeBrowser } from '@webext-core/fake-browser';
import type { CountedTurn } from '../src/domain';
import { SITE_IDS } from '../src/domain/site-ids';
import { launchWithExtension, type LaunchedExtension } from '../test/e2e/support/launch';
import { buildExtensionUnlessGiven } from './support/extension-build';
import { median } from './support/stats';

const DAYS = Number(process.env.POPUP_BENCH_DAYS ?? 365);
const TURNS_PER_DAY = 100;
/** Opens per case in each round; the rounds take the cases in turn (floor, empty, year warm, year cold), so a disturbance of the shared machine hits them alike. */
const OPENS = Number(process.env.POPUP_BENCH_OPENS ?? 7);
const ROUNDS = Number(process.env.POPUP_BENCH_ROUNDS ?? 3);
const TARGET_MS = 100;
// Another build can be measured with FOOTPRINT_EXTENSION_DIR (as in the e2e tests); otherwise this builds .output/chrome-mv3.
const OWN_BUILD = process.env.FOOTPRINT_EXTENSION_DIR ?? process.env.POPUP_EXTENSION_DIR;
const EXTENSION_DIR = resolve(OWN_BUILD ?? '.output/chrome-mv3');
const BASELINE_DIR = process.env.POPUP_BENCH_BASELINE ? resolve(process.env.POPUP_BENCH_BASELINE) : null;

/**
 * The models a site's year of turns uses: its default and the first keys its labels name in
 * data/site-models.json, so a new site takes part without a list here. A label mapped to `custom`
 * is left out unless it is the site's default (its own rate is the site's).
 */
const MODELS_BY_SITE = Object.fromEntries(
  SITE_IDS.map((site) => {
    const row = siteModels.sites[site];
    const keys = [...new Set([row.default, ...row.labels.map((l) => l.key).filter((k) => k !== 'custom')])];
    return [site, keys.slice(0, 3)];
  }),
) as Record<(typeof SITE_IDS)[number], string[]>;

/** A year of turns ending today: 100 a day across the six sites, conversations of 10 turns with growing history. */
function* yearOfTurns(now: number): Generator<CountedTurn> {
  const start = now - (DAYS - 1) * 86_400_000;
  let n = 0;
  for (let d = 0; d < DAYS; d++) {
    const dayStart = new Date(start + d * 86_400_000);
    dayStart.setHours(8, 0, 0, 0);
    for (let k = 0; k < TURNS_PER_DAY; k++) {
      const site = SITE_IDS[n % SITE_IDS.length]!;
      const models = MODELS_BY_SITE[site];
      const inConversation = Math.floor(n / SITE_IDS.length) % 10;
      yield {
        turnId: `bench-${d}-${k}`,
        time: Math.min(dayStart.getTime() + k * 5 * 60_000, now),
        site,
        conversationId: `bench-${site}-${Math.floor(n / (SITE_IDS.length * 10))}`,
        ...modelOf(site, models[n % models.length]!),
        promptTokens: 40 + ((n * 37) % 400),
        historyTokens: inConversation * 900,
        answerTokens: 200 + ((n * 53) % 1200),
        tokenizer: 'o200k',
      };
      n++;
    }
  }
}

/** A bench turn's model: a custom key carries its site's rate, as counting gives it. */
function modelOf(site: (typeof SITE_IDS)[number], modelKey: string): { modelKey: string; customWhPer1k?: number } {
  const rate = modelKey === 'custom' ? siteCustomRate(site) : null;
  return rate === null ? { modelKey } : { modelKey, customWhPer1k: rate };
}

/** Runs the worker's ledger on an in-memory browser and returns every storage key it wrote. */
async function seedYear(now: number): Promise<Record<string, unknown>> {
  (globalThis as Record<string, unknown>).chrome = fakeBrowser;
  const { createLedger } = await import('../src/ledger/ledger');
  let clock = now - DAYS * 86_400_000;
  const ledger = createLedger({
    remote: { keyStore: { get: async () => null, set: async () => {}, clear: async () => {} }, hasPermission: async () => false },
    now: () => clock,
  });
  await ledger.start();
  for (const turn of yearOfTurns(now)) {
    clock = turn.time;
    const out = await ledger.record(turn);
    if (!out.recorded) throw new Error(`turn ${turn.turnId} was not recorded`);
  }
  return (await fakeBrowser.storage.local.get(null)) as Record<string, unknown>;
}

async function fillStorage(ext: LaunchedExtension, snapshot: Record<string, unknown>): Promise<void> {
  await ext.worker.evaluate(async (data) => {
    const c = (globalThis as unknown as { chrome: { storage: { local: { clear(): Promise<void>; set(x: unknown): Promise<void> } } } }).chrome;
    await c.storage.local.clear();
    await c.storage.local.set(data);
  }, snapshot);
}

interface Opens {
  numbersShownMs: number[];
  /** Navigation start -> the HTML parsed (the page itself, and the parser-blocking popup-read.js). */
  domInteractiveMs: number[];
  scriptStartMs: number[];
  workerAnswerMs: number[];
  /** The popup's own work: evaluating its modules before the request, and rendering after the answer. */
  popupOwnMs: number[];
  allTimeTurns: string;
}

/**
 * Opens popup.html `OPENS` times (after one warm-up open) and reads the popup's
 * marks. `coldWorker`: the service worker is stopped before each open, as
 * Chrome does after 30 s idle, so popup/state has to wake it.
 */
async function measureOpens(ext: LaunchedExtension, coldWorker: boolean): Promise<Opens> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 380, height: 600 });
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const url = `chrome-extension://${ext.extensionId}/popup.html`;
  const out: Opens = { numbersShownMs: [], domInteractiveMs: [], scriptStartMs: [], workerAnswerMs: [], popupOwnMs: [], allTimeTurns: '' };
  for (let i = 0; i <= OPENS; i++) {
    if (coldWorker && i > 0) {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.goto(url);
    await page.waitForSelector('[data-testid="total-energy"], [data-testid="load-error"]', { timeout: 30_000 });
    if (await page.$('[data-testid="load-error"]')) throw new Error(`popup shows no numbers: ${await page.textContent('[data-testid="load-error"]')}`);
    // No named functions inside evaluate: tsx would wrap them in a helper the page does not have.
    const [start, shown, asked, answered, parsed] = await page.evaluate(() => [
      ...['popup-script-start', 'numbers-shown', 'state-asked', 'state-answered'].map((n) => performance.getEntriesByName(n)[0]?.startTime ?? Number.NaN),
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    ]);
    const m = { start: start!, shown: shown!, asked: asked!, answered: answered! };
    if (i === 0) continue;
    out.numbersShownMs.push(m.shown);
    out.domInteractiveMs.push(parsed!);
    out.scriptStartMs.push(m.start);
    out.workerAnswerMs.push(m.answered - m.asked);
    out.popupOwnMs.push(m.asked - m.start + (m.shown - m.answered));
  }
  await page.click('input[name="period"][value="allTime"]');
  out.allTimeTurns = ((await page.textContent('[data-testid="total-turns"]')) ?? '').trim();
  await page.close();
  return out;
}

/** The floor: the same popup.html with its script disabled (HTML and CSS only), navigation start -> load event. */
async function measureFloor(ext: LaunchedExtension): Promise<number[]> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 380, height: 600 });
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  const xs: number[] = [];
  for (let i = 0; i <= OPENS; i++) {
    await page.goto(`chrome-extension://${ext.extensionId}/popup.html`, { waitUntil: 'load' });
    const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    if (i > 0) xs.push(loadEnd);
  }
  await page.close();
  return xs;
}

const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.9) - 1]!;

async function main() {
  buildExtensionUnlessGiven(OWN_BUILD);
  const now = Date.now();
  const t0 = performance.now();
  const snapshot = await seedYear(now);
  const seedSeconds = (performance.now() - t0) / 1000;
  const bytes = JSON.stringify(snapshot).length;
  const turns = DAYS * TURNS_PER_DAY;
  console.log(
    `seeded ${turns} turns with the worker's ledger in ${seedSeconds.toFixed(1)} s: ${Object.keys(snapshot).length} storage keys, ${(bytes / 1e6).toFixed(2)} MB`,
  );

  const fmt = (x: number) => Number(x.toFixed(1));
  const rows: Record<string, unknown>[] = [];
  const raw: Record<string, unknown> = {};
  const loadBefore = loadavg()[0]!;

  const builds = [{ name: 'this build', dir: EXTENSION_DIR }, ...(BASELINE_DIR ? [{ name: 'baseline', dir: BASELINE_DIR }] : [])];
  const cases = [
    ['empty storage, worker running', {}, false],
    [`${DAYS} days x ${TURNS_PER_DAY} turns, worker running`, snapshot, false],
    [`${DAYS} days x ${TURNS_PER_DAY} turns, worker stopped`, snapshot, true],
  ] as const;
  const pooled = new Map<string, { floor: number[]; cases: Map<string, Opens> }>(builds.map((b) => [b.name, { floor: [], cases: new Map() }]));
  const merge = (into: Opens | undefined, r: Opens): Opens =>
    into
      ? {
          numbersShownMs: [...into.numbersShownMs, ...r.numbersShownMs],
          domInteractiveMs: [...into.domInteractiveMs, ...r.domInteractiveMs],
          scriptStartMs: [...into.scriptStartMs, ...r.scriptStartMs],
          workerAnswerMs: [...into.workerAnswerMs, ...r.workerAnswerMs],
          popupOwnMs: [...into.popupOwnMs, ...r.popupOwnMs],
          allTimeTurns: r.allTimeTurns,
        }
      : r;
  // Rounds, each taking every case (and, with a baseline, both builds) in turn, so all meet the same load on a shared machine.
  for (let round = 0; round < ROUNDS; round++) {
    for (const build of builds) {
      const into = pooled.get(build.name)!;
      const ext = await launchWithExtension({ extensionDir: build.dir });
      try {
        into.floor.push(...(await measureFloor(ext)));
        for (const [name, data, cold] of cases) {
          await fillStorage(ext, data);
          into.cases.set(name, merge(into.cases.get(name), await measureOpens(ext, cold)));
        }
      } finally {
        await ext.close();
      }
    }
  }
  for (const build of builds) {
    const { floor, cases: measured } = pooled.get(build.name)!;
    const label = (c: string) => (BASELINE_DIR ? `${build.name}: ${c}` : c);
    raw[label('floor')] = floor;
    rows.push({
      case: label('floor: popup.html, script disabled'),
      medianMs: fmt(median(floor)),
      p90Ms: fmt(p90(floor)),
      domInteractiveMs: null,
      scriptStartMs: null,
      stateRoundTripMs: null,
      popupOwnMs: null,
      shown: '(no numbers)',
    });
    for (const [name] of cases) {
      const r = measured.get(name)!;
      raw[label(name)] = r;
      rows.push({
        case: label(name),
        medianMs: fmt(median(r.numbersShownMs)),
        p90Ms: fmt(p90(r.numbersShownMs)),
        domInteractiveMs: fmt(median(r.domInteractiveMs)),
        scriptStartMs: fmt(median(r.scriptStartMs)),
        stateRoundTripMs: fmt(median(r.workerAnswerMs)),
        popupOwnMs: fmt(median(r.popupOwnMs)),
        shown: r.allTimeTurns.replace(/:.*/, ''),
      });
    }
  }
  const loadAfter = loadavg()[0]!;

  console.log(
    `\nPopup: navigation start -> first numbers in the DOM, ms (median and p90 of ${ROUNDS} rounds x ${OPENS} opens, cases in turn; load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${cpus().length} cores)`,
  );
  console.table(rows);
  const warmYear = rows[2]!.medianMs as number;
  const coldYear = rows[3]!.medianMs as number;
  console.log(
    `target < ${TARGET_MS} ms with a year in storage: worker running ${warmYear < TARGET_MS ? 'met' : 'NOT met'} (${warmYear} ms); worker stopped ${coldYear < TARGET_MS ? 'met' : 'NOT met'} (${coldYear} ms)`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/popup.json',
    JSON.stringify(
      {
        date: new Date().toISOString(),
        targetMs: TARGET_MS,
        opens: ROUNDS * OPENS,
        rounds: ROUNDS,
        baseline: BASELINE_DIR,
        turns,
        storageBytes: bytes,
        seedSeconds,
        loadAverage: [loadBefore, loadAfter],
        cores: cpus().length,
        rows,
        raw,
      },
      null,
      2,
    ),
  );
}

await main();
