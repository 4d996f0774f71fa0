/** Reading and writing the ledger's storage: one read snapshot, one atomic batch per commit. */
import { storage } from 'wxt/utils/storage';
import type { AllTimeTotals, LedgerIndex, MonthTotals } from '../domain/ledger';
import { CodedError } from '../domain/errors';
import { emptyDay, isDayTurns, type DayTurns } from '../storage/day-turns';
import { allTimeTotalsItem, ledgerIndexItem, metaKeyOf, STORAGE_ITEMS, type Write } from '../storage/items';
import type { WorkerStorage } from '../storage/worker-storage';
import { sumMonths } from './totals';

/**
 * Writes every value (and its version meta) in ONE storage.local.set call.
 * Chrome's value store applies a set as one LevelDB write batch and Firefox's
 * as one IndexedDB transaction, so a commit should land whole or not at all;
 * the ledger does not depend on it (day totals are rebuilt from raw turns).
 */
export async function commit(writes: Write[]): Promise<void> {
  if (writes.length === 0) return;
  try {
    await storage.setItems(
      writes.flatMap((w) => [
        { key: w.key, value: w.value },
        { key: metaKeyOf(w.key), value: { v: w.version } },
      ]),
    );
  } catch (e) {
    throw new CodedError('STORAGE_FAILED', e instanceof Error ? e.message : String(e));
  }
}

/** The all-time sums as stored, or (first use) summed from every month of `index`. */
export async function readAllTime(storage: WorkerStorage, index: LedgerIndex): Promise<AllTimeTotals> {
  const stored = await allTimeTotalsItem.getValue();
  if (stored) return structuredClone(stored);
  return { groups: sumMonths(await Promise.all(index.months.map((m) => readMonth(storage, m)))) };
}

export async function readDay(storage: WorkerStorage, day: string): Promise<DayTurns> {
  const value = await storage.member(STORAGE_ITEMS.dayTurns, day).getValue();
  if (value === null) return emptyDay();
  if (!isDayTurns(value)) throw new CodedError('LEDGER_CORRUPT', `Stored turns of ${day} have an unknown shape.`);
  return value;
}

export async function readMonth(storage: WorkerStorage, month: string): Promise<MonthTotals> {
  return structuredClone(await storage.member(STORAGE_ITEMS.monthTotals, month).getValue());
}

export async function readIndex(): Promise<LedgerIndex> {
  return structuredClone(await ledgerIndexItem.getValue());
}

/** Removes whole day items (raw turns) with their version meta. */
export async function removeDays(days: string[]): Promise<void> {
  if (days.length === 0) return;
  await storage.removeItems(days.map((d) => ({ key: STORAGE_ITEMS.dayTurns.keyOf(d), options: { removeMeta: true } })));
}
