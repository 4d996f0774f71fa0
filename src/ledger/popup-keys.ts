/**
 * The storage keys the popup's numbers are read from (src/ledger/popup-state.ts):
 * settings, the index (latest answer), the all-time sums, the daily totals of
 * the months holding the last 30 days, site health and remote mode's state.
 * Imports nothing heavy: the popup's first read starts from it before the
 * popup's modules have loaded (src/popup/early-read.ts).
 */
import { daysEndingAt, monthOf } from '../storage/days';
import { ITEM_KEYS, monthTotalsKey, type StorageKey } from '../storage/layout';

/** The days the popup sums (today, 7 and 30 days, the chart): the 30 ending `today`, oldest first. */
export const popupWindow = (today: string): string[] => daysEndingAt(today, 30);

/** The months holding the popup's window (one or two). */
export const windowMonths = (today: string): string[] => [...new Set(popupWindow(today).map(monthOf))];

/** Every key the popup reads for `today`, in one storage.local.get. */
export function popupStateKeys(today: string): StorageKey[] {
  const { settings, ledgerIndex, allTimeTotals, siteHealth, remoteState, retryQueue } = ITEM_KEYS;
  return [settings, ledgerIndex, allTimeTotals, siteHealth, remoteState, retryQueue, ...windowMonths(today).map(monthTotalsKey)];
}
