/**
 * The built extension's worker in Debian's Chromium: turns fed as the content
 * script sends them ('turn/completed', text tokenized in the worker), read
 * back through popup/state as the popup does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { calculate } from '../../src/core';
import siteModels from '../../data/site-models.json';
import type { LedgerEntry, PopupState } from '../../src/domain';
import { launchWithExtension, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION, openExtensionPage, stopServiceWorker, type ChromeGlobal, type ExtensionPage } from './support/extension-page';
import { badgeShowsWh } from './support/extension-api';

const PROMPT_1 = 'How much water does a data center use to cool one rack for an hour? Give a range and say where the numbers come from.';
const ANSWER_1 =
  'It depends on the cooling design. Evaporative cooling uses roughly 1 to 2 litres per kWh of IT load (the WUE), so a 10 kW rack uses about 10 to 20 litres an hour. Air-cooled sites in cold climates use far less.\n\nSources: operator sustainability reports and the LBNL 2016 data center study.';
const PROMPT_2 = 'And for a rack in Singapore, in July?';
const ANSWER_2 = 'Hotter and more humid air means more evaporation: expect the upper end, around 20 litres an hour for 10 kW, unless the site uses chillers.';

let ext: LaunchedExtension;
let page: ExtensionPage;

const turnMessage = (turnId: string, prompt: string, answer: string) => ({
  site: 'claude',
  conversationId: 'e2e-conversation-1',
  turnId,
  promptId: `${turnId}:p`,
  modelLabel: null,
  promptText: prompt,
  answerText: answer,
  finishedAt: Date.now(),
});

/** The running worker (a restart replaces it). */
const badgeText = () =>
  (ext.context.serviceWorkers().at(-1) ?? ext.worker).evaluate(() => (globalThis as unknown as ChromeGlobal).chrome.action.getBadgeText({}));

async function state(): Promise<PopupState> {
  const r = await page.send<PopupState>('popup/state', {});
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

function expectFootprint(e: LedgerEntry, region: string) {
  const want = calculate({ model: e.modelKey, input_tokens: e.inputTokens, output_tokens: e.outputTokens, region });
  if (!want.ok) throw new Error(want.error.message);
  expect(e.region).toBe(region);
  expect(e.energyKwh).toBe(want.value.energy_kwh);
  expect(e.carbonG).toBe(want.value.carbon_gco2e);
  expect(e.waterL).toBe(want.value.water.liters);
  expect(e.stressLevel).toBe(want.value.water.stress_level);
}

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  page = await openExtensionPage(ext.context, ext.extensionId);
});
afterAll(async () => {
  await ext?.close();
});

describe('the worker in Chromium', () => {
  it('records a turn with exact token counts and the core footprint, and shows it in popup/state', async () => {
    const sent = await page.send<{ turnId: string; footprint: Record<string, unknown> | null }>('turn/completed', turnMessage('e2e-t1', PROMPT_1, ANSWER_1));
    expect(sent).toMatchObject({ ok: true, value: { ok: true, turnId: 'e2e-t1' } });
    const s = await state();
    const last = s.lastTurn!;
    // The reply carries what the page label shows: the recorded figures.
    expect(sent.ok && sent.value.footprint).toMatchObject({
      energyKwh: last.energyKwh,
      carbonG: last.carbonG,
      waterL: last.waterL,
      inputTokens: last.inputTokens,
      outputTokens: last.outputTokens,
      // Formatted by the worker in the UI language, so the chat page builds no number formatter.
      texts: { summary: expect.stringMatching(/^≈\s.+ · ≈\s.+ · ≈\s.+$/) },
    });
    expect(last).toMatchObject({
      turnId: 'e2e-t1',
      site: 'claude',
      modelKey: siteModels.sites.claude.default,
      promptTokens: countTokens(PROMPT_1),
      historyTokens: 0,
      answerTokens: countTokens(ANSWER_1),
      inputTokens: countTokens(PROMPT_1),
      outputTokens: countTokens(ANSWER_1),
      computedBy: 'local',
      plan: 'local',
    });
    expectFootprint(last, 'global-avg');
    expect(s.totals.today).toMatchObject({ turns: 1, energyKwh: last.energyKwh });
    expect(s.daily.at(-1)).toMatchObject({ turns: 1 });
    expect(s.bySite).toEqual([{ site: 'claude', totals: expect.objectContaining({ turns: 1 }) }]);
  });

  it("counts the conversation's history as input on the next turn", async () => {
    await page.send('turn/completed', turnMessage('e2e-t2', PROMPT_2, ANSWER_2));
    const last = (await state()).lastTurn!;
    const history = countTokens(PROMPT_1) + countTokens(ANSWER_1);
    expect(last).toMatchObject({ turnId: 'e2e-t2', historyTokens: history, inputTokens: countTokens(PROMPT_2) + history, outputTokens: countTokens(ANSWER_2) });
    expectFootprint(last, 'global-avg');
  });

  it('records a turn sent again once', async () => {
    await page.send('turn/completed', turnMessage('e2e-t2', PROMPT_2, ANSWER_2));
    expect((await state()).totals.allTime.turns).toBe(2);
  });

  it("shows today's energy in Wh on the toolbar badge", async () => {
    const s = await state();
    await expect.poll(async () => badgeShowsWh(await badgeText(), s.totals.today.energyKwh * 1000)).toBe(true);
  });

  it('applies a new region to new turns only, and recomputes history on request', async () => {
    expect(await page.send('settings/update', { region: 'eu-sweden' })).toEqual({ ok: true, value: { ok: true } });
    await page.send('turn/completed', turnMessage('e2e-t3', 'Thanks!', 'You are welcome.'));
    const s = await state();
    expect(s.settings.region).toBe('eu-sweden');
    expectFootprint(s.lastTurn!, 'eu-sweden');
    const csv = await page.send<{ content: string }>('ledger/export', { format: 'csv' });
    if (!csv.ok) throw new Error(csv.error.message);
    const [header, ...rows] = csv.value.content.trim().split('\r\n');
    const regionColumn = header.split(',').indexOf('region');
    const regions = rows.map((l) => l.split(',')[regionColumn]);
    expect(regions).toEqual(['global-avg', 'global-avg', 'eu-sweden']);

    expect(await page.send('ledger/recompute', {})).toEqual({ ok: true, value: { ok: true, recomputed: 3 } });
    const json = await page.send<{ content: string }>('ledger/export', { format: 'json' });
    if (!json.ok) throw new Error(json.error.message);
    const turns = JSON.parse(json.value.content).turns as LedgerEntry[];
    expect(turns.map((t) => t.region)).toEqual(['eu-sweden', 'eu-sweden', 'eu-sweden']);
    for (const t of turns) expectFootprint(t, 'eu-sweden');
    const after = await state();
    expect(after.totals.allTime.carbonG).toBeCloseTo(
      turns.reduce((a, t) => a + t.carbonG, 0),
      9,
    );
  });

  it('replays a turn journaled before the worker was stopped, and keeps everything across the restart', async () => {
    const before = await state();
    // As if the worker had stopped between journaling a turn and committing it.
    const journaled = {
      turnId: 'e2e-journaled',
      time: Date.now(),
      site: 'gemini',
      conversationId: 'c-j',
      modelKey: 'gamma-3.5-flash',
      promptTokens: 12,
      historyTokens: 0,
      answerTokens: 34,
      tokenizer: 'gemma3',
    };
    await page.page.evaluate(
      (t) =>
        (globalThis as unknown as { chrome: { storage: { local: { set(v: object): Promise<void> } } } }).chrome.storage.local.set({
          'ledger-inbox': { turns: [t] },
        }),
      journaled,
    );
    await ext.worker.evaluate(() => void ((globalThis as { marker?: number }).marker = 1));
    await stopServiceWorker(ext.context, ext.extensionId);
    // The next message starts a new worker (no memory of the old one), which replays the inbox once.
    await expect.poll(async () => (await state()).totals.allTime.turns, { timeout: 15_000 }).toBe(before.totals.allTime.turns + 1);
    const worker = ext.context.serviceWorkers().at(-1)!;
    expect(await worker.evaluate(() => (globalThis as { marker?: number }).marker ?? null)).toBeNull();
    const after = await state();
    expect(after.lastTurn).toMatchObject({ turnId: 'e2e-journaled', site: 'gemini', inputTokens: 12, outputTokens: 34 });
    expect(after.totals.today.turns).toBe(before.totals.today.turns + 1);
    await page.send('turn/completed', turnMessage('e2e-t3', 'Thanks!', 'You are welcome.'));
    expect((await state()).totals.allTime.turns).toBe(before.totals.allTime.turns + 1);
  });

  it('prunes old conversations on a daily alarm that a restart of the worker does not move', async () => {
    type Alarms = { chrome: { alarms: { get(name: string): Promise<{ scheduledTime: number; periodInMinutes?: number } | undefined> } } };
    const pruneAlarm = () => page.page.evaluate(() => (globalThis as unknown as Alarms).chrome.alarms.get('prune-conversations'));
    await expect.poll(pruneAlarm).toMatchObject({ periodInMinutes: 24 * 60 });
    const before = (await pruneAlarm())!;
    await stopServiceWorker(ext.context, ext.extensionId);
    // The next message starts a new worker; its start-up (alarms included) follows the answer.
    await state();
    await page.page.waitForTimeout(1_000);
    expect(await pruneAlarm()).toEqual(before);
  });

  it('rejects a malformed message at the boundary with a code', async () => {
    const r = await page.send('settings/update', { region: 42 });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_MESSAGE' } });
  });

  it('deletes all data on ledger/clear', async () => {
    expect(await page.send('ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    const s = await state();
    expect(s.totals.allTime.turns).toBe(0);
    expect(s.lastTurn).toBeNull();
    await expect.poll(badgeText).toBe('0');
  });
});
