/**
 * The popup of the built extension in Debian's Chromium, against the real
 * worker: turns are fed with runtime messages from the popup page, and the
 * popup must show exactly the token counts (o200k) and the footprint the core
 * computes for them. Also: region change and recompute, screenshots in light
 * and dark mode (in SCREENSHOTS: support/screenshots.ts decides where).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculate } from '../../src/core';
import { carbonQuantity, energyQuantity, formatCount, quantityText, waterQuantity, type Quantity } from '../../src/display';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { BUILT_EXTENSION, patchedExtension } from './support/extension-page';
import { launchWithExtension, type LaunchedExtension } from './support/launch';
import { SCREENSHOTS } from './support/screenshots';

/** A quantity as the page's text reads once whitespace is collapsed. */
const shown = (q: Quantity) => quantityText(q).replace(/\s+/g, ' ');

/** The totals and the latest answer end within the popup's first 600 px; every settings panel is closed. */
async function expectFirstScreen(on: Page): Promise<void> {
  const bottom = (testId: string) => on.$eval(`[data-testid="${testId}"]`, (e) => e.getBoundingClientRect().bottom);
  expect(await bottom('totals')).toBeLessThanOrEqual(600);
  expect(await bottom('equivalents')).toBeLessThanOrEqual(600);
  expect(await bottom('last-answer')).toBeLessThanOrEqual(600);
  expect(await on.$$eval('details.panel', (ds) => ds.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(0);
}

/** popup-<scheme>[-<lang>].png: the first 380x600 screen; -all-open: every section open, full length. */
async function screenshots(on: Page, url: string, lang: string): Promise<void> {
  const suffix = lang === 'en' ? '' : `-${lang}`;
  for (const colorScheme of ['light', 'dark'] as const) {
    await on.emulateMedia({ colorScheme });
    await on.goto(url);
    await on.waitForSelector('svg.chart');
    const bg = await on.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe(colorScheme === 'dark' ? 'rgb(22, 26, 24)' : 'rgb(255, 255, 255)');
    await on.screenshot({ path: `${SCREENSHOTS}/popup-${colorScheme}${suffix}.png` });
    await on.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
    await on.screenshot({ path: `${SCREENSHOTS}/popup-${colorScheme}${suffix}-all-open.png`, fullPage: true });
  }
  await on.emulateMedia({ colorScheme: 'light' });
}
const EXTENSION_DIR = process.env.POPUP_EXTENSION_DIR ?? BUILT_EXTENSION;

let ext: LaunchedExtension;
let page: Page;
let popupUrl: string;

interface SentTurn {
  turnId: string;
  conversationId: string;
  promptText: string;
  answerText: string;
}

async function sendTurn(turn: SentTurn, on: Page = page): Promise<void> {
  const answer = await on.evaluate(
    (t) =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
        type: 'turn/completed',
        data: { site: 'chatgpt', modelLabel: null, finishedAt: Date.now(), ...t },
      }),
    turn,
  );
  expect(answer).toMatchObject({ ok: true, value: { ok: true, turnId: turn.turnId } });
}

async function openPopup(): Promise<void> {
  await page.goto(popupUrl);
  await page.waitForSelector('[data-testid="total-energy"], [data-testid="load-error"]', { timeout: 15_000 });
  const error = await page.$('[data-testid="load-error"]');
  if (error) throw new Error(`popup shows no numbers: ${await error.textContent()}`);
}

const textOf = async (testId: string) => ((await page.textContent(`[data-testid="${testId}"]`)) ?? '').replace(/\s+/g, ' ').trim();

function footprint(model: string, input: number, output: number, region: string) {
  const res = calculate({ model, input_tokens: input, output_tokens: output, region });
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
}

async function openPanel(id: string): Promise<void> {
  const open = await page.$eval(`#${id}-panel`, (d) => (d as HTMLDetailsElement).open);
  if (!open) await page.click(`#${id}-panel > summary`);
}

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: EXTENSION_DIR });
  page = await ext.context.newPage();
  await page.setViewportSize({ width: 380, height: 600 });
  popupUrl = `chrome-extension://${ext.extensionId}/popup.html`;
});

afterAll(async () => {
  await ext?.close();
});

describe('popup with the real worker', () => {
  const MODEL = 'alpha-5.5';
  const turns: SentTurn[] = [
    {
      conversationId: 'e2e-popup-1',
      turnId: 'e2e-t1',
      promptText: 'How much water does a data centre use to cool one rack for an hour? Give a short answer.',
      answerText:
        'It depends on the cooling design. An evaporatively cooled rack drawing 10 kW for an hour uses roughly 10-20 liters of water on site; air-cooled and closed-loop designs use far less.',
    },
    {
      conversationId: 'e2e-popup-1',
      turnId: 'e2e-t2',
      promptText: 'And in Sweden, with its cold climate? Compare it with Virginia, in one paragraph, and mention free cooling.',
      answerText:
        'In Sweden, outside air is cold enough for free cooling most of the year, so water use per kWh is a fraction of Virginia’s, where hot humid summers require evaporative cooling. '.repeat(
          3,
        ),
    },
    {
      conversationId: 'e2e-popup-2',
      turnId: 'e2e-t3',
      promptText: 'Write a haiku about a heat pump.',
      answerText: 'Cold air gathers heat, / the compressor hums softly, / winter warms the house.',
    },
  ];
  const prompt = turns.map((t) => countTokens(t.promptText));
  const answer = turns.map((t) => countTokens(t.answerText));

  it('shows an empty ledger as zero with words, not a silent blank', async () => {
    await openPopup();
    expect(await textOf('total-turns')).toMatch(/^No answers recorded/);
    expect(await textOf('total-energy')).toBe('0 Wh');
  });

  it('uses the per-site model override chosen in the popup', async () => {
    await openPanel('tracking');
    await page.selectOption('#model-chatgpt', MODEL);
    await page.waitForSelector(`text=chatgpt.com: new answers count as ${MODEL}.`);
  });

  it('shows a fed turn with its exact o200k token counts and the core’s numbers', async () => {
    await sendTurn(turns[0]!);
    await openPopup();
    const f = footprint(MODEL, prompt[0]!, answer[0]!, 'global-avg');
    expect(await textOf('last-model')).toBe(MODEL);
    expect(await textOf('last-prompt')).toBe(formatCount(prompt[0]!, 'en'));
    expect(await textOf('last-history')).toBe('0');
    expect(await textOf('last-input')).toBe(formatCount(prompt[0]!, 'en'));
    expect(await textOf('last-output')).toBe(formatCount(answer[0]!, 'en'));
    expect(await textOf('last-energy')).toBe(shown(energyQuantity(f.energy_kwh, 'en')));
    expect(await textOf('last-carbon')).toBe(shown(carbonQuantity(f.carbon_gco2e, 'en')));
    expect(await textOf('last-water')).toContain(shown(waterQuantity(f.water.liters, 'en')));
    expect(await textOf('last-computed-by')).toMatch(/locally/);
    expect(await textOf('total-energy')).toBe(shown(energyQuantity(f.energy_kwh, 'en')));
  });

  it('counts the earlier prompt and answer as history of the next turn', async () => {
    await sendTurn(turns[1]!);
    await openPopup();
    const history = prompt[0]! + answer[0]!;
    expect(await textOf('last-prompt')).toBe(formatCount(prompt[1]!, 'en'));
    expect(await textOf('last-history')).toBe(formatCount(history, 'en'));
    expect(await textOf('last-input')).toBe(formatCount(prompt[1]! + history, 'en'));
    expect(await textOf('last-output')).toBe(formatCount(answer[1]!, 'en'));
    const f1 = footprint(MODEL, prompt[0]!, answer[0]!, 'global-avg');
    const f2 = footprint(MODEL, prompt[1]! + history, answer[1]!, 'global-avg');
    expect(await textOf('last-energy')).toBe(shown(energyQuantity(f2.energy_kwh, 'en')));
    expect(await textOf('total-energy')).toBe(shown(energyQuantity(f1.energy_kwh + f2.energy_kwh, 'en')));
    expect(await textOf('total-carbon')).toBe(shown(carbonQuantity(f1.carbon_gco2e + f2.carbon_gco2e, 'en')));
    expect(await textOf('total-turns')).toContain('2 answers');
  });

  it('applies a new region to new turns and recomputes the history on request', async () => {
    await openPanel('region');
    await page.selectOption('#region', 'eu-sweden');
    await page.waitForSelector('text=Region set to EU (Sweden).');
    expect(await page.textContent('.stress .badge')).toBe('Low water stress');
    // Recorded turns keep their region until recomputed.
    const f1 = footprint(MODEL, prompt[0]!, answer[0]!, 'global-avg');
    const f2 = footprint(MODEL, prompt[1]! + prompt[0]! + answer[0]!, answer[1]!, 'global-avg');
    expect(await textOf('total-carbon')).toBe(shown(carbonQuantity(f1.carbon_gco2e + f2.carbon_gco2e, 'en')));

    // A new turn uses the new region.
    await sendTurn(turns[2]!);
    await openPopup();
    const f3 = footprint(MODEL, prompt[2]!, answer[2]!, 'eu-sweden');
    expect(await textOf('last-carbon')).toBe(shown(carbonQuantity(f3.carbon_gco2e, 'en')));
    expect(await textOf('last-water')).toContain(shown(waterQuantity(f3.water.liters, 'en')));
    expect(await textOf('last-water')).toContain('low stress');
    expect(await textOf('total-carbon')).toBe(shown(carbonQuantity(f1.carbon_gco2e + f2.carbon_gco2e + f3.carbon_gco2e, 'en')));

    await openPanel('region');
    await page.click('button:text-is("Recompute history with this region")');
    await page.click('button:text-is("Recompute")');
    await page.waitForSelector('text=Recomputed 3 answers with EU (Sweden).');
    const s1 = footprint(MODEL, prompt[0]!, answer[0]!, 'eu-sweden');
    const s2 = footprint(MODEL, prompt[1]! + prompt[0]! + answer[0]!, answer[1]!, 'eu-sweden');
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="total-carbon"]')?.textContent?.replace(/\s+/g, ' ').trim() === want,
      shown(carbonQuantity(s1.carbon_gco2e + s2.carbon_gco2e + f3.carbon_gco2e, 'en')),
    );
    expect(await textOf('total-water')).toBe(shown(waterQuantity(s1.water.liters + s2.water.liters + f3.water.liters, 'en')));
    expect(await textOf('total-energy')).toBe(shown(energyQuantity(s1.energy_kwh + s2.energy_kwh + f3.energy_kwh, 'en')));
  });

  it('fits the period numbers and the latest answer in the first 380x600 screen, settings collapsed', async () => {
    await openPopup();
    await page.waitForSelector('svg.chart');
    await expectFirstScreen(page);
  });

  it('saves screenshots of the popup in light and dark mode', async () => {
    await screenshots(page, popupUrl, 'en');
  });
});

/**
 * The popup with the browser's UI in German and in Japanese (Debian's
 * chromium-l10n; LANGUAGE plus --lang): words from _locales, numbers and dates
 * in the UI locale, units and model keys as they are.
 */
describe.each([
  { lang: 'de', today: 'Heute', latest: 'Letzte Antwort', settings: 'Region', grouping: '.' },
  { lang: 'ja', today: '今日', latest: '最新の回答', settings: '地域', grouping: ',' },
])('popup with the browser in $lang', ({ lang, today, latest, settings, grouping }) => {
  let localized: LaunchedExtension;
  let popup: Page;
  let url: string;
  const text = async (testId: string) => ((await popup.textContent(`[data-testid="${testId}"]`)) ?? '').replace(/\s+/g, ' ').trim();

  beforeAll(async () => {
    localized = await launchWithExtension({ extensionDir: EXTENSION_DIR, locale: lang });
    popup = await localized.context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
    url = `chrome-extension://${localized.extensionId}/popup.html`;
    await popup.goto(url);
    const turns: SentTurn[] = [
      {
        conversationId: `l10n-${lang}`,
        turnId: `l10n-${lang}-1`,
        promptText: 'Explain what a heat pump does, in three sentences.',
        answerText: 'A heat pump moves heat instead of making it. '.repeat(120),
      },
      {
        conversationId: `l10n-${lang}`,
        turnId: `l10n-${lang}-2`,
        promptText: 'And its efficiency in winter?',
        answerText: 'Its coefficient of performance drops as the outside air gets colder. '.repeat(25),
      },
    ];
    for (const t of turns) await sendTurn(t, popup);
  });
  afterAll(async () => {
    await localized?.close();
  });

  it('runs with the UI language the browser was started in', async () => {
    const ui = await popup.evaluate(() => (globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }).chrome.i18n.getUILanguage());
    expect(ui.toLowerCase().startsWith(lang)).toBe(true);
    await popup.goto(url);
    await popup.waitForSelector('[data-testid="total-energy"]');
    expect(await popup.evaluate(() => document.documentElement.lang.toLowerCase())).toMatch(new RegExp(`^${lang}`));
  });

  it('shows the popup’s words in that language and its numbers in that locale', async () => {
    await popup.goto(url);
    await popup.waitForSelector('[data-testid="last-answer"]');
    const state = (await popup.evaluate(() =>
      (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
        type: 'popup/state',
        data: {},
      }),
    )) as {
      ok: true;
      value: {
        totals: { today: { energyKwh: number; carbonG: number; turns: number } };
        lastTurn: { inputTokens: number; outputTokens: number; modelKey: string };
      };
    };
    const s = state.value;
    expect(await popup.textContent('.segmented label.selected')).toBe(today);
    expect(await popup.textContent('#last-h')).toBe(latest);
    expect(await popup.textContent('#region-h')).toBe(settings);
    expect(await text('total-energy')).toBe(shown(energyQuantity(s.totals.today.energyKwh, lang)));
    expect(await text('total-carbon')).toBe(shown(carbonQuantity(s.totals.today.carbonG, lang)));
    expect(await text('last-input')).toBe(formatCount(s.lastTurn.inputTokens, lang));
    expect(await text('last-output')).toBe(formatCount(s.lastTurn.outputTokens, lang));
    expect(await text('last-model')).toBe(s.lastTurn.modelKey);
    expect(await text('total-energy')).toMatch(/(m?Wh|kWh)$/);
    expect(s.lastTurn.inputTokens).toBeGreaterThan(1000);
    expect(await text('last-input')).toContain(grouping);
    expect(await popup.evaluate(() => document.title)).toBe('AI Chat Footprint');
  });

  it('fits the numbers and the latest answer in the first screen', async () => {
    await popup.goto(url);
    await popup.waitForSelector('svg.chart');
    await expectFirstScreen(popup);
  });

  it('saves screenshots in light and dark mode', async () => {
    await screenshots(popup, url, lang);
  });
});

/**
 * Remote mode from the popup's form against the project's own service on
 * loopback. Playwright cannot answer the browser's permission prompt, so this
 * runs a copy of the build whose manifest already grants http://127.0.0.1/*:
 * the popup's permissions.request then resolves at once, as after a user's "Allow".
 */
describe('popup remote mode against the local service', () => {
  let service: RunningService;
  let dbDir: string;
  let key: string;
  let build: { dir: string; remove(): void };
  let remote: LaunchedExtension;
  let popup: Page;
  const MODEL = 'alpha-5.5';

  const text = async (testId: string) => ((await popup.textContent(`[data-testid="${testId}"]`)) ?? '').replace(/\s+/g, ' ').trim();
  async function open(): Promise<void> {
    await popup.goto(`chrome-extension://${remote.extensionId}/popup.html`);
    await popup.waitForSelector('[data-testid="total-energy"]', { timeout: 15_000 });
    if (!(await popup.$eval('#remote-panel', (d) => (d as HTMLDetailsElement).open))) await popup.click('#remote-panel > summary');
  }
  async function save(apiKey: string): Promise<void> {
    await open();
    if (!(await popup.isChecked('text=Compute with my Footprint service'))) await popup.check('text=Compute with my Footprint service');
    await popup.fill('#remote-url', service.url);
    await popup.fill('#remote-key', apiKey);
    await popup.click('button:text-is("Save")');
  }

  beforeAll(async () => {
    dbDir = mkdtempSync(join(tmpdir(), 'footprint-popup-remote-'));
    service = await startService({ host: '127.0.0.1', port: 0, dbPath: join(dbDir, 'keys.sqlite') });
    key = (await createApiKey(service.store, 'basic', 'popup-e2e')).key;
    build = patchedExtension((m) => {
      m.host_permissions = [...((m.host_permissions as string[]) ?? []), 'http://127.0.0.1/*'];
    }, EXTENSION_DIR);
    remote = await launchWithExtension({ extensionDir: build.dir });
    popup = await remote.context.newPage();
    await popup.setViewportSize({ width: 380, height: 600 });
  });
  afterAll(async () => {
    await remote?.close();
    build?.remove();
    await service?.close();
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
  });

  it('refuses plain http to a host other than localhost before asking for anything', async () => {
    await open();
    await popup.check('text=Compute with my Footprint service');
    await popup.fill('#remote-url', 'http://footprint.example.org');
    await popup.fill('#remote-key', 'whatever');
    await popup.click('button:text-is("Save")');
    await popup.waitForSelector('text=The service must use HTTPS');
    expect(await text('remote-state')).toMatch(/^Local mode/);
  });

  it('says the key was rejected and remote mode paused after the service answers 401', async () => {
    await save('not-a-valid-key');
    await popup.waitForSelector('text=Saved. Remote mode on');
    await sendTurn({ conversationId: 'popup-remote', turnId: 'popup-remote-401', promptText: 'Hello?', answerText: 'Hello! How can I help?' }, popup);
    await open();
    expect(await text('alerts')).toContain('Key rejected, remote mode paused');
    expect(await text('last-computed-by')).toMatch(/locally/);
  });

  it('tests the connection, then shows a turn computed by the service with its plan', async () => {
    await save(key);
    await popup.waitForSelector('text=Saved. Remote mode on');
    await open();
    expect(await text('remote-key-state')).toMatch(/A key is stored/);
    expect(await popup.content()).not.toContain(key);
    await popup.click('button:text-is("Test connection")');
    const connected = await popup.waitForSelector('text=/Connected: plan basic/');
    expect(await connected.textContent()).toMatch(/Connected: plan basic, [\d,]+ of 100 requests left this month\./);

    const t = {
      conversationId: 'popup-remote-2',
      turnId: 'popup-remote-200',
      promptText: 'What is PUE?',
      answerText: 'Power usage effectiveness: total facility energy divided by IT energy.',
    };
    await open();
    await popup.click('#tracking-panel > summary');
    await popup.selectOption('#model-chatgpt', MODEL);
    await popup.waitForSelector(`text=chatgpt.com: new answers count as ${MODEL}.`);
    await sendTurn(t, popup);
    await open();
    expect(await text('last-computed-by')).toBe('Computed by your Footprint service (plan basic).');
    const f = calculate({ model: MODEL, input_tokens: countTokens(t.promptText), output_tokens: countTokens(t.answerText), region: 'global-avg' });
    if (!f.ok) throw new Error(f.error.message);
    expect(await text('last-energy')).toBe(shown(energyQuantity(f.value.energy_kwh, 'en')));
    expect(await text('remote-state')).toMatch(/^Remote mode on: computed by 127\.0\.0\.1:\d+ \(plan basic/);
  });
});
