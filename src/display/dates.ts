/** Dates and times in the UI locale. Pure: the caller passes the locale (and "now" in tests). */
import { cached } from './intl-cache';

const dateFormat = cached((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));

/** `2026-11-03` -> "Nov 3" / "3. Nov." / "11月3日" (a calendar date, not shifted by time zone). */
export function formatDay(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A month's name ("November") of a `YYYY-MM` month, as the service names its UTC months. */
export function formatMonth(month: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return dateFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}

/** A clock time ("14:05", "2:05 PM") and, unless it is today, the date before it. */
export function formatWhen(ms: number, locale: string, now = Date.now()): { today: boolean; time: string; date: string } {
  const d = new Date(ms);
  return {
    today: new Date(now).toDateString() === d.toDateString(),
    time: dateFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(d),
    date: dateFormat(locale, { month: 'short', day: 'numeric' }).format(d),
  };
}
