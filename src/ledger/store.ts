/** Reading and writing the ledger's storage: one read snapshot, one atomic batch per commit. */
import { storage } from 'wxt/utils/storage';
import { CodedError } from '../remote/errors';
import { DAY_TURNS_VERSION, dayTurnsItem, dayTurnsKey, emptyDay, isDayTurnsV2, type DayTurnsV2 } from '../storage/day-turns';
import { allTimeTotalsItem, ledgerIndexItem, metaKeyOf, monthTotalsItem, monthTotalsKey, type AllTimeTotals, type LedgerIndex, type MonthTotals } from '../storage/ledger-items';
import { sumMonths } from './totals';

export type StorageKey = `local:${string}`;
export interface Write {
  key: StorageKey;
  value: unknown;
  /** The item's schema version, written to its `key$` meta in the same batch. */
  version: number;
}

/**
 * Writes every value (and its version meta) in ONE storage.local.set call.
 * Chrome's value store applies a set as one LevelDB write batch and Firefox's
 * as one IndexedDB transaction, so a commit should land whole or not at all;
 * the ledger does not depend on it (day totals are rebuilt from raw turns).
 */
export async function commit(writes: Write[]): Promise<void> {
  if (writes.length === 0) return;
  try {
    await storage.setItems(writes.flatMap((w) => [{ key: w.key, value: w.value }, { key: metaKeyOf(w.key), value: { v: w.version } }]));
  } catch (e) {
    throw new CodedError('STORAGE_FAILED', e instanceof Error ? e.message : String(e));
  }
}

export const dayWrite = (day: string, value: DayTurnsV2): Write => ({ key: dayTurnsKey(day), value, version: DAY_TURNS_VERSION });
export const monthWrite = (month: string, value: MonthTotals): Write => ({ key: monthTotalsKey(month), value, version: 1 });
export const indexWrite = (value: LedgerIndex): Write => ({ key: ledgerIndexItem.key as StorageKey, value, version: 1 });
export const allTimeWrite = (value: AllTimeTotals): Write => ({ key: allTimeTotalsItem.key as StorageKey, value, version: 1 });

/** The all-time sums as stored, or (first use) summed from every month of `index`. */
export async function readAllTime(index: LedgerIndex): Promise<AllTimeTotals> {
  const stored = await allTimeTotalsItem.getValue();
  if (stored) return structuredClone(stored);
  return { groups: sumMonths(await Promise.all(index.months.map(readMonth))) };
}

export async function readDay(day: string): Promise<DayTurnsV2> {
  const value = await dayTurnsItem(day).getValue();
  if (value === null) return emptyDay();
  if (!isDayTurnsV2(value)) throw new CodedError('LEDGER_CORRUPT', `Stored turns of ${day} have an unknown shape.`);
  return value;
}

export async function readMonth(month: string): Promise<MonthTotals> {
  return structuredClone(await monthTotalsItem(month).getValue());
}

export async function readIndex(): Promise<LedgerIndex> {
  return structuredClone(await ledgerIndexItem.getValue());
}

/** Removes whole day items (raw turns) with their version meta. */
export async function removeDays(days: string[]): Promise<void> {
  if (days.length === 0) return;
  await storage.removeItems(days.map((d) => ({ key: dayTurnsKey(d), options: { removeMeta: true } })));
}
