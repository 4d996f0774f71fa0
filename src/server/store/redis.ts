import { Redis } from 'ioredis';
import { RedisScriptPipe, type RedisReply } from './redis-pipe';
import {
  IDEMPOTENCY_TTL_SECONDS,
  type ApiKeyRecord,
  type MeterOutcome,
  type MeterRequest,
  type NewApiKey,
  type Reservation,
  type Store,
  type StoredApiKey,
  withSharedInline,
} from './store';

const PREFIX = 'footprint:';
const keyByHash = (hash: Buffer) => `${PREFIX}key:${hash.toString('hex')}`;
const hashById = (id: string) => `${PREFIX}key-id:${id}`;
const ALL_IDS = `${PREFIX}key-ids`;
const usageKey = (keyId: string, monthKey: string) => `${PREFIX}usage:${keyId}:${monthKey}`;
const idempotencyKey = (keyId: string, key: string) => `${PREFIX}idem:${keyId}:${key}`;

const MAX_CACHED_KEYS = 10_000;

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

/**
 * A metered request in one round trip, atomic on the server: the key lookup
 * (still active, same id and plan as the caller's cached record), the
 * Idempotency-Key lookup, the reservation, and the idempotency record.
 * KEYS[1] key record; KEYS[2] usage counter; KEYS[3] idempotency record (only with an Idempotency-Key).
 * ARGV: 1 key id, 2 plan, 3 limit, 4 usage TTL, 5 fingerprint, 6 idempotency TTL, 7 reset seconds, 8 body head, 9 body tail ('' for none).
 */
const METER_LUA = `
local key = redis.call('HMGET', KEYS[1], 'id', 'plan', 'revoked_at')
if not key[1] or (key[3] and key[3] ~= '') then return {'revoked'} end
if key[1] ~= ARGV[1] or key[2] ~= ARGV[2] then return {'stale'} end
local idem = #KEYS == 3
if idem then
  local prev = redis.call('HMGET', KEYS[3], 'fp', 'used', 'limit', 'reset', 'head', 'tail')
  if prev[1] then
    if prev[1] ~= ARGV[5] then return {'reused'} end
    return {'replay', tonumber(prev[2]), tonumber(prev[3]), tonumber(prev[4]), prev[5], prev[6]}
  end
end
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
local limit = tonumber(ARGV[3])
if used >= limit then return {'refused', used} end
used = redis.call('INCR', KEYS[2])
if used == 1 then redis.call('EXPIRE', KEYS[2], ARGV[4]) end
if idem then
  redis.call('HSET', KEYS[3], 'fp', ARGV[5], 'used', used, 'limit', limit, 'reset', ARGV[7], 'head', ARGV[8], 'tail', ARGV[9])
  redis.call('EXPIRE', KEYS[3], ARGV[6])
end
return {'charged', used}
`;

/**
 * Creating a key must not overwrite another one: both records are written only
 * if neither exists. With ARGV[6] = '1' only while no key exists at all (the
 * first key of an empty store, created once however many instances start together).
 */
const CREATE_LUA = `
if ARGV[6] == '1' and redis.call('SCARD', KEYS[3]) > 0 then return 2 end
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
  // Every metered request sends the meter script: on a connection of its own, without ioredis's per-command cost.
  const meterPipe = new RedisScriptPipe(url, METER_LUA);

  const findKeyByHash = async (hash: Buffer): Promise<StoredApiKey | undefined> => {
    const h = await redis.hgetall(keyByHash(hash));
    if (!h.id) return undefined;
    return { ...toRecord(h), hash };
  };
  const create = (key: NewApiKey, onlyIfEmpty: boolean) =>
    redis.footprintCreate(
      keyByHash(key.hash),
      hashById(key.id),
      ALL_IDS,
      key.id,
      key.name,
      key.plan,
      key.createdAt,
      key.hash.toString('hex'),
      onlyIfEmpty ? '1' : '0',
    );

  // Active key records seen by this process, by hash. Each metered request's
  // script re-checks the record in Redis (revoked, plan changed), so the cache
  // never lets a revoked key through; it only saves the lookup round trip.
  const keyCache = new Map<string, StoredApiKey>();

  return {
    kind: 'redis',
    findKeyByHash,
    async createKey(key: NewApiKey): Promise<void> {
      const created = await create(key, false);
      if (created !== 1) throw new Error(`A key with id ${key.id} or the same secret already exists.`);
    },
    async createFirstKey(key: NewApiKey): Promise<boolean> {
      const created = await create(key, true);
      if (created === 0) throw new Error(`A key with id ${key.id} or the same secret already exists.`);
      return created === 1;
    },
    async keyForRequest(digest: string): Promise<StoredApiKey | undefined> {
      const cached = keyCache.get(digest);
      if (cached) return cached;
      const found = await findKeyByHash(Buffer.from(digest, 'base64url'));
      if (found && !found.revokedAt) {
        if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
        keyCache.set(digest, found);
      }
      return found;
    },
    async meter(m: MeterRequest): Promise<MeterOutcome> {
      const keyId = m.key.id;
      const body = withSharedInline(m.body);
      const args = [
        keyId,
        m.key.plan,
        m.limit,
        USAGE_TTL_SECONDS,
        m.idempotency?.fingerprint ?? '',
        IDEMPOTENCY_TTL_SECONDS,
        m.resetSeconds,
        body.head,
        body.tail ?? '',
      ];
      const keys = [keyByHash(m.key.hash), usageKey(keyId, m.monthKey)];
      if (m.idempotency) keys.push(idempotencyKey(keyId, m.idempotency.key));
      const reply = (await meterPipe.run(keys, args)) as RedisReply[];
      const kind = reply[0];
      switch (kind) {
        case 'charged':
        case 'refused':
          return { kind, used: reply[1] as number, limit: m.limit };
        case 'replay': {
          const [, used, limit, resetSeconds, head, tail] = reply as [string, number, number, number, string, string];
          return { kind, record: { used, limit, resetSeconds, head, tail: tail === '' ? null : tail } };
        }
        case 'reused':
          return { kind };
        case 'revoked':
        case 'stale':
          keyCache.delete(m.key.hash.toString('base64url'));
          return { kind };
        default:
          throw new Error(`unexpected reply from the meter script: ${String(kind)}`);
      }
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
      await meterPipe.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
