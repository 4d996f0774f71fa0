/** What the ledger's parts share: the one writer, the clock, the browser hooks, and small storage helpers. */
import type { LedgerEntry } from '../messaging/protocol';
import type { RemoteDeps } from '../remote/remote-mode';
import { nextRetryAt, retryQueueItem, type RetryQueue } from '../remote/retry-queue';
import { remoteStateItem, type RemoteState } from '../remote/state';
import { addDays, localDay, monthOf } from '../storage/days';
import { inboxItem, type Inbox } from '../storage/ledger-items';
import { readDay, readMonth, type StorageKey, type Write } from './store';
import { createWriter, type Writer } from './writer';

/** Raw turns kept within this many bytes (chrome.storage.local holds 10 MB); older days live on in the daily totals. */
export const RAW_TURNS_BUDGET_BYTES = 6_000_000;

export interface LedgerDeps {
  remote: RemoteDeps;
  now?: () => number;
  /** After today's totals change and at start (the badge). */
  onTodayChanged?: (todayEnergyKwh: number) => Promise<void> | void;
  /** Schedules (or with null cancels) the retry alarm. */
  scheduleRetry?: (at: number | null) => Promise<void> | void;
  rawTurnsBudgetBytes?: number;
}

export type RecordOutcome = { recorded: true; entry: LedgerEntry } | { recorded: false; reason: 'duplicate' };

export interface LedgerContext {
  deps: LedgerDeps;
  /** Every storage write of the ledger runs through it, one at a time. */
  writer: Writer;
  now: () => number;
  budget: number;
  todayEnergyKwh(): Promise<number>;
  notifyToday(): Promise<void>;
  scheduleNextRetry(): Promise<void>;
}

export const inboxWrite = (value: Inbox): Write => ({ key: inboxItem.key as StorageKey, value, version: 1 });
export const remoteStateWrite = (value: RemoteState): Write => ({ key: remoteStateItem.key as StorageKey, value, version: 1 });
export const retryQueueWrite = (value: RetryQueue): Write => ({ key: retryQueueItem.key as StorageKey, value, version: 1 });

export function createContext(deps: LedgerDeps): LedgerContext {
  const now = deps.now ?? Date.now;
  const ctx: LedgerContext = {
    deps,
    writer: createWriter(),
    now,
    budget: deps.rawTurnsBudgetBytes ?? RAW_TURNS_BUDGET_BYTES,
    async todayEnergyKwh() {
      const today = localDay(now());
      const rows = (await readMonth(monthOf(today))).days[today] ?? {};
      return Object.values(rows).reduce((s, r) => s + r[3], 0);
    },
    async notifyToday() {
      if (deps.onTodayChanged) await deps.onTodayChanged(await ctx.todayEnergyKwh());
    },
    async scheduleNextRetry() {
      if (deps.scheduleRetry) await deps.scheduleRetry(nextRetryAt(await retryQueueItem.getValue()));
    },
  };
  return ctx;
}

/** The day holding `turnId`, if recorded. A resend carries the same time; neighbours cover a sender that re-stamps across midnight. */
export async function findRecordedDay(turnId: string, time: number): Promise<string | null> {
  const day = localDay(time);
  for (const d of [day, addDays(day, -1), addDays(day, 1)]) {
    const value = await readDay(d);
    if (value.rows.some((r) => r[0] === turnId)) return d;
  }
  return null;
}
