/**
 * The ledger: records counted turns (idempotent by turnId, never lost; see
 * record-turn.ts for the write order), keeps daily totals next to the raw turns,
 * prunes the oldest raw turns when they outgrow their budget, answers the
 * popup, and runs remote mode's retries. Every write goes through the one
 * write queue; every change to a stored day through rewrite-day.ts.
 */
import { inboxItem, ledgerIndexItem, remoteStateItem, retryQueueItem } from '../storage/items';
import { createContext, type LedgerDeps } from './context';
import { deleteAllData } from './delete-all';
import { exportLedger } from './export-ledger';
import { importLedger } from './merge-ledger-file';
import { createKeyUsage } from './key-usage';
import { readPopupState } from './popup-state';
import { recompute } from './recompute';
import { recordsOf } from './turn-records';
import { createRecording } from './record-turn';
import { createRemoteSettings } from './remote-settings';
import { createRetries } from './retries';
import { updateSettings } from './update-settings';

export { type BudgetStatus, type LedgerDeps, type RecordOutcome } from './context';

export function createLedger(deps: LedgerDeps) {
  const ctx = createContext(deps);
  const recording = createRecording(ctx);
  const retries = createRetries(ctx);
  const remote = createRemoteSettings(ctx);
  const usage = createKeyUsage(ctx);

  /** Reading every fixed item runs its migrations; handlers wait for this. */
  async function start(): Promise<void> {
    await Promise.all([ctx.storage.settings.read(), ledgerIndexItem.getValue(), inboxItem.getValue(), retryQueueItem.getValue(), remoteStateItem.getValue()]);
  }

  /** Work after start that handlers need not wait for: replay the inbox, set the badge, re-arm retries. */
  async function afterStart(): Promise<void> {
    await recording.drainInbox();
    await ctx.notifyToday();
    await ctx.scheduleNextRetry();
  }

  return {
    start,
    afterStart,
    ...recording,
    ...retries,
    popupState: () => readPopupState({ now: ctx.now, keyStore: deps.remote.keyStore }),
    /** A new budget changes the badge's colour at once. */
    updateSettings: async (patch: Parameters<typeof updateSettings>[1]) => {
      await updateSettings(ctx, patch);
      if (patch.budget) await ctx.notifyToday();
    },
    recompute: () => recompute(ctx),
    exportLedger: (format: 'csv' | 'json') => exportLedger(ctx.storage, format, ctx.now()),
    /** The records of turns counted before (the page labels of answers already on a page). */
    recordsOf: (turns: Parameters<typeof recordsOf>[1]) => recordsOf(ctx.storage, turns),
    clear: () => deleteAllData(ctx),
    importLedger: (text: string, write: boolean) => importLedger(ctx, text, write),
    configureRemote: remote.configureRemote,
    testRemote: remote.testRemote,
    keyMonth: usage.keyMonth,
    todayEnergyKwh: ctx.todayEnergyKwh,
    /** The badge (today's energy, the budget's colour) from storage, and the budget's notification when it is due. */
    refreshBadge: ctx.notifyToday,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
