import { Redis } from 'ioredis';
import type { ApiKeyRecord, NewApiKey, Reservation, Store, StoredApiKey } from './store';

const PREFIX = 'footprint:';
const keyByHash = (hash: Buffer) => `${PREFIX}key:${hash.toString('hex')}`;
const hashById = (id: string) => `${PREFIX}key-id:${id}`;
const ALL_IDS = `${PREFIX}key-ids`;
const usageKey = (keyId: string, monthKey: string) => `${PREFIX}usage:${keyId}:${monthKey}`;

/** Usage counters are kept this long after their month ends, for `usage` and audits. */
const USAGE_TTL_SECONDS = 400 * 24 * 3600;

/**
 * One round trip, atomic on the server: take a unit only while used < limit.
 * KEYS[1] counter; ARGV[1] limit; ARGV[2] TTL in seconds. Returns {allowed 0|1, used}.
 */
const RESERVE_LUA = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local limit = tonumber(ARGV[1])
if used >= limit then return {0, used} end
used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {1, used}
`;

/** Creating a key must not overwrite another one: both records are written only if neither exists. */
const CREATE_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'name', ARGV[2], 'plan', ARGV[3], 'created_at', ARGV[4], 'revoked_at', '')
redis.call('SET', KEYS[2], ARGV[5])
redis.call('SADD', KEYS[3], ARGV[1])
return 1
`;

type FootprintRedis = Redis & {
  footprintReserve(counter: string, limit: number, ttl: number): Promise<[number, number]>;
  footprintCreate(recordKey: string, idKey: string, ids: string, ...args: string[]): Promise<number>;
};

const toRecord = (h: Record<string, string>): ApiKeyRecord => ({
  id: h.id,
  name: h.name,
  plan: h.plan,
  createdAt: h.created_at,
  revokedAt: h.revoked_at ? h.revoked_at : null,
});

/** The shared store: keys and quota counters in Redis, so any number of instances count together. */
export async function openRedisStore(url: string): Promise<Store> {
  // Auto-pipelining: commands issued in the same event-loop turn by concurrent requests go out in one write.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true }) as FootprintRedis;
  // defineCommand sends EVALSHA (falling back to EVAL once if the script is not cached): one round trip.
  redis.defineCommand('footprintReserve', { numberOfKeys: 1, lua: RESERVE_LUA });
  redis.defineCommand('footprintCreate', { numberOfKeys: 3, lua: CREATE_LUA });
  await redis.connect();

  return {
    kind: 'redis',
    async findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined> {
      const h = await redis.hgetall(keyByHash(hash));
      if (!h.id) return undefined;
      return { ...toRecord(h), hash };
    },
    async createKey(key: NewApiKey): Promise<void> {
      const hex = key.hash.toString('hex');
      const created = await redis.footprintCreate(
        keyByHash(key.hash),
        hashById(key.id),
        ALL_IDS,
        key.id,
        key.name,
        key.plan,
        key.createdAt,
        hex,
      );
      if (created !== 1) throw new Error(`A key with id ${key.id} or the same secret already exists.`);
    },
    async listKeys(): Promise<ApiKeyRecord[]> {
      const ids = await redis.smembers(ALL_IDS);
      if (ids.length === 0) return [];
      const hashes = await redis.mget(ids.map(hashById));
      const pipeline = redis.pipeline();
      for (const hex of hashes) if (hex) pipeline.hgetall(keyByHash(Buffer.from(hex, 'hex')));
      const rows = ((await pipeline.exec()) ?? []).map(([, h]) => toRecord(h as Record<string, string>));
      return rows.filter((r) => r.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async revokeKey(id: string, at: Date): Promise<boolean> {
      const hex = await redis.get(hashById(id));
      if (!hex) return false;
      const record = keyByHash(Buffer.from(hex, 'hex'));
      const current = await redis.hget(record, 'revoked_at');
      if (!current) await redis.hset(record, 'revoked_at', at.toISOString());
      return true;
    },
    async reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation> {
      const [allowed, used] = await redis.footprintReserve(usageKey(keyId, monthKey), limit, USAGE_TTL_SECONDS);
      return { allowed: allowed === 1, used, limit };
    },
    async usage(keyId: string, monthKey: string): Promise<number> {
      return Number((await redis.get(usageKey(keyId, monthKey))) ?? 0);
    },
    async close(): Promise<void> {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
