/** What the ledger's parts share: the clock, the browser hooks, and small storage helpers. */
import type { LedgerEntry } from '../domain/ledger';
import type { RemoteDeps } from '../remote/remote-mode';
import { nextRetryAt } from '../remote/retry-queue';
import { addDays, localDay, monthOf } from '../storage/days';
import { retryQueueItem } from '../storage/items';
import { readDay, readMonth } from './store';
import { rowEnergyKwh } from './totals';

/** Raw turns kept within this many bytes (chrome.storage.local holds 10 MB); older days live on in the daily totals. */
export const RAW_TURNS_BUDGET_BYTES = 6_000_000;

export interface LedgerDeps {
  remote: RemoteDeps;
  now?: () => number;
  /** After today's totals change and at start (the badge). */
  onTodayChanged?: (todayEnergyKwh: number) => Promise<void> | void;
  /** Inside "delete all data", right after the removal: drop what the worker holds in memory (conversation history). */
  onDataDeleted?: () => void;
  /** Schedules (or with null cancels) the retry alarm. */
  scheduleRetry?: (at: number | null) => Promise<void> | void;
  rawTurnsBudgetBytes?: number;
}

/** `images`: the image-gen record of the same answer; `entry` on a duplicate: the record already there, when readable. */
export type RecordOutcome =
  { recorded: true; entry: LedgerEntry; images?: LedgerEntry } | { recorded: false; reason: 'duplicate'; entry?: LedgerEntry; images?: LedgerEntry };

/** Every storage write of the ledger runs through the one write queue (src/storage/write-queue.ts). */
export interface LedgerContext {
  deps: LedgerDeps;
  now: () => number;
  budget: number;
  todayEnergyKwh(): Promise<number>;
  notifyToday(): Promise<void>;
  scheduleNextRetry(): Promise<void>;
}

export function createContext(deps: LedgerDeps): LedgerContext {
  const now = deps.now ?? Date.now;
  const ctx: LedgerContext = {
    deps,
    now,
    budget: deps.rawTurnsBudgetBytes ?? RAW_TURNS_BUDGET_BYTES,
    async todayEnergyKwh() {
      const today = localDay(now());
      const rows = (await readMonth(monthOf(today))).days[today] ?? {};
      return Object.values(rows).reduce((s, r) => s + rowEnergyKwh(r), 0);
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
  const days = [day, addDays(day, -1), addDays(day, 1)];
  // Read together: each storage read is a round trip to the browser, and the worker records a turn only after this.
  const values = await Promise.all(days.map(readDay));
  const at = values.findIndex((value) => value.rows.some((r) => r[0] === turnId));
  return at === -1 ? null : days[at];
}
