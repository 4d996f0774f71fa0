import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { calculate } from '../../../src/core';
import { DEFAULT_SETTINGS } from '../../../src/domain';
import { PopupStateSchema, type LedgerEntry } from '../../../src/domain';
import { NOW, dump, newLedger, resetBrowser, turn, storeSettings } from '../support/ledger';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeEach(resetBrowser);

async function entries(ledger: ReturnType<typeof newLedger>) {
  const json = JSON.parse((await ledger.exportLedger('json')).content);
  return json.turns as Array<Record<string, unknown>>;
}

describe('recording a turn', () => {
  it('computes it with the core for its model and the region chosen at the time, with every field', async () => {
    await storeSettings({ ...DEFAULT_SETTINGS, region: 'eu-sweden' });
    const ledger = newLedger();
    const t = turn();
    await ledger.record(t);
    const expected = calculate({ model: 'alpha-4o', input_tokens: 1020, output_tokens: 450, region: 'eu-sweden' });
    if (!expected.ok) throw new Error('core failed');
    const [e] = await entries(ledger);
    expect(e).toMatchObject({
      turnId: t.turnId,
      time: t.time,
      site: 'chatgpt',
      conversationId: 'conv-a',
      modelKey: 'alpha-4o',
      promptTokens: 120,
      historyTokens: 900,
      answerTokens: 450,
      inputTokens: 1020,
      outputTokens: 450,
      region: 'eu-sweden',
      energyKwh: expected.value.energy_kwh,
      carbonG: expected.value.carbon_gco2e,
      waterL: expected.value.water.liters,
      stressLevel: expected.value.water.stress_level,
      computedBy: 'local',
      plan: 'local',
    });
  });

  it('keeps each stored turn in its own region when the region changes', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'before' }));
    await ledger.updateSettings({ region: 'eu-france' });
    await ledger.record(turn({ turnId: 'after' }));
    const byId = Object.fromEntries((await entries(ledger)).map((e) => [e.turnId, e.region]));
    expect(byId).toEqual({ before: 'global-avg', after: 'eu-france' });
  });

  it('applies the per-site model override and the history setting', async () => {
    const ledger = newLedger();
    await ledger.updateSettings({ modelOverride: { site: 'claude', modelKey: 'beta-opus-5' }, countHistory: false });
    await ledger.record(turn({ site: 'claude', modelKey: 'beta-sonnet-5', promptTokens: 10, historyTokens: 500, answerTokens: 20 }));
    const [e] = await entries(ledger);
    expect(e).toMatchObject({ modelKey: 'beta-opus-5', inputTokens: 10, outputTokens: 20 });
  });

  it('records a turn with no tokens as zero, with the region stress class', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ promptTokens: 0, historyTokens: 0, answerTokens: 0 }));
    const [e] = await entries(ledger);
    expect(e).toMatchObject({ energyKwh: 0, carbonG: 0, waterL: 0, stressLevel: 'moderate' });
  });

  it('rejects a turn whose model key is not in the table, with the core code, and forgets it', async () => {
    const ledger = newLedger();
    await expect(ledger.record(turn({ modelKey: 'no-such-model' }))).rejects.toMatchObject({ code: 'INVALID_MODEL' });
    expect((await dump())['ledger-inbox']).toEqual({ turns: [] });
  });

  it('rejects an unknown region in settings/update', async () => {
    await expect(newLedger().updateSettings({ region: 'mars' })).rejects.toMatchObject({ code: 'INVALID_REGION' });
  });
});

describe('idempotency and durability', () => {
  it('records a turn sent twice once', async () => {
    const ledger = newLedger();
    const t = turn();
    expect((await ledger.record(t)).recorded).toBe(true);
    // The second send is not recorded again; it brings back the record already there (for the page label).
    expect(await ledger.record(t)).toMatchObject({ recorded: false, reason: 'duplicate', entry: { turnId: t.turnId } });
    expect(await entries(ledger)).toHaveLength(1);
  });

  it('records a turn sent twice at the same moment once', async () => {
    const ledger = newLedger();
    const t = turn();
    await Promise.all([ledger.record(t), ledger.record(t), ledger.record({ ...t })]);
    expect(await entries(ledger)).toHaveLength(1);
    expect((await ledger.popupState()).totals.allTime.turns).toBe(1);
  });

  it('replays a turn journaled before the worker stopped, once, and ignores its resend', async () => {
    const t = turn();
    await newLedger().journal(t); // the worker stops here: journaled, not committed
    const restarted = newLedger();
    await restarted.start();
    expect(await restarted.drainInbox()).toBe(1);
    await restarted.record(t); // the content script never got an answer and sends again
    expect(await entries(restarted)).toHaveLength(1);
    expect((await restarted.popupState()).totals.allTime.turns).toBe(1);
    expect((await dump())['ledger-inbox']).toEqual({ turns: [] });
  });

  it('finds a resend that the sender re-stamped across midnight', async () => {
    const ledger = newLedger();
    const t = turn({ time: Date.UTC(2026, 10, 21, 23, 59, 59) });
    await ledger.record(t);
    await ledger.record({ ...t, time: t.time + 2000 });
    expect(await entries(ledger)).toHaveLength(1);
  });

  it('commits the raw turn, its daily and all-time totals, the index and the inbox removal in one storage write', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'warm-up' }));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await ledger.record(turn({ turnId: 'watched' }));
    const batches = set.mock.calls.map(([items]) =>
      Object.keys(items as object)
        .filter((k) => !k.endsWith('$'))
        .sort(),
    );
    expect(batches).toEqual([['ledger-inbox'], ['ledger', 'ledger-inbox', 'totals:2026-11', 'totals:all', 'turns:2026-11-22']]);
  });

  it('heals a commit that landed only in part: raw turn written, totals not', async () => {
    const t = turn();
    const ledger = newLedger();
    await ledger.record(t);
    // The totals write is lost, and the turn is still in the inbox (the inbox removal was lost too).
    await fakeBrowser.storage.local.set({ 'totals:2026-11': { days: {} }, 'ledger-inbox': { turns: [t] } });
    const restarted = newLedger();
    await restarted.start();
    await restarted.drainInbox();
    const state = await restarted.popupState();
    expect(state.totals.allTime.turns).toBe(1);
    expect(await entries(restarted)).toHaveLength(1);
  });

  it('heals a commit that landed only in part: totals written, raw turn not', async () => {
    const t = turn();
    const ledger = newLedger();
    await ledger.record(t);
    await fakeBrowser.storage.local.remove(['turns:2026-11-22']);
    await fakeBrowser.storage.local.set({ 'ledger-inbox': { turns: [t] } });
    const restarted = newLedger();
    await restarted.start();
    await restarted.drainInbox();
    expect((await restarted.popupState()).totals.allTime.turns).toBe(1);
    expect(await entries(restarted)).toHaveLength(1);
  });

  it('never loses turns recorded concurrently from many tabs', async () => {
    const ledger = newLedger();
    const turns = Array.from({ length: 40 }, (_, i) => turn({ turnId: `t${i}`, conversationId: `c${i % 3}` }));
    await Promise.all(turns.map((t) => ledger.record(t)));
    const recorded = (await entries(ledger)).map((e) => e.turnId).sort();
    expect(recorded).toEqual(turns.map((t) => t.turnId).sort());
    expect((await ledger.popupState()).totals.allTime.turns).toBe(40);
  });
});

describe('daily totals and the popup state', () => {
  it('sums today, 7 and 30 days and all time from daily totals, per site and per model', async () => {
    const ledger = newLedger();
    const spec = [
      { d: 0, site: 'chatgpt', model: 'alpha-4o' },
      { d: 0, site: 'claude', model: 'beta-sonnet-5' },
      { d: 3, site: 'chatgpt', model: 'alpha-4o' },
      { d: 20, site: 'gemini', model: 'gamma-3.5-flash' },
      { d: 200, site: 'chatgpt', model: 'alpha-4o-mini' },
    ] as const;
    const recorded: Array<(typeof spec)[number] & { e: LedgerEntry }> = [];
    for (const [i, s] of spec.entries()) {
      const out = await ledger.record(turn({ turnId: `d${i}`, time: NOW - s.d * DAY - HOUR + i * 1000, site: s.site, modelKey: s.model }));
      if (out.recorded) recorded.push({ ...s, e: out.entry });
    }
    const state = PopupStateSchema.parse(await ledger.popupState());
    const sum = (f: (x: (typeof recorded)[number]) => boolean) => recorded.filter(f).reduce((a, x) => a + x.e.energyKwh, 0);
    expect(state.totals.today.turns).toBe(2);
    expect(state.totals.today.energyKwh).toBeCloseTo(
      sum((x) => x.d === 0),
      12,
    );
    expect(state.totals.last7.turns).toBe(3);
    expect(state.totals.last30.energyKwh).toBeCloseTo(
      sum((x) => x.d <= 29),
      12,
    );
    expect(state.totals.allTime.turns).toBe(5);
    expect(state.totals.allTime.carbonG).toBeCloseTo(
      recorded.reduce((a, x) => a + x.e.carbonG, 0),
      9,
    );
    expect(state.daily).toHaveLength(30);
    expect(state.daily.at(-1)).toMatchObject({ day: '2026-11-22', turns: 2 });
    expect(state.daily.find((r) => r.day === '2026-11-19')?.turns).toBe(1);
    expect(state.bySite.find((s) => s.site === 'chatgpt')?.totals.turns).toBe(3);
    expect(state.byModel.map((m) => m.modelKey).sort()).toEqual(['alpha-4o', 'alpha-4o-mini', 'beta-sonnet-5', 'gamma-3.5-flash']);
    expect(state.lastTurn?.turnId).toBe('d1'); // the latest by time
    expect(state.remote.state).toBe('off');
  });

  it('keeps the all-time sums equal to the sum of every daily total, through recording and recompute', async () => {
    const ledger = newLedger();
    for (let i = 0; i < 12; i++) {
      await ledger.record(
        turn({ turnId: `m${i}`, time: NOW - i * 31 * DAY, site: i % 2 ? 'claude' : 'chatgpt', modelKey: i % 2 ? 'beta-opus-5' : 'alpha-4o' }),
      );
    }
    const sumOfMonths = async () => {
      const all = (await dump()) as Record<string, { days: Record<string, Record<string, number[]>> }>;
      const t = [0, 0, 0, 0, 0, 0];
      for (const [k, v] of Object.entries(all)) {
        if (!/^totals:\d{4}-\d{2}$/.test(k)) continue;
        for (const rows of Object.values(v.days)) for (const r of Object.values(rows)) r.forEach((x, j) => (t[j] += x));
      }
      return t;
    };
    const check = async () => {
      const [turns, , , energy, carbon, water] = await sumOfMonths();
      const { allTime } = (await ledger.popupState()).totals;
      expect(allTime.turns).toBe(turns);
      expect(allTime.energyKwh).toBeCloseTo(energy, 12);
      expect(allTime.carbonG).toBeCloseTo(carbon, 9);
      expect(allTime.waterL).toBeCloseTo(water, 12);
    };
    await check();
    expect((await ledger.popupState()).totals.allTime.turns).toBe(12);
    await ledger.updateSettings({ region: 'eu-sweden' });
    await ledger.recompute();
    await check();
    // Without the all-time item (stored before it existed), the popup sums every month instead.
    await fakeBrowser.storage.local.remove(['totals:all', 'totals:all$']);
    await check();
  });

  it('keys days by the local calendar day of the turn', async () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const ledger = newLedger({ now: () => Date.UTC(2026, 10, 22, 3, 0) }); // 22:00 on the 21st in New York
      await ledger.record(turn({ time: Date.UTC(2026, 10, 22, 2, 30) }));
      const state = await ledger.popupState();
      expect(state.daily.at(-1)).toMatchObject({ day: '2026-11-21', turns: 1 });
      expect(Object.keys(await dump())).toContain('turns:2026-11-21');
    } finally {
      process.env.TZ = tz;
    }
  });

  it('reports the badge energy in kWh after each turn of today', async () => {
    const seen: number[] = [];
    const ledger = newLedger({ onTodayChanged: (kwh) => void seen.push(kwh) });
    const a = await ledger.record(turn({ time: NOW - HOUR }));
    const b = await ledger.record(turn({ time: NOW - HOUR + 1 }));
    if (!a.recorded || !b.recorded) throw new Error('not recorded');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBeCloseTo(a.entry.energyKwh + b.entry.energyKwh, 12);
  });
});

describe('pruning', () => {
  it('drops the oldest raw turns over budget and keeps their days in the totals', async () => {
    const ledger = newLedger({ rawTurnsBudgetBytes: 1500 });
    for (let d = 10; d >= 0; d--) await ledger.record(turn({ turnId: `p${d}`, time: NOW - d * DAY - HOUR }));
    const stored = Object.keys(await dump()).filter((k) => k.startsWith('turns:') && !k.endsWith('$'));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.length).toBeLessThan(11);
    expect(stored).toContain('turns:2026-11-22');
    const state = await ledger.popupState();
    expect(state.totals.allTime.turns).toBe(11);
    expect(state.totals.last30.turns).toBe(11);
    expect(await entries(ledger)).toHaveLength(stored.length);
  });
});

describe('recompute', () => {
  it('recomputes stored turns and pruned days with the current region', async () => {
    const ledger = newLedger({ rawTurnsBudgetBytes: 900 });
    for (let d = 5; d >= 0; d--) await ledger.record(turn({ turnId: `r${d}`, time: NOW - d * DAY - HOUR }));
    const before = await ledger.popupState();
    await ledger.updateSettings({ region: 'eu-sweden' });
    const n = await ledger.recompute();
    const after = await ledger.popupState();
    const all = await entries(ledger);
    expect(n).toBe(all.length);
    expect(all.every((e) => e.region === 'eu-sweden' && e.computedBy === 'local')).toBe(true);
    expect(after.totals.allTime.turns).toBe(6);
    expect(after.totals.allTime.energyKwh).toBeCloseTo(before.totals.allTime.energyKwh, 12);
    // eu-sweden: its intensity and WUE from the region table
    const sweden = calculate({ model: 'alpha-4o', input_tokens: 1020, output_tokens: 450, region: 'eu-sweden' });
    if (!sweden.ok) throw new Error('core');
    expect(after.totals.allTime.carbonG).toBeCloseTo(6 * sweden.value.carbon_gco2e, 6);
    expect(after.lastTurn?.region).toBe('eu-sweden');
  });
  it('keeps each turn’s counts and tokenizer: a new region re-tokenizes nothing', async () => {
    const ledger = newLedger();
    await ledger.record(
      turn({ turnId: 'ds', site: 'deepseek', modelKey: 'delta-v3', tokenizer: 'deepseek-v3', promptTokens: 21, historyTokens: 34, answerTokens: 55 }),
    );
    await ledger.record(turn({ turnId: 'cl', site: 'claude', modelKey: 'beta-sonnet-5', promptTokens: 8, historyTokens: 0, answerTokens: 13 }));
    await ledger.updateSettings({ region: 'eu-sweden' });
    await ledger.recompute();
    const byId = new Map((await entries(ledger)).map((e) => [e.turnId, e]));
    expect(byId.get('ds')).toMatchObject({ region: 'eu-sweden', tokenizer: 'deepseek-v3', promptTokens: 21, historyTokens: 34, answerTokens: 55 });
    expect(byId.get('cl')).toMatchObject({ region: 'eu-sweden', tokenizer: 'o200k', promptTokens: 8, answerTokens: 13 });
    const csv = (await ledger.exportLedger('csv')).content;
    expect(csv).toContain(',deepseek-v3,exact,');
    expect(csv).toContain(',o200k,approximate (o200k),');
  });
});

describe('export and clear', () => {
  it('exports CSV with the documented header and one row per stored turn', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'x1', conversationId: '=cmd,"quoted"' }));
    await ledger.record(turn({ turnId: 'x2' }));
    const file = await ledger.exportLedger('csv');
    const lines = file.content.trim().split('\r\n');
    expect(file.mimeType).toBe('text/csv');
    expect(lines[0]).toBe(
      'turn_id,time_utc,local_day,site,conversation_id,model_key,custom_wh_per_1k,prompt_tokens,history_tokens,answer_tokens,reasoning_tokens,estimated_reasoning_tokens,attachment_files,attachment_tokens,attachment_estimated_tokens,attachment_history_tokens,searches,search_tokens,search_history_tokens,research_runs,research_tokens,research_high_tokens,voice_input_tokens,voice_output_tokens,videos,video_seconds,video_wh,input_tokens,output_tokens,tokenizer,token_count,region,energy_kwh,carbon_gco2e,water_liters,energy_kwh_low,energy_kwh_high,carbon_gco2e_low,carbon_gco2e_high,water_liters_low,water_liters_high,water_stress,computed_by,plan',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=cmd,""quoted"""`);
    const [e] = await entries(ledger);
    expect(lines[1].endsWith(`,${e.energyKwh},${e.carbonG},${e.waterL},,,,,,,moderate,local,local`)).toBe(true);
  });

  it('exports JSON with turns and daily totals', async () => {
    const ledger = newLedger();
    await ledger.record(turn());
    const json = JSON.parse((await ledger.exportLedger('json')).content);
    expect(json).toMatchObject({ format: 'ai-chat-footprint-ledger', version: 5 });
    expect(json.turns[0]).toMatchObject({ tokenizer: 'o200k', tokenCount: 'exact' });
    expect(json.turns).toHaveLength(1);
    expect(json.dailyTotals).toEqual([expect.objectContaining({ day: '2026-11-22', site: 'chatgpt', modelKey: 'alpha-4o', turns: 1 })]);
  });

  it('clears the ledger and conversation history counts but keeps settings', async () => {
    const ledger = newLedger();
    await ledger.updateSettings({ region: 'eu-france' });
    await ledger.record(turn());
    await fakeBrowser.storage.local.set({ 'conversation:chatgpt:conv-a': { historyTokens: 10, messages: {}, turns: {}, updatedAt: 1 } });
    await ledger.clear();
    const keys = Object.keys(await dump());
    expect(keys.filter((k) => /^(turns|totals|ledger|conversation)/.test(k))).toEqual([]);
    expect(keys).toContain('settings');
    const state = await ledger.popupState();
    expect(state.totals.allTime.turns).toBe(0);
    expect(state.lastTurn).toBeNull();
    expect(state.settings.region).toBe('eu-france');
  });
});
