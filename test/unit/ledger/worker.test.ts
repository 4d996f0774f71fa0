import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerHandlers, type MessageResult } from '../../../src/messaging/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../../../src/messaging/protocol';
import { ledgerHandlers } from '../../../src/ledger/handlers';
import { showTodayOnBadge } from '../../../src/worker/badge';
import { useCatalog } from '../../support/messages';
import { MIDNIGHT_ALARM, registerAlarms, scheduleMidnightAlarm, scheduleRetryAlarm } from '../../../src/worker/alarms';
import { RETRY_ALARM } from '../../../src/remote/retry-queue';
import { userMessage } from '../../../src/domain/errors';
import { newLedger, resetBrowser, turn, NOW } from '../support/ledger';

beforeEach(resetBrowser);

describe('the badge', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useCatalog('en');
  });
  const shownText = () => fakeBrowser.action.getBadgeText({});
  const shownTitle = async () => (await fakeBrowser.action.getTitle({})).replace(/\s/g, ' ');

  it.each([
    [0, '0'],
    [0.01, '<.1'],
    [0.44, '0.4'],
    [3, '3'],
    [9.94, '9.9'],
    [12.4, '12'],
    [345.6, '346'],
    [1234, '1.2k'],
    [12_345, '12k'],
  ])('shows %d Wh as %s', async (wh, text) => {
    await showTodayOnBadge(wh / 1000);
    expect(await shownText()).toBe(text);
    expect(text.length).toBeLessThanOrEqual(4);
  });

  it("sets the toolbar badge and title to today's energy", async () => {
    await showTodayOnBadge(0.00346);
    expect(await shownText()).toBe('3.5');
    expect(await shownTitle()).toBe('AI Chat Footprint: ≈ 3.5 Wh today');
  });

  it('titles the badge by the popup’s number rules, in the UI language', async () => {
    const title = async (wh: number, lang: string, locale: string) => {
      useCatalog(lang);
      // The browser's UI language (the fake browser has none of its own).
      vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue(locale);
      await showTodayOnBadge(wh / 1000);
      return shownTitle();
    };
    expect(await title(120, 'en', 'en')).toBe('AI Chat Footprint: ≈ 120 Wh today');
    expect(await title(0.5, 'en', 'en')).toBe('AI Chat Footprint: ≈ 500 mWh today');
    expect(await title(1500.4, 'de', 'de')).toBe('AI Chat Footprint: heute ≈ 1.500 Wh');
    expect(await title(12_345, 'ja', 'ja')).toBe('AI Chat Footprint：今日 ≈ 12 kWh');
    expect(await title(0, 'fr', 'fr')).toBe('AI Chat Footprint : 0 Wh aujourd’hui');
  });

  it('is updated from the ledger after a turn of today', async () => {
    const ledger = newLedger({ onTodayChanged: showTodayOnBadge });
    const out = await ledger.record(turn({ time: NOW - 1000 }));
    if (!out.recorded) throw new Error('not recorded');
    const shown = await shownText();
    expect(shown).not.toBe('');
    // What the badge shows for this turn's energy alone: the only turn of today.
    await fakeBrowser.action.setBadgeText({ text: '' });
    await showTodayOnBadge(out.entry.energyKwh);
    expect(await shownText()).toBe(shown);
  });
});

describe('alarms', () => {
  it('schedules retries no sooner than Chrome allows, and cancels them with null', async () => {
    await scheduleRetryAlarm(NOW + 1000, NOW);
    expect((await fakeBrowser.alarms.get(RETRY_ALARM))?.scheduledTime).toBe(NOW + 30_000);
    await scheduleRetryAlarm(null, NOW);
    expect(await fakeBrowser.alarms.get(RETRY_ALARM)).toBeUndefined();
  });

  it('schedules the badge refresh just after the next local midnight', async () => {
    await scheduleMidnightAlarm(NOW);
    const at = (await fakeBrowser.alarms.get(MIDNIGHT_ALARM))!.scheduledTime;
    const d = new Date(at - 1000);
    expect([d.getHours(), d.getMinutes(), d.getSeconds()]).toEqual([0, 0, 0]);
    expect(at).toBeGreaterThan(NOW);
  });

  it('runs the named handler only after start-up is done', async () => {
    const order: string[] = [];
    let release!: () => void;
    const ready = new Promise<void>((r) => (release = r)).then(() => void order.push('ready'));
    registerAlarms({ [RETRY_ALARM]: async () => void order.push('retry') }, ready);
    await fakeBrowser.alarms.onAlarm.trigger({ name: RETRY_ALARM, scheduledTime: NOW, persistAcrossSessions: true });
    release();
    await ready;
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['ready', 'retry']);
  });
});

/** Triggers the listener as the browser does: the answer comes through sendResponse when the listener returned true. */
async function sendMessage<T extends MessageType>(
  type: T,
  data: RequestOf<T>,
  from = fakeBrowser.runtime.getURL('/popup.html'),
): Promise<MessageResult<ResponseOf<T>>> {
  let respond: (answer: unknown) => void = () => undefined;
  const answered = new Promise<unknown>((resolve) => (respond = resolve));
  const [keptOpen] = await fakeBrowser.runtime.onMessage.trigger({ type, data }, { url: from }, (answer: unknown) => respond(answer));
  if ((keptOpen as unknown) !== true) throw new Error(`The listener did not answer ${type}.`);
  return (await answered) as MessageResult<ResponseOf<T>>;
}

describe('popup messages through the registered listener', () => {
  it('answers popup/state, settings/update, export and clear with validated values', async () => {
    const ledger = newLedger();
    registerHandlers(ledgerHandlers(ledger), ledger.start());
    await ledger.record(turn());
    const state = await sendMessage('popup/state', {});
    expect(state).toMatchObject({ ok: true, value: { totals: { allTime: { turns: 1 } } } });
    expect(await sendMessage('settings/update', { region: 'eu-france' })).toEqual({ ok: true, value: { ok: true } });
    const bad = await sendMessage('settings/update', { region: 'atlantis' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REGION' } });
    expect(!bad.ok && bad.error.message.startsWith(userMessage('INVALID_REGION'))).toBe(true);
    const file = await sendMessage('ledger/export', { format: 'csv' });
    expect(file.ok && file.value.content.split('\r\n').length).toBe(3);
    expect(await sendMessage('ledger/recompute', {})).toEqual({ ok: true, value: { ok: true, recomputed: 1 } });
    expect(await sendMessage('ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    expect(await sendMessage('remote/configure', { enabled: true, baseUrl: 'http://example.com' })).toMatchObject({
      ok: false,
      error: { code: 'REMOTE_URL_INSECURE' },
    });
  });

  it('refuses popup messages from a chat page: only the extension’s own pages may export, clear or configure', async () => {
    const ledger = newLedger();
    registerHandlers(ledgerHandlers(ledger), ledger.start());
    await ledger.record(turn());
    const page = 'https://chatgpt.com/c/abc';
    for (const [type, data] of [
      ['ledger/export', { format: 'json' }],
      ['ledger/clear', { confirm: true }],
      ['remote/configure', { enabled: true, baseUrl: 'https://evil.example' }],
    ] as const) {
      expect(await sendMessage(type, data as never, page)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    }
    expect((await ledger.popupState()).totals.allTime.turns).toBe(1);
  });
});
