/**
 * The one table of what the extension keeps in storage.local: every item's
 * key, schema version, type, fallback and migrations, and whether "delete all
 * data" removes it. Bump an item's version and add a migration (with a test fed
 * the old shape) whenever its shape changes.
 *
 * Items are single keys or families (one key per day, month or conversation,
 * sharing a key prefix). WXT keeps each key's version in a meta key `key$`.
 */
import { storage, type WxtStorageItem } from 'wxt/utils/storage';
import type { BudgetAlert } from '../domain/budget';
import type { ConversationState } from '../domain/conversation';
import type { AllTimeTotals, Inbox, LedgerIndex, MonthTotals } from '../domain/ledger';
import type { RemoteState, RetryQueue } from '../domain/remote';
import type { Settings } from '../domain/settings';
import type { SiteHealth } from '../domain/turns';
import type { SiteId } from '../domain/site-ids';
import { migrateConversationV1toV2, migrateInboxV1toV2, migrateLedgerIndexV1toV2 } from './counted-turn-migrations';
import {
  migrateDayTurnsV1toV2,
  migrateDayTurnsV2toV3,
  migrateDayTurnsV3toV4,
  migrateDayTurnsV4toV5,
  migrateDayTurnsV5toV6,
  migrateDayTurnsV6toV7,
  type DayTurns,
} from './day-turns';
import { FALLBACKS } from './fallbacks';
import { ITEM_KEYS, bareKey, type StorageKey } from './layout';
import { migrateSettingsV1toV2, migrateSettingsV2toV3, migrateSettingsV3toV4, migrateSettingsV4toV5, migrateSettingsV5toV6 } from './settings-migrations';
import { migrateSiteHealthV1toV2 } from './site-health-migrations';

export { bareKey, type StorageKey };

/** One value of a batched write: the key, its value, and the item's version (written to `key$` in the same batch). */
export interface Write {
  key: StorageKey;
  value: unknown;
  version: number;
}

interface ItemOptions<T> {
  version: number;
  fallback: T;
  migrations?: Record<number, (old: unknown) => unknown>;
  /** Removed by "delete all data" (the ledger and history counts); settings and the like stay. */
  deletedWithData: boolean;
}

export interface SingleItem<T> {
  kind: 'single';
  key: StorageKey;
  version: number;
  deletedWithData: boolean;
  item: WxtStorageItem<T, Record<string, never>>;
  write(value: T): Write;
}

export interface ItemFamily<T> {
  kind: 'family';
  /** Every member's key starts with this (e.g. `local:turns:`). */
  prefix: StorageKey;
  version: number;
  deletedWithData: boolean;
  keyOf(id: string): StorageKey;
  /** Defines the member's item, which runs its migrations: the worker defines each once (WorkerStorage.member). */
  define(id: string): WxtStorageItem<T, Record<string, never>>;
  write(id: string, value: T): Write;
}

function define<T>(key: StorageKey, o: ItemOptions<T>): WxtStorageItem<T, Record<string, never>> {
  return storage.defineItem<T, Record<string, never>>(key, { fallback: o.fallback, version: o.version, migrations: o.migrations });
}

function single<T>(key: StorageKey, o: ItemOptions<T>): SingleItem<T> {
  return {
    kind: 'single',
    key,
    version: o.version,
    deletedWithData: o.deletedWithData,
    item: define(key, o),
    write: (value) => ({ key, value, version: o.version }),
  };
}

function family<T>(prefix: StorageKey, o: ItemOptions<T>): ItemFamily<T> {
  const keyOf = (id: string): StorageKey => `${prefix}${id}`;
  return {
    kind: 'family',
    prefix,
    version: o.version,
    deletedWithData: o.deletedWithData,
    keyOf,
    define: (id) => define(keyOf(id), o),
    write: (id, value) => ({ key: keyOf(id), value, version: o.version }),
  };
}

export const STORAGE_ITEMS = {
  settings: single<Settings>(ITEM_KEYS.settings, {
    version: 6,
    fallback: FALLBACKS.settings,
    migrations: { 2: migrateSettingsV1toV2, 3: migrateSettingsV2toV3, 4: migrateSettingsV3toV4, 5: migrateSettingsV4toV5, 6: migrateSettingsV5toV6 },
    deletedWithData: false,
  }),
  /** Latest health report per site, from the content scripts. */
  siteHealth: single<Partial<Record<SiteId, SiteHealth>>>(ITEM_KEYS.siteHealth, {
    version: 2,
    fallback: FALLBACKS.siteHealth,
    migrations: { 2: migrateSiteHealthV1toV2 },
    deletedWithData: false,
  }),
  remoteState: single<RemoteState>(ITEM_KEYS.remoteState, { version: 1, fallback: FALLBACKS.remoteState, deletedWithData: false }),
  retryQueue: single<RetryQueue>(ITEM_KEYS.retryQueue, { version: 1, fallback: FALLBACKS.retryQueue, deletedWithData: true }),
  ledgerIndex: single<LedgerIndex>(ITEM_KEYS.ledgerIndex, {
    version: 2,
    fallback: FALLBACKS.ledgerIndex,
    migrations: { 2: migrateLedgerIndexV1toV2 },
    deletedWithData: true,
  }),
  /** Null until first built (then summed from every month once). */
  allTimeTotals: single<AllTimeTotals | null>(ITEM_KEYS.allTimeTotals, { version: 1, fallback: FALLBACKS.allTimeTotals, deletedWithData: true }),
  inbox: single<Inbox>(ITEM_KEYS.inbox, { version: 2, fallback: { turns: [] }, migrations: { 2: migrateInboxV1toV2 }, deletedWithData: true }),
  /** The budget's level as last shown on the badge: the notification is sent when it moves to `over`. */
  budgetAlert: single<BudgetAlert>(ITEM_KEYS.budgetAlert, { version: 1, fallback: FALLBACKS.budgetAlert, deletedWithData: false }),
  conversationsPrunedAt: single<number>(ITEM_KEYS.conversationsPrunedAt, { version: 1, fallback: 0, deletedWithData: false }),
  /** Raw ledger turns, one key per local day (`YYYY-MM-DD`); see day-turns.ts for the encoding. */
  dayTurns: family<DayTurns | null>(ITEM_KEYS.dayTurns, {
    version: 7,
    fallback: null,
    migrations: {
      2: migrateDayTurnsV1toV2,
      3: migrateDayTurnsV2toV3,
      4: migrateDayTurnsV3toV4,
      5: migrateDayTurnsV4toV5,
      6: migrateDayTurnsV5toV6,
      7: migrateDayTurnsV6toV7,
    },
    deletedWithData: true,
  }),
  /** Daily totals, one key per month (`YYYY-MM`). Never pruned. (`totals:all` shares the prefix and is deleted with it.) */
  monthTotals: family<MonthTotals>(ITEM_KEYS.monthTotals, { version: 1, fallback: FALLBACKS.monthTotals, deletedWithData: true }),
  /** Per-conversation history counts, one key per `site:conversationId`. No fallback object: counting updates states in place. */
  conversations: family<ConversationState | null>(ITEM_KEYS.conversations, {
    version: 2,
    fallback: null,
    migrations: { 2: migrateConversationV1toV2 },
    deletedWithData: true,
  }),
} as const;

/** The settings, for reading outside the worker. The worker reads and writes them through its settings source (settings-source.ts). */
export const settingsItem: Pick<WxtStorageItem<Settings, Record<string, never>>, 'getValue'> = STORAGE_ITEMS.settings.item;

export const siteHealthItem = STORAGE_ITEMS.siteHealth.item;
export const remoteStateItem = STORAGE_ITEMS.remoteState.item;
export const retryQueueItem = STORAGE_ITEMS.retryQueue.item;
export const ledgerIndexItem = STORAGE_ITEMS.ledgerIndex.item;
export const allTimeTotalsItem = STORAGE_ITEMS.allTimeTotals.item;
export const inboxItem = STORAGE_ITEMS.inbox.item;
export const budgetAlertItem = STORAGE_ITEMS.budgetAlert.item;

/** The version meta key WXT keeps next to an item (`key$`). Batched writes set it themselves. */
export const metaKeyOf = (key: string) => `${key}$` as StorageKey;

/** Of `storedKeys` (bare, as a snapshot lists them, meta keys included): those "delete all data" removes. */
export function keysDeletedWithData(storedKeys: readonly string[]): string[] {
  const items = Object.values(STORAGE_ITEMS).filter((i) => i.deletedWithData);
  return storedKeys.filter((k) =>
    items.some((i) => (i.kind === 'single' ? k === bareKey(i.key) || k === bareKey(metaKeyOf(i.key)) : k.startsWith(bareKey(i.prefix)))),
  );
}
