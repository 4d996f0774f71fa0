/**
 * The worker's ledger, wired to the browser: IndexedDB key store, host
 * permission checks, the badge and alarms. Tests build their own with
 * createLedger(deps).
 */
import type { Handlers } from '../messaging/messaging';
import type { CountedTurn } from '../messaging/protocol';
import { indexedDbKeyStore } from '../remote/key-store';
import { browserHasPermission } from '../remote/remote-mode';
import { RETRY_ALARM } from '../remote/retry-queue';
import { MIDNIGHT_ALARM, registerAlarms, scheduleMidnightAlarm, scheduleRetryAlarm } from '../worker/alarms';
import { showTodayOnBadge } from '../worker/badge';
import { ledgerHandlers } from './handlers';
import { createLedger, type Ledger } from './ledger';

export { createLedger, type Ledger, type LedgerDeps } from './ledger';

const ledger: Ledger = createLedger({
  remote: { keyStore: indexedDbKeyStore(), hasPermission: browserHasPermission },
  onTodayChanged: (kwh) => showTodayOnBadge(kwh).catch(() => undefined),
  scheduleRetry: (at) => scheduleRetryAlarm(at),
});

/** Runs migrations (handlers wait for this), then replays the inbox, sets the badge and the alarms in the background. */
export function startLedger(): Promise<void> {
  const ready = ledger.start();
  registerAlarms(
    {
      [RETRY_ALARM]: () => ledger.processRetries(),
      [MIDNIGHT_ALARM]: async () => {
        await showTodayOnBadge(await ledger.todayEnergyKwh());
        await scheduleMidnightAlarm();
      },
    },
    ready,
  );
  void ready
    .then(async () => {
      await scheduleMidnightAlarm();
      await ledger.afterStart();
    })
    .catch((e) => console.error('[footprint] ledger start failed', e));
  return ready;
}

export async function recordTurn(turn: CountedTurn): Promise<void> {
  await ledger.record(turn);
}

export function createLedgerHandlers(): Handlers {
  return ledgerHandlers(ledger);
}
