/** Sending queued turns to the service again (from the retry alarm) and applying its answers to the ledger. */
import { attemptRemote } from '../remote/remote-mode';
import { dueRetries, removeRetry, rescheduleRetry, retryIdempotencyKey } from '../remote/retry-queue';
import { decodeEntries } from '../storage/day-turns';
import { remoteStateItem, retryQueueItem, STORAGE_ITEMS, type Write } from '../storage/items';
import { entryFromRemote, turnOf } from './compute';
import type { LedgerContext } from './context';
import { beginLedgerChanges } from './rewrite-day';
import { commit, readDay } from './store';

/** Retries sent per alarm. */
const RETRIES_PER_RUN = 50;

export function createRetries(ctx: LedgerContext) {
  let retrying: Promise<number> | null = null;

  /** Sends due retries (from the alarm). One run at a time; stops at the first pause (401, 429) or when remote mode is off. */
  function processRetries(): Promise<number> {
    retrying ??= sendDueRetries().finally(() => (retrying = null));
    return retrying;
  }

  async function sendDueRetries(): Promise<number> {
    const settings = await ctx.storage.settings.read();
    const due = dueRetries(await retryQueueItem.getValue(), ctx.now()).slice(0, RETRIES_PER_RUN);
    let sent = 0;
    for (const item of due) {
      const t = ctx.now();
      const { attempt, state } = await attemptRemote(settings, await remoteStateItem.getValue(), item.request, ctx.deps.remote, t, retryIdempotencyKey(item));
      if (attempt.kind === 'skipped') {
        if (state) await ctx.storage.writes.run(() => commit([STORAGE_ITEMS.remoteState.write(state)]));
        // Nothing to send until the quota resets, or until the user changes the configuration (which reschedules).
        const current = await remoteStateItem.getValue();
        await ctx.deps.scheduleRetry?.(current.state === 'quota' ? current.pausedUntil : null);
        if (sent > 0) await ctx.notifyToday();
        return sent;
      }
      await ctx.storage.writes.run(async () => {
        let q = await retryQueueItem.getValue();
        const writes: Write[] = [];
        if (state) writes.push(STORAGE_ITEMS.remoteState.write(state));
        if (attempt.kind === 'remote') {
          q = removeRetry(q, item.turnId);
          const entries = decodeEntries(await readDay(ctx.storage, item.day));
          const i = entries.findIndex((e) => e.turnId === item.turnId);
          const e = entries[i];
          // Apply only to the turn as it was queued (a recompute may have changed it since).
          if (e && e.computedBy === 'local-fallback' && e.region === item.request.region && e.modelKey === item.request.model) {
            entries[i] = entryFromRemote(turnOf(e), item.request, attempt.success.response);
            const changes = await beginLedgerChanges(ctx.storage);
            await changes.rewriteDay(item.day, entries);
            writes.push(...changes.writes());
            sent++;
          }
        } else if (attempt.failure.transient) {
          q = rescheduleRetry(q, item.turnId, t);
        } else if (attempt.failure.code === 'REMOTE_REJECTED') {
          q = removeRetry(q, item.turnId);
        }
        writes.push(STORAGE_ITEMS.retryQueue.write(q));
        await commit(writes);
      });
      if (attempt.kind === 'failed' && (attempt.failure.code === 'REMOTE_UNAUTHORIZED' || attempt.failure.code === 'REMOTE_QUOTA')) {
        await ctx.deps.scheduleRetry?.(attempt.failure.code === 'REMOTE_QUOTA' ? (state?.pausedUntil ?? null) : null);
        if (sent > 0) await ctx.notifyToday();
        return sent;
      }
    }
    if (sent > 0) await ctx.notifyToday();
    await ctx.scheduleNextRetry();
    return sent;
  }

  return { processRetries };
}
