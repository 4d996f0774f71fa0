import { openRedisStore } from './redis';
import { openSqliteStore } from './sqlite';
import { CONFIG_DEFAULTS } from '../config';
import { withTimeout, type Store, type StoreOptions } from './store';

export interface StoreLocation {
  dbPath: string;
  redisUrl?: string;
  /** Seed nodes (host:port) of a Redis Cluster; wins over redisUrl. */
  redisClusterNodes?: string[];
}

/** The store the settings name (Redis Cluster, else Redis, else the SQLite file), every call bounded by the store timeout. */
export async function openStore(at: StoreLocation, options: StoreOptions = {}): Promise<Store> {
  const store = at.redisClusterNodes?.length
    ? await openRedisStore({ clusterNodes: at.redisClusterNodes }, options)
    : at.redisUrl
      ? await openRedisStore({ url: at.redisUrl }, options)
      : openSqliteStore(at.dbPath, options);
  return withTimeout(store, options.storeTimeoutMs ?? CONFIG_DEFAULTS.storeTimeoutMs);
}
