/**
 * The popup's period figures over a real ledger (fake storage): the costliest chats, the change
 * against the period before and the what-if, each redone from the JSON export alone, as
 * docs/export-format.md says; and what pruned days leave out.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { countedHistoryTokens } from '../../../src/core/shares';
import { whatIf, type ComputedTurn } from '../../../src/core/what-if';
import { localDay } from '../../../src/storage/days';
import { costliestChats, periodChange } from '../../../src/ledger/period-figures';
import { readPeriodData } from '../../../src/ledger/read-period';
import { NOW, newLedger, resetBrowser, turn } from '../support/ledger';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TODAY = localDay(NOW);

interface ExportedTurn extends ComputedTurn {
  localDay: string;
  site: string;
  conversationId: string;
  turnId: string;
  historyTokens: number;
}
interface Exported {
  turns: ExportedTurn[];
  dailyTotals: Array<{ day: string; energyKwh: number; turns: number }>;
}

async function exported(ledger: ReturnType<typeof newLedger>): Promise<Exported> {
  return JSON.parse((await ledger.exportLedger('json')).content) as Exported;
}

const within = (days: number) => (d: string) => d > localDay(NOW - days * DAY) && d <= TODAY;

beforeEach(resetBrowser);

describe('the costliest chats', () => {
  it('lists chats by energy with their answers and history share, as summed from the export', async () => {
    const ledger = newLedger();
    // conv-a: three long turns; conv-b: one short; conv-c: two medium, one of them with images.
    await ledger.record(turn({ conversationId: 'conv-a', time: NOW - 2 * HOUR, historyTokens: 4000 }));
    await ledger.record(turn({ conversationId: 'conv-a', time: NOW - 2 * HOUR + 60_000, historyTokens: 5000 }));
    await ledger.record(turn({ conversationId: 'conv-a', time: NOW - DAY, historyTokens: 3000 }));
    await ledger.record(turn({ conversationId: 'conv-b', site: 'claude', modelKey: 'beta-sonnet-5', time: NOW - HOUR, historyTokens: 0 }));
    await ledger.record(turn({ conversationId: 'conv-c', time: NOW - 3 * HOUR, historyTokens: 800, images: 1 }));
    await ledger.record(turn({ conversationId: 'conv-c', time: NOW - 3 * HOUR + 1, historyTokens: 1500 }));

    const data = await readPeriodData({ kind: 'days', days: 7 }, TODAY);
    expect(data.chats.map((c) => c.conversationId)).toEqual(['conv-a', 'conv-c', 'conv-b']);
    expect(data.chats.map((c) => c.turns)).toEqual([3, 2, 1]);

    const file = await exported(ledger);
    for (const chat of data.chats) {
      const rows = file.turns.filter((r) => r.site === chat.site && r.conversationId === chat.conversationId && within(7)(r.localDay));
      expect(chat.energyKwh).toBeCloseTo(
        rows.reduce((s, r) => s + r.energyKwh, 0),
        12,
      );
      const input = rows.reduce((s, r) => s + r.inputTokens, 0);
      expect(chat.historyShare).toBeCloseTo(rows.reduce((s, r) => s + (r.inputTokens - r.promptTokens), 0) / input, 12);
    }
    expect(data.chats[1]!.historyShare).toBeGreaterThan(0);
    expect(data.chats[2]!.historyShare).toBe(0);

    const today = await readPeriodData({ kind: 'days', days: 1 }, TODAY);
    expect(today.chats.find((c) => c.conversationId === 'conv-a')!.turns).toBe(2);
  });

  it("does not count a turn's own search as history: a Perplexity answer with 15 sources re-reads 157 of its 8,217 tokens", async () => {
    const ledger = newLedger();
    await ledger.record(
      turn({
        site: 'perplexity',
        modelKey: 'epsilon-70b',
        conversationId: 'pplx',
        time: NOW - HOUR,
        promptTokens: 60,
        historyTokens: 157,
        extras: { search: { searches: 1, tokens: 8000, historyTokens: 0, rule: 'search-proxy-openai-block' } },
      }),
    );
    const data = await readPeriodData({ kind: 'days', days: 1 }, TODAY);
    const chat = data.chats.find((c) => c.conversationId === 'pplx')!;
    const [row] = (await exported(ledger)).turns;
    expect(row!.inputTokens).toBe(8217);
    expect(chat.historyShare).toBeCloseTo(157 / 8217, 12);
  });

  it('keeps five, costliest first', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ ...recorded(i), conversationId: `c${i}`, energyKwh: (i + 1) / 1000 }));
    expect(costliestChats(entries).map((c) => c.conversationId)).toEqual(['c6', 'c5', 'c4', 'c3', 'c2']);
  });

  it('leaves pruned days out and says how many answers that is', async () => {
    const ledger = newLedger({ rawTurnsBudgetBytes: 1500 });
    for (let d = 10; d >= 0; d--) await ledger.record(turn({ turnId: `p${d}`, conversationId: `conv-${d % 2}`, time: NOW - d * DAY - HOUR }));
    const data = await readPeriodData({ kind: 'days', days: 30 }, TODAY);
    expect(data.allAnswers).toBe(11);
    expect(data.storedAnswers).toBeLessThan(11);
    expect(data.storedAnswers).toBe((await exported(ledger)).turns.length);
    expect(data.chats.reduce((n, c) => n + c.turns, 0)).toBe(data.storedAnswers);
  });
});

describe('this period against the last', () => {
  it('compares the last 7 days with the 7 before, from the daily totals', async () => {
    const ledger = newLedger();
    for (const d of [0, 2, 6]) await ledger.record(turn({ time: NOW - d * DAY - HOUR, historyTokens: 2000 }));
    for (const d of [7, 13]) await ledger.record(turn({ time: NOW - d * DAY - HOUR }));
    await ledger.record(turn({ time: NOW - 14 * DAY - HOUR }));

    const data = await readPeriodData({ kind: 'days', days: 7 }, TODAY);
    const file = await exported(ledger);
    const sum = (from: number, to: number) =>
      file.dailyTotals.filter((r) => r.day > localDay(NOW - to * DAY) && r.day <= localDay(NOW - from * DAY)).reduce((s, r) => s + r.energyKwh, 0);
    expect(data.change!.energyKwh).toBeCloseTo(sum(0, 7), 12);
    expect(data.change!.beforeKwh).toBeCloseTo(sum(7, 14), 12);
    expect(data.change!.change).toBeCloseTo(sum(0, 7) / sum(7, 14) - 1, 9);
    expect(data.change!.change).toBeGreaterThan(0);
  });

  it('has no change with nothing before', () => {
    expect(periodChange([{ days: { [TODAY]: { 'chatgpt|alpha-4o': [1, 10, 10, 0.001, 0.4, 0.002] } } }], TODAY, 30).change).toBeNull();
  });
});

describe('what if, from the period’s stored turns', () => {
  it('prices the export’s tokens of the period with another model', async () => {
    const ledger = newLedger();
    for (let i = 0; i < 4; i++) await ledger.record(turn({ conversationId: `conv-${i % 2}`, time: NOW - i * HOUR }));
    const data = await readPeriodData({ kind: 'days', days: 7 }, TODAY);
    const w = whatIf(data.entries, { modelKey: 'gamma-3.5-flash-lite' });
    const file = await exported(ledger);
    // By hand from the export: gamma-3.5-flash-lite is 0.1 Wh per 1,000 weighted tokens.
    const byHand = file.turns.reduce((s, r) => s + (0.1 * (0.5 * r.inputTokens + 1.5 * r.outputTokens)) / 1e6, 0);
    expect(w.instead.energyKwh).toBeCloseTo(byHand, 9);
    expect(w.actual.energyKwh).toBeCloseTo(
      file.turns.reduce((s, r) => s + r.energyKwh, 0),
      12,
    );
    expect(file.turns.every((r) => countedHistoryTokens(r) === r.historyTokens)).toBe(true);
  });
});

function recorded(i: number) {
  return {
    turnId: `t${i}`,
    time: NOW,
    site: 'chatgpt' as const,
    conversationId: 'c',
    modelKey: 'alpha-4o',
    promptTokens: 10,
    historyTokens: 0,
    answerTokens: 10,
    tokenizer: 'o200k' as const,
    inputTokens: 10,
    outputTokens: 10,
    region: 'global-avg',
    energyKwh: 0,
    carbonG: 0,
    waterL: 0,
    stressLevel: 'moderate' as const,
    computedBy: 'local' as const,
    plan: 'local',
  };
}
