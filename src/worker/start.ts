/**
 * The background worker, wired to the browser: the ledger with the IndexedDB
 * key store and host-permission checks, the message handlers, the alarms and
 * the badge. Everything is registered synchronously when the worker starts;
 * handlers and alarms wait for start-up (storage migrations) through `ready`.
 * Tests build their own ledger with createLedger(deps) and counting with createCounting(deps).
 */
import { browser } from 'wxt/browser';
import { countingHandlers } from '../counting/handlers';
import { fromSiteTabs, noteRefusedMessage } from '../counting/guard';
import { createCounting } from '../counting/count-turn';
import { ledgerHandlers } from '../ledger/handlers';
import { withLabelSwitchBroadcast } from '../label/switch-broadcast';
import { createLedger } from '../ledger/ledger';
import { createWorkerStorage } from '../storage/worker-storage';
import { registerHandlers } from '../messaging/messaging';
import { indexedDbKeyStore } from '../remote/key-store';
import { browserHasPermission } from '../remote/remote-mode';
import { RETRY_ALARM } from '../remote/retry-queue';
import { MIDNIGHT_ALARM, PRUNE_ALARM, registerAlarms, scheduleMidnightAlarm, schedulePruneAlarm, scheduleRetryAlarm } from './alarms';
import { showTodayOnBadge } from './badge';
import { notifyBudgetUsedUp } from './budget-notification';
import { timedCount, timedHandlers } from './timings';

export function startWorker(): void {
  // One storage for both: one write queue (no write of one lands in the middle of the other's) and one settings source.
  const storage = createWorkerStorage();
  const counting = createCounting({ storage });
  const ledger = createLedger({
    storage,
    remote: { keyStore: indexedDbKeyStore(), hasPermission: browserHasPermission },
    onTodayChanged: (kwh, budget) => showTodayOnBadge(kwh, budget).catch(() => undefined),
    onBudgetUsedUp: (budget) => notifyBudgetUsedUp(budget).catch(() => undefined),
    onDataDeleted: () => counting.conversations.dropCached(),
    scheduleRetry: (at) => scheduleRetryAlarm(at),
  });
  const ready = ledger.start();

  const countingSide = fromSiteTabs(
    countingHandlers({
      counting,
      record: async (turn) => {
        const outcome = await ledger.record(turn);
        return outcome.entry ? { entry: outcome.entry, images: outcome.images, video: outcome.video } : null;
      },
      recorded: ledger.recordsOf,
      count: timedCount(counting.countTurn),
    }),
    counting.health,
  );
  const ledgerSide = ledgerHandlers(ledger);
  registerHandlers(
    timedHandlers({ ...countingSide, ...ledgerSide, 'settings/update': withLabelSwitchBroadcast(ledgerSide['settings/update']) }),
    ready,
    noteRefusedMessage(counting.health),
  );
  registerAlarms(
    {
      [RETRY_ALARM]: () => ledger.processRetries(),
      [MIDNIGHT_ALARM]: async () => {
        // A new day: today starts at 0 and the budget's 7 days move on.
        await ledger.refreshBadge();
        await scheduleMidnightAlarm();
      },
      [PRUNE_ALARM]: () => counting.conversations.pruneDaily(Date.now()),
    },
    ready,
  );

  // First run only (not updates): the welcome page says what is counted and presets the region.
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') }).catch(() => undefined);
  });

  counting.warmUp();
  void ready
    .then(async () => {
      await scheduleMidnightAlarm();
      await schedulePruneAlarm();
      await ledger.afterStart();
    })
    .catch((e) => console.error('[footprint] ledger start failed', e));
}
