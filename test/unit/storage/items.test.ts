import { beforeEach, describe, expect, it } from 'vitest';
import { countingHandlers } from '../../../src/counting/handlers';
import { commit } from '../../../src/ledger/store';
import { bareKey, keysDeletedWithData, STORAGE_ITEMS } from '../../../src/storage/items';
import { dump, newLedger, resetBrowser } from '../support/ledger';
import { newCounting } from '../../support/counting';

beforeEach(resetBrowser);

/** The table entry a stored key (bare, as storage.local names it) belongs to. */
function entryOf(key: string): string | undefined {
  const k = key.replace(/\$$/, '');
  const entries = Object.entries(STORAGE_ITEMS);
  const single = entries.find(([, i]) => i.kind === 'single' && bareKey(i.key) === k);
  if (single) return single[0];
  return entries.find(([, i]) => i.kind === 'family' && k.startsWith(bareKey(i.prefix)))?.[0];
}

describe('the storage table', () => {
  it('describes every key the worker writes: recording, counting, history, health, settings, remote mode', async () => {
    const ledger = newLedger();
    await ledger.start();
    const handlers = countingHandlers({ counting: newCounting(), record: async (t) => void (await ledger.record(t)) });
    await handlers['conversation/seed']!({ site: 'claude', conversationId: 'c', messages: [{ id: 'm0', role: 'user', text: 'Earlier question' }] }, {});
    await handlers['turn/completed']!(
      {
        site: 'claude',
        conversationId: 'c',
        turnId: 'a1',
        promptId: 'u1',
        modelLabel: null,
        promptText: 'Hello?',
        answerText: 'Hi.',
        finishedAt: Date.UTC(2026, 10, 22, 12),
      },
      {},
    );
    await handlers['site/health']!({ site: 'claude', status: 'ok', reason: null, at: 1 }, {});
    await ledger.updateSettings({ region: 'eu-france' });
    await ledger.configureRemote({ enabled: true, baseUrl: 'https://svc.example.org', apiKey: 'k' });
    const keys = Object.keys(await dump());
    expect(keys.length).toBeGreaterThan(8);
    expect(keys.filter((k) => entryOf(k) === undefined)).toEqual([]);
  });

  it('"delete all data" removes the ledger, the retry queue and history counts, with their version meta; settings, health and remote state stay', () => {
    const stored = [
      'settings',
      'settings$',
      'siteHealth',
      'remote-state',
      'conversationsPrunedAt',
      'ledger',
      'ledger$',
      'ledger-inbox',
      'remote-queue$',
      'totals:all',
      'totals:2026-11',
      'totals:2026-11$',
      'turns:2026-11-22',
      'turns:2026-11-22$',
      'conversation:chatgpt:c1',
      'conversation:chatgpt:c1$',
      'ledgerish',
      'unrelated',
    ];
    expect(keysDeletedWithData(stored)).toEqual([
      'ledger',
      'ledger$',
      'ledger-inbox',
      'remote-queue$',
      'totals:all',
      'totals:2026-11',
      'totals:2026-11$',
      'turns:2026-11-22',
      'turns:2026-11-22$',
      'conversation:chatgpt:c1',
      'conversation:chatgpt:c1$',
    ]);
  });

  it('writes carry the version of their table entry, in the version meta of a commit', async () => {
    const day = { strings: [], rows: [] } as never;
    expect(STORAGE_ITEMS.dayTurns.write('2026-11-22', day)).toEqual({ key: 'local:turns:2026-11-22', value: day, version: STORAGE_ITEMS.dayTurns.version });
    await commit([STORAGE_ITEMS.dayTurns.write('2026-11-22', day), STORAGE_ITEMS.ledgerIndex.write({ days: {}, months: [], lastTurn: null })]);
    const stored = await dump();
    expect(stored['turns:2026-11-22$']).toEqual({ v: STORAGE_ITEMS.dayTurns.version });
    expect(stored['ledger$']).toEqual({ v: STORAGE_ITEMS.ledgerIndex.version });
  });
});
