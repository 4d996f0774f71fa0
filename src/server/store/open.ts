import { openRedisStore } from './redis';
import { openSqliteStore } from './sqlite';
import type { Store } from './store';

/** Redis when a URL is given (shared by every instance), otherwise the SQLite file. */
export async function openStore(opts: { redisUrl?: string; dbPath: string }): Promise<Store> {
  return opts.redisUrl ? openRedisStore(opts.redisUrl) : openSqliteStore(opts.dbPath);
}
