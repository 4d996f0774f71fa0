import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { migrateConversationV1toV2, migrateInboxV1toV2, migrateLedgerIndexV1toV2 } from '../../../src/storage/counted-turn-migrations';
import {
  decodeEntries,
  encodeEntries,
  isDayTurns,
  migrateDayTurnsV1toV2,
  migrateDayTurnsV2toV3,
  migrateDayTurnsV3toV4,
  migrateDayTurnsV4toV5,
  migrateDayTurnsV5toV6,
  type DayTurnsV1,
} from '../../../src/storage/day-turns';
import { dump, newLedger, resetBrowser, turn } from '../support/ledger';

/** Raw turns of one day as version 1 stored them: an array of entry objects, no `turns:...$` meta (WXT reads that as v1). */
const V1_DAY: DayTurnsV1 = [
  {
    turnId: 'old-1',
    time: Date.UTC(2026, 0, 5, 9, 0),
    site: 'chatgpt',
    conversationId: 'c1',
    modelKey: 'alpha-4o',
    promptTokens: 10,
    historyTokens: 0,
    answerTokens: 30,
    tokenizer: 'o200k',
    inputTokens: 10,
    outputTokens: 30,
    region: 'global-avg',
    energyKwh: 0.0000123,
    carbonG: 0.0058425,
    waterL: 0.00002214,
    stressLevel: 'moderate',
    computedBy: 'local',
    plan: 'local',
  },
  {
    turnId: 'old-2',
    time: Date.UTC(2026, 0, 5, 10, 0),
    site: 'claude',
    conversationId: 'c2',
    modelKey: 'beta-sonnet-5',
    promptTokens: 5,
    historyTokens: 40,
    answerTokens: 70,
    tokenizer: 'o200k',
    inputTokens: 45,
    outputTokens: 70,
    region: 'eu-france',
    energyKwh: 0.00004,
    carbonG: 0.0022,
    waterL: 0.00006,
    stressLevel: 'high',
    computedBy: 'remote',
    plan: 'pro',
  },
];

beforeEach(() => {
  resetBrowser();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function seedV1(meta: Record<string, unknown> | null) {
  await fakeBrowser.storage.local.set({
    'turns:2026-01-05': V1_DAY,
    ...(meta ? { 'turns:2026-01-05$': meta } : {}),
    ledger: { days: { '2026-01-05': { turns: 2, bytes: 900 } }, months: [], lastTurn: null },
  });
}

describe('raw turns v1 -> v2 -> v3 -> v4', () => {
  it('migrates a stored v1 day (no meta) to the compact shape when the day is first read', async () => {
    await seedV1(null);
    const exported = JSON.parse((await newLedger().exportLedger('json')).content);
    expect(exported.turns.map((t: { turnId: string }) => t.turnId)).toEqual(['old-1', 'old-2']);
    expect(exported.turns[1]).toMatchObject({ ...V1_DAY[1], localDay: '2026-01-05' });
    const stored = await dump();
    expect(isDayTurns(stored['turns:2026-01-05'])).toBe(true);
    expect(stored['turns:2026-01-05$']).toEqual({ v: 7 });
  });

  it('migrates a v1 day whose meta says v1 and keeps appending to it in the current shape', async () => {
    await seedV1({ v: 1 });
    const ledger = newLedger();
    await ledger.record(turn({ turnId: 'new-1', time: Date.UTC(2026, 0, 5, 11, 0) }));
    const stored = await dump();
    const day = stored['turns:2026-01-05'];
    if (!isDayTurns(day)) throw new Error('not the current shape');
    expect(decodeEntries(day).map((e) => e.turnId)).toEqual(['old-1', 'old-2', 'new-1']);
  });

  it('fills fields an early v1 entry lacked', () => {
    const partial = [{ turnId: 'p', time: 1, site: 'gemini', promptTokens: 3, historyTokens: 4, answerTokens: 5 }];
    const [e] = decodeEntries(migrateDayTurnsV5toV6(migrateDayTurnsV4toV5(migrateDayTurnsV3toV4(migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(partial))))));
    expect(e).toMatchObject({ inputTokens: 7, outputTokens: 5, region: 'global-avg', computedBy: 'local', plan: 'local', tokenizer: 'o200k' });
  });

  it('reports a day it cannot migrate as LEDGER_CORRUPT instead of misreading it', async () => {
    await fakeBrowser.storage.local.set({
      'turns:2026-01-05': { not: 'an array' },
      ledger: { days: { '2026-01-05': { turns: 1, bytes: 10 } }, months: [], lastTurn: null },
    });
    await expect(newLedger().exportLedger('csv')).rejects.toMatchObject({ code: 'LEDGER_CORRUPT' });
  });

  it('makes v2 about 2.5 times smaller than v1 for the same turns', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...V1_DAY[i % 2], turnId: `b1f6e2c4-0d3a-4e5f-9a8b-${String(i).padStart(12, '0')}` }));
    const v1 = JSON.stringify(many).length;
    const v2 = JSON.stringify(migrateDayTurnsV1toV2(many)).length;
    expect(v1 / v2).toBeGreaterThan(2);
  });
});

describe('raw turns v2 -> v3 (reasoning and output columns)', () => {
  it('migrates a stored v2 day: no reasoning, output tokens = answer tokens, numbers unchanged', async () => {
    const v2 = migrateDayTurnsV1toV2(V1_DAY);
    expect(v2.rows.every((r) => r.length === 16)).toBe(true);
    await fakeBrowser.storage.local.set({
      'turns:2026-01-05': v2,
      'turns:2026-01-05$': { v: 2 },
      ledger: { days: { '2026-01-05': { turns: 2, bytes: 900 } }, months: [], lastTurn: null },
    });
    const exported = JSON.parse((await newLedger().exportLedger('json')).content);
    expect(exported.turns[0]).toMatchObject({ ...V1_DAY[0], reasoningTokens: 0, estimatedReasoningTokens: 0 });
    expect(exported.turns[1]).toMatchObject({ ...V1_DAY[1], reasoningTokens: 0, estimatedReasoningTokens: 0 });
    const stored = await dump();
    expect(isDayTurns(stored['turns:2026-01-05'])).toBe(true);
    expect(stored['turns:2026-01-05$']).toEqual({ v: 7 });
  });

  it('refuses a v2 day of the wrong shape instead of misreading it', () => {
    expect(() => migrateDayTurnsV2toV3({ strings: [], rows: [[1, 2, 3]] })).toThrow(/16 fields/);
  });
});

describe('settings v1 -> v2', () => {
  it('adds the reasoning-estimate switch, on, and keeps every v1 setting', async () => {
    const v1 = { region: 'eu-france', countHistory: false, modelOverrides: { claude: 'beta-opus-5' }, remote: { enabled: false, baseUrl: '' } };
    await fakeBrowser.storage.local.set({ settings: v1 });
    // WXT migrates an item when it is defined: a fresh module defines it over the stored v1 value.
    vi.resetModules();
    const { settingsItem } = await import('../../../src/storage/items');
    // The item is at v5 now (test/unit/storage/settings-v5.test.ts): v2 to v5 run in turn.
    expect(await settingsItem.getValue()).toEqual({
      ...v1,
      estimateReasoning: true,
      pageLabels: {},
      budget: { weeklyKwh: null, notify: false },
      countExtras: { attachments: true, search: true, research: true, voice: true, video: true },
      plans: {},
    });
    expect((await dump())['settings$']).toEqual({ v: 6 });
  });
});

describe('turns recorded before they kept their tokenizer (o200k)', () => {
  it('migrates a stored v3 day to v4: the same counts, tokenizer o200k', async () => {
    const v3 = migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(V1_DAY));
    await fakeBrowser.storage.local.set({
      'turns:2026-01-05': v3,
      'turns:2026-01-05$': { v: 3 },
      ledger: { days: { '2026-01-05': { turns: 2, bytes: 900 } }, months: [], lastTurn: null },
      ledger$: { v: 1 },
    });
    const exported = JSON.parse((await newLedger().exportLedger('json')).content);
    expect(exported.turns[0]).toMatchObject({ ...V1_DAY[0], tokenizer: 'o200k' });
    expect(exported.turns[1]).toMatchObject({ ...V1_DAY[1], tokenizer: 'o200k' });
    const stored = await dump();
    expect(stored['turns:2026-01-05$']).toEqual({ v: 7 });
  });

  it('refuses a v3 day of the wrong shape instead of misreading it', () => {
    expect(() => migrateDayTurnsV3toV4({ strings: [], rows: [[1, 2, 3]] })).toThrow(/19 fields/);
  });

  it('gives journaled turns, conversations and the popup’s last turn tokenizer o200k, counts unchanged', () => {
    const { tokenizer: _, ...old } = V1_DAY[0];
    expect(migrateInboxV1toV2({ turns: [old] }).turns[0]).toEqual({ ...old, tokenizer: 'o200k' });
    const conversation = migrateConversationV1toV2({ historyTokens: 9, messages: { a: 9 }, turns: { t: old }, updatedAt: 1 });
    expect(conversation).toEqual({ historyTokens: 9, messages: { a: 9 }, turns: { t: { ...old, tokenizer: 'o200k' } }, updatedAt: 1, tokenizer: 'o200k' });
    expect(migrateConversationV1toV2(null)).toBeNull();
    expect(migrateLedgerIndexV1toV2({ days: {}, months: [], lastTurn: old }).lastTurn).toEqual({ ...old, tokenizer: 'o200k' });
  });
});

describe('raw turns v3 -> v4 (the custom rate column)', () => {
  it('migrates a stored v3 day: no custom rate, every number unchanged', async () => {
    const v3 = migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(V1_DAY));
    expect(v3.rows.every((r) => r.length === 19)).toBe(true);
    await fakeBrowser.storage.local.set({
      'turns:2026-01-05': v3,
      'turns:2026-01-05$': { v: 3 },
      ledger: { days: { '2026-01-05': { turns: 2, bytes: 900 } }, months: [], lastTurn: null },
      ledger$: { v: 1 },
    });
    const exported = JSON.parse((await newLedger().exportLedger('json')).content);
    expect(exported.turns[0]).toMatchObject(V1_DAY[0]);
    expect(exported.turns[0].customWhPer1k).toBeUndefined();
    const stored = await dump();
    expect(isDayTurns(stored['turns:2026-01-05'])).toBe(true);
    expect(stored['turns:2026-01-05$']).toEqual({ v: 7 });
  });

  it("keeps a custom turn's rate through encoding", () => {
    const [custom] = decodeEntries(
      migrateDayTurnsV5toV6(migrateDayTurnsV4toV5(migrateDayTurnsV3toV4(migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(V1_DAY.slice(0, 1)))))),
    );
    const [back] = decodeEntries(encodeEntries([{ ...custom, modelKey: 'custom', customWhPer1k: 2 }]));
    expect(back).toMatchObject({ modelKey: 'custom', customWhPer1k: 2, tokenizer: 'o200k' });
  });
});

describe('raw turns v4 -> v5 (what a turn read beyond its text)', () => {
  it('migrates a stored v4 day: no extras, every number unchanged', async () => {
    const v4 = migrateDayTurnsV3toV4(migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(V1_DAY)));
    expect(v4.rows.every((r) => r.length === 21)).toBe(true);
    await fakeBrowser.storage.local.set({
      'turns:2026-01-05': v4,
      'turns:2026-01-05$': { v: 4 },
      ledger: { days: { '2026-01-05': { turns: 2, bytes: 900 } }, months: [], lastTurn: null },
      ledger$: { v: 1 },
    });
    const exported = JSON.parse((await newLedger().exportLedger('json')).content);
    expect(exported.turns[0]).toMatchObject(V1_DAY[0]);
    expect(exported.turns[0].extras).toBeUndefined();
    const stored = await dump();
    expect(isDayTurns(stored['turns:2026-01-05'])).toBe(true);
    expect(stored['turns:2026-01-05$']).toEqual({ v: 7 });
  });

  it('refuses a v4 day of the wrong shape instead of misreading it', () => {
    expect(() => migrateDayTurnsV4toV5({ strings: [], rows: [[1, 2, 3]] })).toThrow(/21 fields/);
  });

  it("keeps a turn's extras, by name, through encoding", () => {
    const [plain] = decodeEntries(
      migrateDayTurnsV5toV6(migrateDayTurnsV4toV5(migrateDayTurnsV3toV4(migrateDayTurnsV2toV3(migrateDayTurnsV1toV2(V1_DAY.slice(0, 1)))))),
    );
    const extras = {
      attachments: { files: 2, tokens: 1_530, estimatedTokens: 765, historyTokens: 0, estimatedHistoryTokens: 0 },
      search: { searches: 3, tokens: 24_000, historyTokens: 0, rule: 'search-rule' },
    };
    const [back] = decodeEntries(encodeEntries([{ ...plain, extras }]));
    expect(back).toEqual({ ...plain, extras });
    expect(decodeEntries(encodeEntries([plain]))[0]).toEqual(plain);
  });
});
