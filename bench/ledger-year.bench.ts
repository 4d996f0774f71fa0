/**
 * `npm run bench -- ledger-year`: a year of heavy use (100 turns a day, 36,500 turns): the bytes
 * the ledger stores (beside what version 1's entry objects took for the same year), and the time
 * popup/state and recording one turn take over it. Storage is WXT's in-memory fake browser, so the
 * time is the worker's own work (reads, sums); Chrome adds its IPC and JSON parsing of the bytes
 * read, which are printed too. The popup's real timing is the popup bench's (Chromium). Writes
 * bench/results/ledger-year.json.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fakeBrowser } from 'wxt/testing/fake-browser';

(globalThis as { chrome?: unknown }).chrome = fakeBrowser;

const { createLedger } = await import('../src/ledger/ledger');
const { memoryKeyStore } = await import('../src/remote/key-store');
const { yearOfHeavyUse } = await import('../test/unit/support/year-fixture');

const now = Date.UTC(2026, 10, 22, 18, 0);
const { values, turns, v1Bytes } = yearOfHeavyUse({ now });
await fakeBrowser.storage.local.set(values);

const bytesOf = (test: (k: string) => boolean) =>
  Object.entries(values)
    .filter(([k]) => test(k))
    .reduce((s, [k, v]) => s + k.length + JSON.stringify(v).length, 0);
const raw = bytesOf((k) => k.startsWith('turns:'));
const totals = bytesOf((k) => k.startsWith('totals:'));
const idx = bytesOf((k) => k.startsWith('ledger'));

const ledger = createLedger({ remote: { keyStore: memoryKeyStore(), hasPermission: async () => true }, now: () => now });
await ledger.start();
const times: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  await ledger.popupState();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);

const t0 = performance.now();
await ledger.record({
  turnId: randomUUID(),
  time: now - 1000,
  site: 'chatgpt',
  conversationId: randomUUID(),
  modelKey: 'alpha-5.5',
  promptTokens: 200,
  historyTokens: 5000,
  answerTokens: 800,
  tokenizer: 'o200k',
});
const recordMs = performance.now() - t0;

const mb = (b: number) => (b / 1_000_000).toFixed(2);
const table = {
  'turns stored': { value: turns },
  'raw turns, MB': { value: mb(raw) },
  'bytes per turn': { value: Math.round(raw / turns) },
  'bytes per turn (v1 objects)': { value: Math.round(v1Bytes / turns) },
  'v1 for the same year, MB': { value: mb(v1Bytes) },
  'daily totals, KB': { value: (totals / 1000).toFixed(1) },
  'index, KB': { value: (idx / 1000).toFixed(1) },
  'total, MB (chrome.storage.local quota 10.49 MB)': { value: mb(raw + totals + idx) },
  'popup/state bytes read, KB': { value: ((idx + totals) / 1000).toFixed(1) },
  'popup/state median ms (fake storage)': { value: times[25].toFixed(2) },
  'popup/state p95 ms (fake storage)': { value: times[47].toFixed(2) },
  'record one turn ms (fake storage)': { value: recordMs.toFixed(2) },
};
console.table(table);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ledger-year.json', JSON.stringify(Object.fromEntries(Object.entries(table).map(([k, { value }]) => [k, Number(value)])), null, 2));
