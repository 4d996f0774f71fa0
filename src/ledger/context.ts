/** What the ledger's parts share: the clock, the browser hooks, and small storage helpers. */
import type { LedgerEntry } from '../domain/ledger';
import type { RemoteDeps } from '../remote/remote-mode';
import { nextRetryAt } from '../remote/retry-queue';
import { BUDGET_DAYS, DEFAULT_BUDGET, budgetJustUsedUp, budgetLevel, type BudgetLevel } from '../domain/budget';
import { addDays, daysEndingAt, localDay, monthOf } from '../storage/days';
import { budgetAlertItem, retryQueueItem } from '../storage/items';
import { createWorkerStorage, type WorkerStorage } from '../storage/worker-storage';
import { readDay, readMonth } from './store';
import { rowEnergyKwh } from './totals';

/** Raw turns kept within this many bytes (chrome.storage.local holds 10 MB); older days live on in the daily totals. */
const RAW_TURNS_BUDGET_BYTES = 6_000_000;

export interface LedgerDeps {
  remote: RemoteDeps;
  /** The write queue, settings source and storage items, shared with the worker's counting; a storage of its own unless given. */
  storage?: WorkerStorage;
  now?: () => number;
  /** After today's totals change and at start (the badge): today's energy and where the weekly budget stands. */
  onTodayChanged?: (todayEnergyKwh: number, budget: BudgetStatus) => Promise<void> | void;
  /** When the last 7 days have just used up the budget and its notification is on. */
  onBudgetUsedUp?: (budget: BudgetStatus) => Promise<void> | void;
  /** Inside "delete all data", right after the removal: drop what the worker holds in memory (conversation history). */
  onDataDeleted?: () => void;
  /** Schedules (or with null cancels) the retry alarm. */
  scheduleRetry?: (at: number | null) => Promise<void> | void;
  rawTurnsBudgetBytes?: number;
}

/** Where the last 7 days stand against the weekly budget (src/domain/budget.ts). */
export interface BudgetStatus {
  level: BudgetLevel;
  usedKwh: number;
  weeklyKwh: number | null;
}

/** `images`: the image-gen record of the same answer; `entry` on a duplicate: the record already there, when readable. */
export type RecordOutcome =
  | { recorded: true; entry: LedgerEntry; images?: LedgerEntry; video?: LedgerEntry }
  | { recorded: false; reason: 'duplicate'; entry?: LedgerEntry; images?: LedgerEntry; video?: LedgerEntry };

export interface LedgerContext {
  deps: LedgerDeps;
  /** Every storage write of the ledger runs through its write queue (src/storage/write-queue.ts). */
  storage: WorkerStorage;
  now: () => number;
  budget: number;
  todayEnergyKwh(): Promise<number>;
  /** The energy of the last BUDGET_DAYS days (today included), from the daily totals. */
  weekEnergyKwh(): Promise<number>;
  notifyToday(): Promise<void>;
  scheduleNextRetry(): Promise<void>;
}

export function createContext(deps: LedgerDeps): LedgerContext {
  const now = deps.now ?? Date.now;
  const storage = deps.storage ?? createWorkerStorage();
  const ctx: LedgerContext = {
    deps,
    storage,
    now,
    budget: deps.rawTurnsBudgetBytes ?? RAW_TURNS_BUDGET_BYTES,
    async todayEnergyKwh() {
      const today = localDay(now());
      const rows = (await readMonth(storage, monthOf(today))).days[today] ?? {};
      return Object.values(rows).reduce((s, r) => s + rowEnergyKwh(r), 0);
    },
    async weekEnergyKwh() {
      const days = daysEndingAt(localDay(now()), BUDGET_DAYS);
      const months = await Promise.all([...new Set(days.map(monthOf))].map((m) => readMonth(storage, m)));
      let kwh = 0;
      for (const month of months) for (const day of days) for (const row of Object.values(month.days[day] ?? {})) kwh += rowEnergyKwh(row);
      return kwh;
    },
    async notifyToday() {
      if (!deps.onTodayChanged && !deps.onBudgetUsedUp) return;
      const [today, week, settings] = await Promise.all([ctx.todayEnergyKwh(), ctx.weekEnergyKwh(), storage.settings.read()]);
      const setting = settings.budget ?? DEFAULT_BUDGET;
      const budget: BudgetStatus = { level: budgetLevel(week, setting), usedKwh: week, weeklyKwh: setting.weeklyKwh };
      // The level moves as an explicit state (stored, so a restarted worker notifies once per crossing, not again).
      const before = await storage.writes.run(async () => {
        const stored = await budgetAlertItem.getValue();
        if (stored.level !== budget.level) await budgetAlertItem.setValue({ level: budget.level });
        return stored.level;
      });
      if (budgetJustUsedUp(before, budget.level) && setting.notify && deps.onBudgetUsedUp) await deps.onBudgetUsedUp(budget);
      if (deps.onTodayChanged) await deps.onTodayChanged(today, budget);
    },
    async scheduleNextRetry() {
      if (deps.scheduleRetry) await deps.scheduleRetry(nextRetryAt(await retryQueueItem.getValue()));
    },
  };
  return ctx;
}

/** The day holding `turnId`, if recorded. A resend carries the same time; neighbours cover a sender that re-stamps across midnight. */
export async function findRecordedDay(storage: WorkerStorage, turnId: string, time: number): Promise<string | null> {
  const day = localDay(time);
  const days = [day, addDays(day, -1), addDays(day, 1)];
  // Read together: each storage read is a round trip to the browser, and the worker records a turn only after this.
  const values = await Promise.all(days.map((d) => readDay(storage, d)));
  const at = values.findIndex((value) => value.rows.some((r) => r[0] === turnId));
  return at === -1 ? null : days[at];
}
