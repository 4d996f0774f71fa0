/**
 * Turns computed locally because the service failed (timeout, network, 5xx,
 * invalid answer), waiting to be sent again. Persisted and bounded; retried
 * from a browser alarm with exponential backoff, so it survives worker restarts.
 */
import type { RetryItem, RetryQueue } from '../domain/remote';
import { turnIdempotencyKey } from './client';

const RETRY_QUEUE_MAX = 500;
const RETRY_MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 60 * 60_000;
export const RETRY_ALARM = 'remote-retry';

/** Delay before attempt `attempts + 1`: 30 s, 1 min, 2 min ... capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export function enqueueRetry(q: RetryQueue, item: RetryItem): RetryQueue {
  const items = q.items.filter((i) => i.turnId !== item.turnId).concat(item);
  const overflow = Math.max(0, items.length - RETRY_QUEUE_MAX);
  return { items: items.slice(overflow), dropped: q.dropped + overflow };
}

export function removeRetry(q: RetryQueue, turnId: string): RetryQueue {
  return { ...q, items: q.items.filter((i) => i.turnId !== turnId) };
}

/** After a transient failure: try again later, or give up after RETRY_MAX_ATTEMPTS sends in all. */
export function rescheduleRetry(q: RetryQueue, turnId: string, now: number): RetryQueue {
  const item = q.items.find((i) => i.turnId === turnId);
  if (!item) return q;
  const attempts = item.attempts + 1;
  if (attempts >= RETRY_MAX_ATTEMPTS) return { items: q.items.filter((i) => i !== item), dropped: q.dropped + 1 };
  return { ...q, items: q.items.map((i) => (i === item ? { ...i, attempts, nextAt: now + backoffMs(attempts) } : i)) };
}

export function dueRetries(q: RetryQueue, now: number): RetryItem[] {
  return q.items.filter((i) => i.nextAt <= now).sort((a, b) => a.nextAt - b.nextAt);
}

export function nextRetryAt(q: RetryQueue): number | null {
  return q.items.length === 0 ? null : Math.min(...q.items.map((i) => i.nextAt));
}

/** A retry is the same calculation as the first send: the same Idempotency-Key, so the service charges it once. */
export const retryIdempotencyKey = (item: RetryItem): string => turnIdempotencyKey(item.turnId, item.request, item.revision);
