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

export const emptyTotals = (): Totals => ({ turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 });

/*
 * A stored row is a tuple (TotalsRow), not a record: the monthly items hold one row per group and
 * day, and field names would nearly double them in storage.local and in the popup's first read.
 * The positions live only in the next two functions; everything else reads and writes rows
 * through them, so the stored order changes in one place (with a storage migration).
 */

/** A stored row's sums, by name. */
export const rowTotals = (r: TotalsRow): Totals => ({ turns: r[0], inputTokens: r[1], outputTokens: r[2], energyKwh: r[3], carbonG: r[4], waterL: r[5] });

/** Sums as a stored row. */
export const toRow = (t: Totals): TotalsRow => [t.turns, t.inputTokens, t.outputTokens, t.energyKwh, t.carbonG, t.waterL];

export const rowTurns = (r: TotalsRow): number => rowTotals(r).turns;
export const rowEnergyKwh = (r: TotalsRow): number => rowTotals(r).energyKwh;

function addEntryToRows(rows: Record<string, TotalsRow>, e: LedgerEntry): void {
  const k = groupKey(e.site, modelGroup(e));
  const t = rows[k] ? rowTotals(rows[k]) : emptyTotals();
  // An images record adds energy, not an answer.
  t.turns += answersIn(e);
  t.inputTokens += e.inputTokens;
  t.outputTokens += e.outputTokens;
  t.energyKwh += e.energyKwh;
  t.carbonG += e.carbonG;
  t.waterL += e.waterL;
  rows[k] = toRow(t);
}

export function rowsFromEntries(entries: readonly LedgerEntry[]): Record<string, TotalsRow> {
  const rows: Record<string, TotalsRow> = {};
  for (const e of entries) addEntryToRows(rows, e);
  return rows;
}

/** Adds `add` into `t`, times `sign` (-1 takes it away). */
function addTotals(t: Totals, add: Totals, sign = 1): void {
  t.turns += sign * add.turns;
  t.inputTokens += sign * add.inputTokens;
  t.outputTokens += sign * add.outputTokens;
  t.energyKwh += sign * add.energyKwh;
  t.carbonG += sign * add.carbonG;
  t.waterL += sign * add.waterL;
}

export function addRow(t: Totals, r: TotalsRow): void {
  addTotals(t, rowTotals(r));
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
    const g = groups[k] ? rowTotals(groups[k]) : emptyTotals();
    if (after[k]) addTotals(g, rowTotals(after[k]));
    if (before[k]) addTotals(g, rowTotals(before[k]), -1);
    groups[k] = toRow(g);
  }
}
