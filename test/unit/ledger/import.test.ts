import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportAnswer } from '../../../src/domain/import';
import { IMPORT_LIMITS } from '../../../src/domain/import-limits';
import { DEFAULT_SETTINGS } from '../../../src/domain';
import { readLedgerFile } from '../../../src/ledger/read-ledger-file';
import { NOW, dump, newLedger, resetBrowser, turn, storeSettings } from '../support/ledger';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeEach(resetBrowser);

type Ledger = ReturnType<typeof newLedger>;
type FileJson = { format: string; version: number; exportedAt: string; turns: Array<Record<string, unknown>>; dailyTotals: Array<Record<string, unknown>> };

const exported = async (ledger: Ledger): Promise<FileJson> => JSON.parse((await ledger.exportLedger('json')).content) as FileJson;
/** The export without its time stamp: what a round trip must give back. */
const ledgerOf = async (ledger: Ledger) => {
  const { turns, dailyTotals } = await exported(ledger);
  return { turns, dailyTotals };
};

/** A ledger of `days` days ending today, two answers a day on two sites, one with images and reasoning. */
async function filled(ledger: Ledger, days: number, prefix = 't'): Promise<void> {
  await storeSettings({ ...DEFAULT_SETTINGS, region: 'eu-germany' });
  for (let d = days - 1; d >= 0; d--) {
    await ledger.record(turn({ turnId: `${prefix}${d}a`, time: NOW - d * DAY - 3 * HOUR }));
    await ledger.record(
      turn({
        turnId: `${prefix}${d}b`,
        time: NOW - d * DAY - 2 * HOUR,
        site: 'deepseek',
        modelKey: 'delta-v3',
        tokenizer: 'deepseek-v3',
        reasoningTokens: 40,
        estimatedReasoningTokens: d % 2 ? 90 : undefined,
        images: d === 0 ? 2 : undefined,
      }),
    );
  }
}

async function importText(ledger: Ledger, text: string): Promise<ImportAnswer> {
  const preview = await ledger.importLedger(text, false);
  if (preview.status === 'refused') return preview;
  return ledger.importLedger(text, true);
}

describe('import: round trip and merge', () => {
  it('export, delete all, import, export gives the same turns and daily totals', async () => {
    const ledger = newLedger();
    await filled(ledger, 4);
    const before = await ledgerOf(ledger);
    const file = (await ledger.exportLedger('json')).content;
    const stateBefore = await ledger.popupState();
    await ledger.clear();
    expect((await ledgerOf(ledger)).turns).toEqual([]);

    const preview = await ledger.importLedger(file, false);
    expect(preview).toEqual({
      status: 'preview',
      summary: { turns: 8, firstDay: '2026-11-19', lastDay: '2026-11-22', alreadyHere: 0, totalsDays: 0, leftOut: 0 },
    });
    // A preview writes nothing.
    expect((await ledgerOf(ledger)).turns).toEqual([]);
    expect(await ledger.importLedger(file, true)).toEqual({ ...preview, status: 'imported' });

    expect(await ledgerOf(ledger)).toEqual(before);
    const state = await ledger.popupState();
    expect(state.totals).toEqual(stateBefore.totals);
    expect(state.lastTurn).toEqual(stateBefore.lastTurn);
    expect(state.lastImages).toEqual(stateBefore.lastImages);
  });

  it('importing the same file twice changes nothing the second time', async () => {
    const ledger = newLedger();
    await filled(ledger, 3);
    const file = (await ledger.exportLedger('json')).content;
    await ledger.clear();
    await importText(ledger, file);
    const once = await dump();
    expect(await importText(ledger, file)).toEqual({
      status: 'imported',
      summary: { turns: 0, firstDay: null, lastDay: null, alreadyHere: 6, totalsDays: 0, leftOut: 0 },
    });
    expect(await dump()).toEqual(once);
  });

  it('merges by turnId into a ledger that has turns of its own, and the day totals follow the turns', async () => {
    const other = newLedger();
    await filled(other, 2, 'x');
    const file = (await other.exportLedger('json')).content;
    await other.clear();
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'mine', time: NOW - HOUR }));
    // One turn of the file is already here.
    await ledger.record(turn({ turnId: 'x0a', time: NOW - 3 * HOUR }));
    const answer = await importText(ledger, file);
    expect(answer).toMatchObject({ status: 'imported', summary: { turns: 3, alreadyHere: 1 } });
    const { turns, dailyTotals } = await ledgerOf(ledger);
    expect(turns.map((t) => t.turnId).sort()).toEqual(['mine', 'x0a', 'x0b', 'x0b:images', 'x1a', 'x1b'].sort());
    const today = dailyTotals.filter((r) => r.day === '2026-11-22');
    const sum = (k: string) => turns.filter((t) => t.localDay === '2026-11-22').reduce((s, t) => s + (t[k] as number), 0);
    expect(today.reduce((s, r) => s + (r.energyKwh as number), 0)).toBeCloseTo(sum('energyKwh'), 15);
    expect(today.reduce((s, r) => s + (r.turns as number), 0)).toBe(3);
  });

  it('keeps region, model, tokenizer and figures as recorded: nothing is recomputed', async () => {
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'kept', time: NOW - HOUR }));
    const file = await exported(ledger);
    await ledger.clear();
    await ledger.updateSettings({ region: 'eu-sweden' });
    const t = file.turns[0]!;
    // Figures no current table would give: kept as they are.
    const kept = {
      region: 'us-west-oregon',
      modelKey: 'alpha-4',
      tokenizer: 'llama3',
      energyKwh: 0.123,
      carbonG: 45.6,
      waterL: 0.789,
      computedBy: 'remote',
      plan: 'pro',
    } as const;
    Object.assign(t, kept);
    file.dailyTotals = [];
    await importText(ledger, JSON.stringify(file));
    const [back] = (await exported(ledger)).turns;
    expect(back).toMatchObject(kept);
  });

  it('brings back the daily totals of days whose turns were pruned, as they were', async () => {
    const ledger = newLedger({ rawTurnsBudgetBytes: 1500 });
    await filled(ledger, 8);
    const before = await ledgerOf(ledger);
    const prunedDays = new Set(before.dailyTotals.map((r) => r.day as string));
    for (const t of before.turns) prunedDays.delete(t.localDay as string);
    expect(prunedDays.size).toBeGreaterThan(0);
    const file = (await ledger.exportLedger('json')).content;
    const allTime = (await ledger.popupState()).totals.allTime;
    await ledger.clear();
    const answer = await importText(ledger, file);
    expect(answer).toMatchObject({ status: 'imported', summary: { totalsDays: prunedDays.size } });
    expect(await ledgerOf(ledger)).toEqual(before);
    const after = (await ledger.popupState()).totals.allTime;
    expect(after.turns).toBe(allTime.turns);
    expect(after.energyKwh).toBeCloseTo(allTime.energyKwh, 15);
  });

  it('leaves out turns of days this ledger keeps only as totals, and keeps days it already has', async () => {
    const full = newLedger();
    await filled(full, 6);
    const file = (await full.exportLedger('json')).content;
    await full.clear();
    const small = newLedger({ rawTurnsBudgetBytes: 1500 });
    await filled(small, 6);
    const before = await ledgerOf(small);
    const answer = await importText(small, file);
    if (answer.status !== 'imported') throw new Error(answer.status);
    expect(answer.summary.turns).toBe(0);
    expect(answer.summary.leftOut + answer.summary.alreadyHere).toBe(12);
    expect(answer.summary.leftOut).toBeGreaterThan(0);
    expect(await ledgerOf(small)).toEqual(before);
  });

  it('reads version 1 and 2 files: no reasoning read as 0, no tokenizer read as o200k', async () => {
    const ledger = newLedger();
    const base = await (async () => {
      await ledger.record(turn({ turnId: 'old', time: NOW - HOUR }));
      const f = await exported(ledger);
      await ledger.clear();
      return f;
    })();
    const t = base.turns[0]!;
    for (const k of ['reasoningTokens', 'estimatedReasoningTokens', 'tokenizer', 'tokenCount', 'parts']) delete t[k];
    await importText(ledger, JSON.stringify({ ...base, version: 1 }));
    const [back] = (await exported(ledger)).turns;
    expect(back).toMatchObject({ turnId: 'old', tokenizer: 'o200k', reasoningTokens: 0, estimatedReasoningTokens: 0 });
    await ledger.clear();
    expect(await importText(ledger, JSON.stringify({ ...base, version: 2 }))).toMatchObject({ status: 'imported', summary: { turns: 1 } });
  });

  it("keeps a turn's extras through export and import (version 4); a version 3 file cannot carry them", async () => {
    const ledger = newLedger();
    const extras = { attachments: { files: 1, tokens: 765, estimatedTokens: 0, historyTokens: 0, estimatedHistoryTokens: 0 } };
    await ledger.record(turn({ turnId: 'with-file', time: NOW - HOUR, extras }));
    const file = await exported(ledger);
    expect(file.turns[0]).toMatchObject({ turnId: 'with-file', extras });
    await ledger.clear();
    expect(await importText(ledger, JSON.stringify({ ...file, version: 3 }))).toMatchObject({ status: 'refused' });
    expect(await importText(ledger, JSON.stringify(file))).toMatchObject({ status: 'imported', summary: { turns: 1 } });
    expect((await exported(ledger)).turns[0]).toMatchObject({ turnId: 'with-file', extras });
  });
});

describe('import: a bad file changes nothing and says why', () => {
  let good: FileJson;
  let ledger: Ledger;
  beforeEach(async () => {
    ledger = newLedger();
    await filled(ledger, 2);
    good = await exported(ledger);
    await ledger.clear();
    await ledger.record(turn({ turnId: 'here-before', time: NOW - HOUR }));
  });

  const withTurn = (patch: Record<string, unknown>) => {
    const f = structuredClone(good);
    Object.assign(f.turns[1]!, patch);
    return JSON.stringify(f);
  };
  const withTotals = (patch: Record<string, unknown>) => {
    const f = structuredClone(good);
    f.turns = [];
    Object.assign(f.dailyTotals[0]!, patch);
    return JSON.stringify(f);
  };

  const cases: Array<[string, () => string, { code: string; at: string | null; limit?: number | null }]> = [
    ['not JSON', () => '{"format": "ai-chat-footprint-ledger", ', { code: 'not-json', at: null }],
    ['a CSV export', () => 'turn_id,time_utc\r\nx,2026-11-22T00:00:00Z\r\n', { code: 'not-json', at: null }],
    ['JSON of another format', () => JSON.stringify({ format: 'something-else', version: 1, turns: [] }), { code: 'not-ledger', at: null }],
    ['no version', () => JSON.stringify({ ...good, version: undefined }), { code: 'not-ledger', at: null }],
    ['a newer version', () => JSON.stringify({ ...good, version: 6 }), { code: 'newer-version', at: 'version', limit: 5 }],
    ['a number as text', () => withTurn({ promptTokens: '120' }), { code: 'wrong-type', at: 'turns[1].promptTokens' }],
    ['a fraction of a token', () => withTurn({ answerTokens: 1.5 }), { code: 'wrong-type', at: 'turns[1].answerTokens' }],
    ['turns not a list', () => JSON.stringify({ ...good, turns: {} }), { code: 'wrong-type', at: 'turns' }],
    ['a missing field', () => withTurn({ energyKwh: undefined }), { code: 'wrong-type', at: 'turns[1].energyKwh' }],
    ['negative energy', () => withTurn({ energyKwh: -0.001 }), { code: 'negative', at: 'turns[1].energyKwh' }],
    ['a negative time', () => withTurn({ time: -5 }), { code: 'negative', at: 'turns[1].time' }],
    ['negative daily totals', () => withTotals({ waterL: -1 }), { code: 'negative', at: 'dailyTotals[0].waterL' }],
    ['an unknown site', () => withTurn({ site: 'myspace' }), { code: 'unknown-site', at: 'turns[1].site' }],
    ['an unknown site in the totals', () => withTotals({ site: 'myspace' }), { code: 'unknown-site', at: 'dailyTotals[0].site' }],
    ['an unknown model key', () => withTurn({ modelKey: 'alpha-99' }), { code: 'unknown-model', at: 'turns[1].modelKey' }],
    ['an unknown model key in the totals', () => withTotals({ modelKey: 'alpha-99' }), { code: 'unknown-model', at: 'dailyTotals[0].modelKey' }],
    ['an unknown region', () => withTurn({ region: 'mars' }), { code: 'unknown-region', at: 'turns[1].region' }],
    ['a __proto__ turn id', () => withTurn({ turnId: '__proto__' }), { code: 'unsafe-id', at: 'turns[1].turnId' }],
    ['a constructor turn id', () => withTurn({ turnId: 'constructor' }), { code: 'unsafe-id', at: 'turns[1].turnId' }],
    ['a __proto__ conversation id', () => withTurn({ conversationId: '__proto__' }), { code: 'unsafe-id', at: 'turns[1].conversationId' }],
    ['a __proto__ day', () => withTotals({ day: '__proto__' }), { code: 'bad-day', at: 'dailyTotals[0].day' }],
    ['a day that does not exist', () => withTurn({ localDay: '2026-02-30' }), { code: 'bad-day', at: 'turns[1].localDay' }],
    ['a turn twice', () => withTurn({ turnId: good.turns[0]!.turnId }), { code: 'duplicate', at: 'turns[1].turnId' }],
  ];

  it.each(cases)('refuses %s', async (_name, text, refusal) => {
    const before = await dump();
    const answer = await ledger.importLedger(text(), true);
    expect(answer).toEqual({ status: 'refused', refusal: { limit: null, ...refusal } });
    expect(await dump()).toEqual(before);
  });

  it('refuses a bad turn at the end of a file of good ones: nothing of the file is written', async () => {
    const f = structuredClone(good);
    f.turns[f.turns.length - 1]!.carbonG = -1;
    const before = await dump();
    expect(await ledger.importLedger(JSON.stringify(f), true)).toMatchObject({ status: 'refused', refusal: { code: 'negative' } });
    expect(await dump()).toEqual(before);
  });

  it('a __proto__ key in the file reaches no prototype', async () => {
    const text = JSON.stringify(good).replace('"turnId":', '"__proto__":{"polluted":true},"turnId":');
    expect(await importText(ledger, text)).toMatchObject({ status: 'imported' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await exported(ledger)).turns.every((t) => !('polluted' in t))).toBe(true);
  });

  it('refuses a file over the size limit before parsing it, and more turns than the limit', () => {
    expect(readLedgerFile(' '.repeat(IMPORT_LIMITS.fileBytes + 1))).toEqual({
      ok: false,
      refusal: { code: 'too-large', at: null, limit: IMPORT_LIMITS.fileBytes },
    });
    // Without its parts (a record may leave them out): the smallest turn, so that the file stays under the size limit.
    const { parts: _parts, ...t } = good.turns[0]!;
    const many = { ...good, turns: Array.from({ length: IMPORT_LIMITS.turns + 1 }, (_, i) => ({ ...t, turnId: `m${i}` })) };
    const text = JSON.stringify(many);
    expect(text.length).toBeLessThan(IMPORT_LIMITS.fileBytes);
    expect(readLedgerFile(text)).toEqual({ ok: false, refusal: { code: 'too-large', at: 'turns', limit: IMPORT_LIMITS.turns } });
    // Builds and parses a 34 MB file: more time than the default on a busy machine.
  }, 60_000);
});
