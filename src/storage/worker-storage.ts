/**
 * What the worker's counting and ledger share of storage: the one write queue, the settings source,
 * and the members of the item families defined so far (defining one runs its migrations, so each is
 * defined once). The worker makes one at start and hands it to both (src/worker/start.ts); a test
 * makes a fresh one, as a restarted worker starts with none.
 */
import type { WxtStorageItem } from 'wxt/utils/storage';
import type { ItemFamily } from './items';
import { createSettingsSource, type SettingsSource } from './settings-source';
import { createWriteQueue, type WriteQueue } from './write-queue';

export interface WorkerStorage {
  writes: WriteQueue;
  settings: SettingsSource;
  /** The family's member `id` (a day, a month, a conversation), defined on first use. */
  member<T>(family: ItemFamily<T>, id: string): WxtStorageItem<T, Record<string, never>>;
}

export function createWorkerStorage(): WorkerStorage {
  const members = new Map<string, WxtStorageItem<unknown, Record<string, never>>>();
  return {
    writes: createWriteQueue(),
    settings: createSettingsSource(),
    member<T>(family: ItemFamily<T>, id: string) {
      const key = family.keyOf(id);
      let item = members.get(key) as WxtStorageItem<T, Record<string, never>> | undefined;
      if (!item) {
        item = family.define(id);
        members.set(key, item as WxtStorageItem<unknown, Record<string, never>>);
      }
      return item;
    },
  };
}
