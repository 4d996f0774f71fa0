/**
 * A year of heavy use (100 turns a day by default) as the ledger stores it:
 * the storage.local contents (key -> value), ready for
 * `chrome.storage.local.set(values)` from an extension page (benchmarks) or
 * the fake browser (bench/ledger-year.bench.ts). Numbers come from the shared core.
 */
import { randomUUID } from 'node:crypto';
import { calculate } from '../../../src/core';
import type { LedgerEntry } from '../../../src/domain';
import { rowsFromEntries } from '../../../src/ledger/totals';
import { encodeEntries } from '../../../src/storage/day-turns';
import { addDays, localDay, monthOf } from '../../../src/storage/days';
import type { LedgerIndex, MonthTotals } from '../../../src/domain';
import { STORAGE_ITEMS } from '../../../src/storage/items';

const MIX = [
  ['chatgpt', 'alpha-5.5'],
  ['chatgpt', 'alpha-4o-mini'],
  ['claude', 'beta-sonnet-5'],
  ['gemini', 'gamma-3.5-flash'],
] as const;

function dayEntries(day: string, turnsPerDay: number, seed: number): LedgerEntry[] {
  const [y, m, d] = day.split('-').map(Number);
  const base = new Date(y, m - 1, d, 8, 0).getTime();
  const conversations = Array.from({ length: 10 }, () => randomUUID());
  const history = new Map<string, number>();
  return Array.from({ length: turnsPerDay }, (_, i) => {
    const [site, model] = MIX[(i + seed) % MIX.length];
    const conv = conversations[i % conversations.length];
    const prompt = 40 + ((i * 37 + seed) % 460);
    const answer = 200 + ((i * 53 + seed) % 1300);
    const hist = history.get(conv) ?? 0;
    history.set(conv, hist + prompt + answer);
    const r = calculate({ model, input_tokens: prompt + hist, output_tokens: answer, region: 'eu-germany' });
    if (!r.ok) throw new Error(r.error.message);
    return {
      turnId: randomUUID(),
      time: base + i * Math.floor(50_400_000 / turnsPerDay),
      site,
      conversationId: conv,
      modelKey: model,
      promptTokens: prompt,
      historyTokens: hist,
      answerTokens: answer,
      tokenizer: 'o200k' as const,
      inputTokens: prompt + hist,
      outputTokens: answer,
      region: 'eu-germany',
      energyKwh: r.value.energy_kwh,
      carbonG: r.value.carbon_gco2e,
      waterL: r.value.water.liters,
      stressLevel: r.value.water.stress_level,
      computedBy: 'local',
      plan: 'local',
    };
  });
}

export interface YearFixture {
  /** storage.local contents: raw turn days, monthly totals and the index, each with its `$` version meta (the items' current versions). */
  values: Record<string, unknown>;
  turns: number;
  /** What the same turns would take as version 1 objects. */
  v1Bytes: number;
}

export function yearOfHeavyUse(opts: { now?: number; days?: number; turnsPerDay?: number } = {}): YearFixture {
  const { now = Date.now(), days = 365, turnsPerDay = 100 } = opts;
  const today = localDay(now);
  const values: Record<string, unknown> = {};
  const months: Record<string, MonthTotals> = {};
  const index: LedgerIndex = { days: {}, months: [], lastTurn: null };
  let v1Bytes = 0;
  for (let i = days - 1; i >= 0; i--) {
    const day = addDays(today, -i);
    const entries = dayEntries(day, turnsPerDay, i);
    const encoded = encodeEntries(entries);
    v1Bytes += JSON.stringify(entries).length;
    values[`turns:${day}`] = encoded;
    values[`turns:${day}$`] = { v: STORAGE_ITEMS.dayTurns.version };
    (months[monthOf(day)] ??= { days: {} }).days[day] = rowsFromEntries(entries);
    index.days[day] = { turns: entries.length, bytes: JSON.stringify(encoded).length };
    index.lastTurn = entries.at(-1)!;
  }
  for (const [m, v] of Object.entries(months)) {
    values[`totals:${m}`] = v;
    values[`totals:${m}$`] = { v: STORAGE_ITEMS.monthTotals.version };
  }
  index.months = Object.keys(months).sort();
  values.ledger = index;
  values['ledger$'] = { v: STORAGE_ITEMS.ledgerIndex.version };
  return { values, turns: days * turnsPerDay, v1Bytes };
}
