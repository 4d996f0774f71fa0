/** The worker's alarms: remote retries, the badge's midnight refresh and pruning old conversations. Registered synchronously at start. */
import { browser } from 'wxt/browser';
import { msUntilNextLocalMidnight } from '../storage/days';
import { RETRY_ALARM } from '../remote/retry-queue';

export const MIDNIGHT_ALARM = 'badge-midnight';
export const PRUNE_ALARM = 'prune-conversations';
/** Chrome fires alarms at most every 30 s. */
const MIN_ALARM_DELAY_MS = 30_000;

export async function scheduleRetryAlarm(at: number | null, now = Date.now()): Promise<void> {
  if (at === null) {
    await browser.alarms.clear(RETRY_ALARM);
    return;
  }
  await browser.alarms.create(RETRY_ALARM, { when: Math.max(at, now + MIN_ALARM_DELAY_MS) });
}

export async function scheduleMidnightAlarm(now = Date.now()): Promise<void> {
  await browser.alarms.create(MIDNIGHT_ALARM, { when: now + msUntilNextLocalMidnight(now) + 1000 });
}

/**
 * Pruning runs on an alarm, not a timer: the browser stops an idle worker (Chrome after about 30 s),
 * and an alarm wakes it. Created once and kept across worker starts (creating it again at every start
 * would move it on each time, and a worker started more often than that would never prune); first a
 * minute after it is created, then daily.
 */
export async function schedulePruneAlarm(): Promise<void> {
  if (await browser.alarms.get(PRUNE_ALARM)) return;
  await browser.alarms.create(PRUNE_ALARM, { delayInMinutes: 1, periodInMinutes: 24 * 60 });
}

export function registerAlarms(handlers: Record<string, () => Promise<unknown>>, ready: Promise<unknown>): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    const run = handlers[alarm.name];
    if (!run) return;
    void ready.then(run).catch((e) => console.error(`[footprint] alarm ${alarm.name} failed`, e));
  });
}
