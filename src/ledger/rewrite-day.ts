/**
 * The one way the ledger's stored days change. A day is rewritten with its new
 * list of entries, and everything derived from them follows in the same
 * commit: the day's encoded turns, its daily totals (rebuilt from the turns,
 * never incremented, so they cannot drift), the all-time sums, and the index
 * (the day's size, the month list, the last turn). Recording, retries and
 * recompute all go through here.
 */
import type { AllTimeTotals, LedgerEntry, LedgerIndex, MonthTotals, TotalsRow } from '../domain/ledger';
import { encodeEntries, type DayTurns } from '../storage/day-turns';
import { monthOf } from '../storage/days';
import { STORAGE_ITEMS, type Write } from '../storage/items';
import { answersIn, imagesTurnId } from '../domain/image-records';
import type { WorkerStorage } from '../storage/worker-storage';
import { readAllTime, readIndex, readMonth } from './store';
import { applyDayChange, rowsFromEntries, sumMonths } from './totals';

export interface LedgerChanges {
  /** The index as it will be written (read once, then changed in place). */
  readonly index: LedgerIndex;
  /** A month's daily totals, read once and then changed in place; every month read is written. */
  month(month: string): Promise<MonthTotals>;
  /** Replaces the day's raw turns (sorted by time) and updates what derives from them. `added`: a newly recorded turn. */
  rewriteDay(day: string, entries: LedgerEntry[], added?: LedgerEntry): Promise<void>;
  /** Replaces the totals of a day whose raw turns were pruned. */
  setPrunedDayTotals(day: string, rows: Record<string, TotalsRow>): Promise<void>;
  /** Sums the all-time totals again from the months (after every month was read). */
  resumAllTime(): void;
  writes(): Write[];
}

export async function beginLedgerChanges(storage: WorkerStorage): Promise<LedgerChanges> {
  const index = await readIndex();
  const months = new Map<string, MonthTotals>();
  const days = new Map<string, DayTurns>();
  let allTime: AllTimeTotals | null = null;

  async function month(m: string): Promise<MonthTotals> {
    let totals = months.get(m);
    if (!totals) {
      totals = await readMonth(storage, m);
      months.set(m, totals);
    }
    return totals;
  }

  async function setDayRows(day: string, rows: Record<string, TotalsRow>): Promise<void> {
    // Read before the month list changes: a first all-time sum covers the months stored so far.
    allTime ??= await readAllTime(storage, index);
    const totals = await month(monthOf(day));
    applyDayChange(allTime.groups, totals.days[day] ?? {}, rows);
    totals.days[day] = rows;
    if (!index.months.includes(monthOf(day))) index.months = [...index.months, monthOf(day)].sort();
  }

  return {
    index,
    month,
    async rewriteDay(day, entries, added) {
      const encoded = encodeEntries(entries);
      days.set(day, encoded);
      await setDayRows(day, rowsFromEntries(entries));
      index.days[day] = { turns: entries.length, bytes: JSON.stringify(encoded).length };
      const byId = (id: string | undefined) => (id === undefined ? undefined : entries.find((e) => e.turnId === id));
      const imagesOfLast = () => (index.lastTurn ? byId(imagesTurnId(index.lastTurn.turnId)) : undefined);
      // The last turn and its images record, as rewritten; an images or video record is never the last turn itself.
      index.lastTurn = byId(index.lastTurn?.turnId) ?? index.lastTurn;
      index.lastImages = imagesOfLast() ?? index.lastImages ?? null;
      if (added && answersIn(added) === 1 && (!index.lastTurn || added.time >= index.lastTurn.time)) {
        index.lastTurn = added;
        index.lastImages = imagesOfLast() ?? null;
      }
    },
    setPrunedDayTotals: setDayRows,
    resumAllTime() {
      allTime = { groups: sumMonths(months.values()) };
    },
    writes() {
      const writes: Write[] = [];
      for (const [day, encoded] of days) writes.push(STORAGE_ITEMS.dayTurns.write(day, encoded));
      for (const [m, totals] of months) writes.push(STORAGE_ITEMS.monthTotals.write(m, totals));
      writes.push(STORAGE_ITEMS.ledgerIndex.write(index));
      if (allTime) writes.push(STORAGE_ITEMS.allTimeTotals.write(allTime));
      return writes;
    },
  };
}
