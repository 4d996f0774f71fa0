import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CountedTurn } from '../../../src/domain';
import { createLedger, type LedgerDeps } from '../../../src/ledger/ledger';
import { memoryKeyStore } from '../../support/key-store';
import type { Settings } from '../../../src/domain/settings';
import { STORAGE_ITEMS } from '../../../src/storage/items';

let seq = 0;

export function turn(overrides: Partial<CountedTurn> = {}): CountedTurn {
  seq += 1;
  return {
    turnId: `turn-${seq}`,
    time: Date.UTC(2026, 10, 22, 12, 0, seq % 60),
    site: 'chatgpt',
    conversationId: 'conv-a',
    modelKey: 'alpha-4o',
    promptTokens: 120,
    historyTokens: 900,
    answerTokens: 450,
    tokenizer: 'o200k',
    ...overrides,
  };
}

export const NOW = Date.UTC(2026, 10, 22, 18, 0, 0);

export function newLedger(deps: Partial<LedgerDeps> = {}) {
  return createLedger({
    remote: { keyStore: memoryKeyStore(), hasPermission: async () => true },
    now: () => NOW,
    ...deps,
  });
}

/** Empties the browser's storage. A ledger or counting made after it starts with a storage of its own, as a restarted worker does. */
export function resetBrowser(): void {
  fakeBrowser.reset();
}

/** The settings as a browser holds them before the worker starts (a worker reads them once, then keeps its own writes). */
export const storeSettings = (settings: Settings): Promise<void> => STORAGE_ITEMS.settings.item.setValue(settings);

/** Everything in storage.local (for shape assertions). */
export const dump = () => fakeBrowser.storage.local.get(null) as Promise<Record<string, unknown>>;
