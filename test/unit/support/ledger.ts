import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CountedTurn } from '../../../src/domain';
import { createLedger, type LedgerDeps } from '../../../src/ledger/ledger';
import { memoryKeyStore } from '../../support/key-store';
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

/** Forgets the storage families' defined members, as a worker that starts has none (defining an item runs its migrations). */
export function forgetDefinedItems(): void {
  for (const i of Object.values(STORAGE_ITEMS)) if (i.kind === 'family') i.forget();
}

export function resetBrowser(): void {
  fakeBrowser.reset();
  forgetDefinedItems();
}

/** Everything in storage.local (for shape assertions). */
export const dump = () => fakeBrowser.storage.local.get(null) as Promise<Record<string, unknown>>;
