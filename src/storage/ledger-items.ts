/**
 * The ledger's other storage items: the index (`local:ledger`), daily totals
 * per month (`local:totals:YYYY-MM`) and the intake journal
 * (`local:ledger-inbox`). Raw turns live in day items (day-turns.ts).
 */
import { storage } from 'wxt/utils/storage';
import type { CountedTurn, LedgerEntry } from '../messaging/protocol';

export interface LedgerIndex {
  /** Days whose raw turns are stored (not pruned), with their turn count and encoded size. */
  days: Record<string, { turns: number; bytes: number }>;
  /** Months that have a daily-totals item. */
  months: string[];
  /** The most recent turn recorded (by time), for the popup. */
  lastTurn: LedgerEntry | null;
}

export const EMPTY_INDEX: LedgerIndex = { days: {}, months: [], lastTurn: null };

export const ledgerIndexItem = storage.defineItem<LedgerIndex>('local:ledger', { fallback: EMPTY_INDEX, version: 1 });

/** [turns, inputTokens, outputTokens, energyKwh, carbonG, waterL] */
export type TotalsRow = [number, number, number, number, number, number];

/** One month of daily totals: day -> "site|modelKey" -> sums. Never pruned. */
export interface MonthTotals {
  days: Record<string, Record<string, TotalsRow>>;
}

export const monthTotalsKey = (month: string) => `local:totals:${month}` as const;

const monthItems = new Map<string, ReturnType<typeof defineMonthItem>>();
const defineMonthItem = (month: string) => storage.defineItem<MonthTotals>(monthTotalsKey(month), { fallback: { days: {} }, version: 1 });

export function monthTotalsItem(month: string) {
  let item = monthItems.get(month);
  if (!item) {
    item = defineMonthItem(month);
    monthItems.set(month, item);
  }
  return item;
}

/**
 * All-time sums per "site|modelKey": the sum of every day's totals, written in
 * the same commit as the day's totals, so the popup reads one small item
 * instead of a year of months. Null until first built.
 */
export interface AllTimeTotals {
  groups: Record<string, TotalsRow>;
}

export const allTimeTotalsItem = storage.defineItem<AllTimeTotals>('local:totals:all', { version: 1 });

/** Turns received but not yet committed: written before any work, removed in the commit. */
export interface Inbox {
  turns: CountedTurn[];
}

export const inboxItem = storage.defineItem<Inbox>('local:ledger-inbox', { fallback: { turns: [] }, version: 1 });

/** The version meta key WXT keeps next to an item (`key$`). Batched writes set it themselves. */
export const metaKeyOf = (key: string) => `${key}$` as `local:${string}`;
