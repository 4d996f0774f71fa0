/**
 * The popup's first storage read: started by popup-read.js while popup.html
 * loads (src/popup/early-read.ts), taken once by the popup, and the same
 * numbers as a read of its own. Also: everything the popup shows comes from a
 * single storage.local.get, the keys of the last 30 days' months and no
 * more (no raw turns, no conversation counts, no other month).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLedger } from '../../../src/ledger/ledger';
import { popupStateKeys } from '../../../src/ledger/popup-keys';
import { readPopupState } from '../../../src/ledger/popup-state';
import { memoryKeyStore } from '../../support/key-store';
import { startEarlyRead, takeEarlyRead } from '../../../src/popup/early-read';
import { loadPopupState } from '../../../src/popup/load-state';
import { bareKey } from '../../../src/storage/layout';
import { localDay } from '../../../src/storage/days';

const g = globalThis as { __footprintPopupRead?: unknown };
const DAY = 86_400_000;

async function ledgerWithTurns(now: number) {
  const ledger = createLedger({ remote: { keyStore: memoryKeyStore(), hasPermission: async () => true }, now: () => now });
  await ledger.start();
  // Today, 20 days ago (last month's totals while early in a month) and 90 days ago (outside every window but all time).
  for (const [i, ago] of [0, 20, 90].entries()) {
    const out = await ledger.record({
      turnId: `t${i}`,
      time: now - ago * DAY,
      site: 'chatgpt',
      conversationId: `c${i}`,
      modelKey: 'alpha-4o',
      promptTokens: 100 + i,
      historyTokens: 0,
      answerTokens: 400 + i,
      tokenizer: 'o200k',
    });
    if (!out.recorded) throw new Error('not recorded');
  }
  return ledger;
}

beforeEach(() => {
  fakeBrowser.reset();
  delete g.__footprintPopupRead;
});
afterEach(() => {
  delete g.__footprintPopupRead;
  vi.restoreAllMocks();
});

describe("the popup's storage read", () => {
  it('reads everything it shows in one storage.local.get of the keys for today', async () => {
    const now = Date.UTC(2026, 10, 3, 12);
    await ledgerWithTurns(now);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await readPopupState({ now: () => now, keyStore: memoryKeyStore() });
    expect(get).toHaveBeenCalledTimes(1);
    const keys = get.mock.calls[0]![0] as string[];
    expect(keys).toEqual(popupStateKeys(localDay(now)).map(bareKey));
    // November 3rd: the last 30 days reach into October, and no month before.
    expect(keys.filter((k) => /^totals:\d/.test(k)).sort()).toEqual(['totals:2026-10', 'totals:2026-11']);
    expect(keys.some((k) => k.startsWith('turns:') || k.startsWith('conversation:'))).toBe(false);
  });

  it('gives the same numbers from the read started while popup.html loads', async () => {
    const now = Date.UTC(2026, 10, 3, 12);
    await ledgerWithTurns(now);
    const own = await readPopupState({ now: () => now, keyStore: memoryKeyStore() });
    startEarlyRead(now);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const early = takeEarlyRead();
    expect(early?.today).toBe(localDay(now));
    const fromEarly = await readPopupState({ now: () => now, keyStore: memoryKeyStore() }, early);
    expect(get).not.toHaveBeenCalled();
    expect(fromEarly).toEqual(own);
    expect(own.totals.allTime.turns).toBe(3);
    expect(own.totals.last30.turns).toBe(2);
  });

  it('is taken once: a refresh reads storage again', async () => {
    startEarlyRead();
    expect(takeEarlyRead()).toBeDefined();
    expect(takeEarlyRead()).toBeUndefined();
  });

  it('does not start once the popup has read for itself, nor without a storage API', async () => {
    expect(takeEarlyRead()).toBeUndefined();
    startEarlyRead();
    expect(takeEarlyRead()).toBeUndefined();
    delete g.__footprintPopupRead;
    const storage = fakeBrowser.storage;
    Object.assign(fakeBrowser, { storage: undefined });
    try {
      startEarlyRead();
    } finally {
      Object.assign(fakeBrowser, { storage });
    }
    expect(g.__footprintPopupRead).toBeUndefined();
  });

  it('says the numbers could not be read when the early read failed, instead of showing zeros', async () => {
    const failing = { today: localDay(Date.now()), stored: Promise.reject(new Error('IO error')) };
    const res = await loadPopupState(failing);
    expect(res).toEqual({ ok: false, error: { code: 'STATE_UNREADABLE', message: 'Could not read the stored numbers: IO error' } });
  });
});
