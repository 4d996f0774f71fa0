/**
 * The popup's storage read, started by a tiny classic script in popup.html
 * (entrypoints/popup-read.ts) while the page is still loading: the popup's
 * modules arrive only tens of milliseconds later, and the read
 * (a year of use: tens of KB to parse) runs meanwhile. The popup takes it on
 * start (takeEarlyRead) and reads for itself when there is none.
 */
import { browser } from 'wxt/browser';
import { popupStateKeys } from '../ledger/popup-keys';
import type { StartedRead } from '../ledger/popup-state';
import { localDay } from '../storage/days';
import { bareKey } from '../storage/layout';

/** undefined: not started; null: taken (or the popup started without it). */
type Slot = { __footprintPopupRead?: StartedRead | null };

export function startEarlyRead(now = Date.now()): void {
  const g = globalThis as Slot;
  const local = browser?.storage?.local;
  // Too late (the popup already read for itself), or no storage API: the popup reads alone.
  if (g.__footprintPopupRead !== undefined || !local) return;
  const today = localDay(now);
  g.__footprintPopupRead = { today, stored: local.get(popupStateKeys(today).map(bareKey)) };
}

/** The read startEarlyRead started, once; later calls (and a start after this) get none. */
export function takeEarlyRead(): StartedRead | undefined {
  const g = globalThis as Slot;
  const read = g.__footprintPopupRead ?? undefined;
  g.__footprintPopupRead = null;
  return read;
}
