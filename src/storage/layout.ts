/**
 * Where each storage item lives in storage.local: the keys of
 * src/storage/items.ts, without defining WXT items (defining one reads its key
 * at once, for its migration check and init) and without importing anything,
 * so the popup's first read (src/popup/early-read.ts) stays a few hundred bytes.
 */
export type StorageKey = `local:${string}`;

/** Single items' keys, and families' key prefixes (one key per day, month or conversation). */
export const ITEM_KEYS = {
  settings: 'local:settings',
  siteHealth: 'local:siteHealth',
  remoteState: 'local:remote-state',
  retryQueue: 'local:remote-queue',
  ledgerIndex: 'local:ledger',
  allTimeTotals: 'local:totals:all',
  inbox: 'local:ledger-inbox',
  conversationsPrunedAt: 'local:conversationsPrunedAt',
  dayTurns: 'local:turns:',
  monthTotals: 'local:totals:',
  conversations: 'local:conversation:',
  budgetAlert: 'local:budget-alert',
} as const satisfies Record<string, StorageKey>;

/** A month's daily-totals key (`YYYY-MM`). */
export const monthTotalsKey = (month: string): StorageKey => `${ITEM_KEYS.monthTotals}${month}`;

/** The storage.local key without its area (as storage.local.get, storage.snapshot and storage.onChanged name it). */
export const bareKey = (key: StorageKey): string => key.slice('local:'.length);
