/** Daily totals arithmetic: rows per "site|model" per day, and sums over ranges. */
import type { LedgerEntry, MonthTotals, Totals, TotalsRow } from '../domain/ledger';
import { answersIn } from '../domain/image-records';

export const groupKey = (site: string, modelKey: string) => `${site}|${modelKey}`;

/** A group's model: its key, and `@rate` after a custom key (turns of a custom model at different rates are different models). */
export const modelGroup = (e: Pick<LedgerEntry, 'modelKey' | 'customWhPer1k'>): string =>
  e.customWhPer1k === undefined ? e.modelKey : `${e.modelKey}@${e.customWhPer1k}`;

/** A group's model read back: the key and, for a custom key, its rate. */
export function parseModelGroup(group: string): { modelKey: string; customWhPer1k?: number } {
  const at = group.indexOf('@');
  return at < 0 ? { modelKey: group } : { modelKey: group.slice(0, at), customWhPer1k: Number(group.slice(at + 1)) };
}

export function splitGroupKey(key: string): { site: string; modelKey: string } {
  const i = key.indexOf('|');
  return { site: key.slice(0, i), modelKey: key.slice(i + 1) };
}

export function addEntryToRows(rows: Record<string, TotalsRow>, e: LedgerEntry): void {
  const k = groupKey(e.site, modelGroup(e));
  const r = rows[k] ?? [0, 0, 0, 0, 0, 0];
  // An images record adds energy, not an answer.
  rows[k] = [r[0] + answersIn(e), r[1] + e.inputTokens, r[2] + e.outputTokens, r[3] + e.energyKwh, r[4] + e.carbonG, r[5] + e.waterL];
}

export function rowsFromEntries(entries: readonly LedgerEntry[]): Record<string, TotalsRow> {
  const rows: Record<string, TotalsRow> = {};
  for (const e of entries) addEntryToRows(rows, e);
  return rows;
}

export const emptyTotals = (): Totals => ({ turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 });

export function addRow(t: Totals, r: TotalsRow): void {
  t.turns += r[0];
  t.inputTokens += r[1];
  t.outputTokens += r[2];
  t.energyKwh += r[3];
  t.carbonG += r[4];
  t.waterL += r[5];
}

/** Sums of every day of `months`, per "site|modelKey". */
export function sumMonths(months: Iterable<MonthTotals>): Record<string, TotalsRow> {
  const groups: Record<string, TotalsRow> = {};
  for (const month of months) for (const rows of Object.values(month.days)) applyDayChange(groups, {}, rows);
  return groups;
}

/** Updates all-time `groups` for one day whose rows changed from `before` to `after`. */
export function applyDayChange(groups: Record<string, TotalsRow>, before: Record<string, TotalsRow>, after: Record<string, TotalsRow>): void {
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[k] ?? [0, 0, 0, 0, 0, 0];
    const a = after[k] ?? [0, 0, 0, 0, 0, 0];
    const g = groups[k] ?? [0, 0, 0, 0, 0, 0];
    groups[k] = g.map((v, i) => v + a[i] - b[i]) as TotalsRow;
  }
}
