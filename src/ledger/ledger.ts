/**
 * The ledger: records counted turns (idempotent by turnId, never lost; see
 * recording.ts for the write order), keeps daily totals next to the raw turns,
 * prunes the oldest raw turns when they outgrow their budget, answers the
 * popup, and runs remote mode's retries. Built from parts sharing one writer.
 */
import { retryQueueItem } from '../remote/retry-queue';
import { remoteStateItem } from '../remote/state';
import { inboxItem, ledgerIndexItem } from '../storage/ledger-items';
import { settingsItem } from '../storage/settings';
import { createContext, type LedgerDeps } from './context';
import { createMaintenance } from './maintenance';
import { createRecording } from './recording';
import { createRemoteSettings } from './remote-settings';
import { createRetries } from './retries';

export { RAW_TURNS_BUDGET_BYTES, type LedgerDeps, type RecordOutcome } from './context';

export function createLedger(deps: LedgerDeps) {
  const ctx = createContext(deps);
  const recording = createRecording(ctx);
  const retries = createRetries(ctx);
  const remote = createRemoteSettings(ctx);
  const maintenance = createMaintenance(ctx);

  /** Reading every fixed item runs its migrations; handlers wait for this. */
  async function start(): Promise<void> {
    await Promise.all([settingsItem.getValue(), ledgerIndexItem.getValue(), inboxItem.getValue(), retryQueueItem.getValue(), remoteStateItem.getValue()]);
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
    popupState: maintenance.popupState,
    updateSettings: maintenance.updateSettings,
    recompute: maintenance.recompute,
    exportLedger: maintenance.exportLedger,
    clear: maintenance.clear,
    configureRemote: remote.configureRemote,
    testRemote: remote.testRemote,
    todayEnergyKwh: ctx.todayEnergyKwh,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
