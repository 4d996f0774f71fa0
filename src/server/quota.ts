/** Quotas and usage figures are counted per calendar month in UTC, named `YYYY-MM`. */

/** `YYYY-MM` of the UTC month containing `now`. */
export function monthKey(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant of a `YYYY-MM` month, or null when `text` is not one. */
export function monthStart(text: string): Date | null {
  const m = MONTH_KEY.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

/** The month `delta` months after (or, negative, before) a `YYYY-MM` month. */
export function shiftMonth(month: string, delta: number): string {
  const start = monthStart(month);
  if (!start) throw new RangeError(`${month} is not a YYYY-MM month`);
  return monthKey(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + delta, 1)));
}

/** The oldest month kept when `months` months are kept, `current` included. */
export const oldestKeptMonth = (current: string, months: number): string => shiftMonth(current, 1 - months);

/** Start of the next UTC month: when the quota resets. */
function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds from `now` until the quota resets (at least 1). */
function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil((nextMonthStart(now).getTime() - now.getTime()) / 1000));
}

export interface QuotaState {
  limit: number;
  remaining: number;
  resetAt: Date;
  resetSeconds: number;
}

export function quotaState(limit: number, used: number, now: Date): QuotaState {
  return {
    limit,
    remaining: Math.max(0, limit - used),
    resetAt: nextMonthStart(now),
    resetSeconds: secondsUntilReset(now),
  };
}

/** The RateLimit-* headers every metered answer carries (IETF draft: Reset is delta seconds). */
export function rateLimitHeaders(q: QuotaState): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.remaining),
    'RateLimit-Reset': String(q.resetSeconds),
  };
}
