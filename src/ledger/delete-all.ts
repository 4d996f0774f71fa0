/**
 * ledger/clear, "delete all data": every item the storage table marks as
 * deleted with data (raw turns, totals, index, inbox, retry queue and the
 * per-conversation history counts). Settings, site health, remote mode's
 * state and the API key stay.
 */
import { storage } from 'wxt/utils/storage';
import { keysDeletedWithData } from '../storage/items';
import type { LedgerContext } from './context';

export async function deleteAllData(ctx: LedgerContext): Promise<void> {
  // In the one write queue: a conversation or ledger write in progress lands first, none lands in between.
  await ctx.storage.writes.run(async () => {
    const keys = keysDeletedWithData(Object.keys(await storage.snapshot('local')));
    await storage.removeItems(keys.map((k) => `local:${k}` as const));
    // Before the next queued write: a turn counted next must not start from history held in memory.
    ctx.deps.onDataDeleted?.();
  });
  await ctx.notifyToday();
  await ctx.scheduleNextRetry();
}
