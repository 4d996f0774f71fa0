/**
 * Calendar days as the ledger keys them. Days are the user's LOCAL calendar
 * day at the moment the turn finished ("today" in the popup is the user's
 * today). A stored day never moves: after a time-zone change, old turns keep
 * the day they were recorded under.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of the local calendar day containing `ms`. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `YYYY-MM` of a day key. */
export const monthOf = (day: string): string => day.slice(0, 7);

/** The day key `n` days after `day` (negative: before), calendar arithmetic independent of time zone. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEndingAt(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}

/** Milliseconds until the next local midnight after `ms`. */
export function msUntilNextLocalMidnight(ms: number): number {
  const d = new Date(ms);
  const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1, 0, 0, 0, 0);
  return next.getTime() - ms;
}
