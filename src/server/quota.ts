/** Quotas are counted per calendar month in UTC. */

/** `YYYY-MM` of the UTC month containing `now`. */
export function monthKey(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Start of the next UTC month: when the quota resets. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds from `now` until the quota resets (at least 1). */
export function secondsUntilReset(now: Date): number {
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
