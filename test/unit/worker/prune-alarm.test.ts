/**
 * Pruning across worker restarts: the browser stops an idle worker (Chrome after about 30 s) and
 * starts it again for the next message or alarm, so a timer set at start may never fire. Here the
 * real worker (startWorker) is started again and again over months on the fake browser: each start
 * takes one turn of a new conversation from a chat tab, then the due alarms fire as the browser
 * fires them. The stored conversations must stay bounded by the last 30 days' ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MessageResult } from '../../../src/messaging/messaging';
import { PRUNE_ALARM } from '../../../src/worker/alarms';
import { startWorker } from '../../../src/worker/start';
import { completedTurn } from '../support/completed-turn';
import { resetBrowser } from '../support/ledger';

const DAY_MS = 86_400_000;
const TAB = 'https://chatgpt.com/c/any';

/** The worker stops: its listeners go; storage and the alarms it created stay (the browser keeps them). */
function stopWorker(): void {
  fakeBrowser.runtime.resetState();
  fakeBrowser.alarms.onAlarm.removeAllListeners();
}

/** As the browser fires alarms: each one due fires once; a periodic one is set again a period on, a one-off is cleared. */
async function fireDueAlarms(now: number): Promise<string[]> {
  const due = (await fakeBrowser.alarms.getAll()).filter((a) => a.scheduledTime <= now);
  for (const alarm of due) {
    if (alarm.periodInMinutes)
      await fakeBrowser.alarms.create(alarm.name, { when: now + alarm.periodInMinutes * 60_000, periodInMinutes: alarm.periodInMinutes });
    else await fakeBrowser.alarms.clear(alarm.name);
    await fakeBrowser.alarms.onAlarm.trigger(alarm);
  }
  return due.map((a) => a.name);
}

/** A turn of a new conversation, sent from a ChatGPT tab; settles with the worker's answer. */
function sendTurn(n: number, now: number): Promise<MessageResult<unknown>> {
  const data = completedTurn({ conversationId: `conv-${n}`, turnId: `a${n}`, promptId: `u${n}`, finishedAt: now });
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger({ type: 'turn/completed', data }, { url: TAB, tab: { id: 7, url: TAB } as never }, (answer: unknown) =>
      resolve(answer as MessageResult<unknown>),
    );
  });
}

/** The n of a stored conversation's key (`conv-<n>`). */
const conversationNumber = (key: string): number => Number(/conv-(\d+)/.exec(key)![1]);

const storedConversations = async () => Object.keys(await fakeBrowser.storage.local.get(null)).filter((k) => k.startsWith('conversation:') && !k.endsWith('$'));

beforeEach(() => {
  resetBrowser();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  stopWorker();
  vi.useRealTimers();
  resetBrowser();
});

describe('pruning stored conversations', () => {
  it('keeps the last 30 days across many worker restarts: it runs on an alarm the restarts do not move', { timeout: 120_000 }, async () => {
    // docs/privacy.md: a conversation's token history is deleted 30 days after its last change.
    const KEPT_MS = 30 * DAY_MS;
    const sentAt: number[] = [];
    const prunings: number[] = [];
    let now = Date.UTC(2026, 0, 1, 9, 0);
    // Seventy days of two worker starts a day, each with a turn of a new conversation.
    for (let n = 0; n < 140; n++) {
      vi.setSystemTime(now);
      startWorker();
      await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(PRUNE_ALARM)).toBeDefined(), { interval: 5 });
      expect(await sendTurn(n, now)).toMatchObject({ ok: true, value: { ok: true, turnId: `a${n}` } });
      sentAt.push(now);
      if ((await fireDueAlarms(now)).includes(PRUNE_ALARM)) prunings.push(now);
      const lastPruning = prunings.at(-1) ?? -Infinity;
      // Nothing younger than 30 days is gone; nothing older than 30 days at the last pruning is left.
      const expected = sentAt.flatMap((t, i) => (t >= lastPruning - KEPT_MS ? [i] : []));
      await vi.waitFor(async () => expect((await storedConversations()).map(conversationNumber).sort((a, b) => a - b)).toEqual(expected), {
        interval: 5,
      });
      stopWorker();
      now += DAY_MS / 2;
    }
    // The pruning ran on every day, however often the worker started, and it removed something.
    const days = new Set(prunings.map((t) => Math.floor(t / DAY_MS)));
    expect(days.size).toBeGreaterThanOrEqual(69);
    expect((await storedConversations()).length).toBeLessThan(sentAt.length);
  });
});
