import { CONFIG_DEFAULTS } from '../config';
import { Cluster, Redis } from 'ioredis';
import { monthStart, shiftMonth } from '../quota';
import { monthUsage, toBillionths, type ApiKeyRecord, type MeterOutcome, type MeterRequest, type Store, type StoreOptions, type StoredApiKey } from './store';

/**
 * Key layout. What the meter script touches for one API key (its state,
 * the month's counter and figures, its idempotency records) carries the key id in braces,
 * a Redis Cluster hash tag: it lives in one slot and the script runs
 * atomically on one node. The record found by the secret's hash, the id index
 * and the list of ids are global keys, each read on its own.
 */
const PREFIX = 'footprint:';
const byHash = (hash: Buffer) => `${PREFIX}key:${hash.toString('hex')}`;
const stateKey = (id: string) => `${PREFIX}{${id}}:key`;
const usageKey = (id: string, monthKey: string) => `${PREFIX}{${id}}:usage:${monthKey}`;
/** A hash per key and month: fields r:<model> (requests), e:, c:, w: <model> (energy, carbon, water in billionths). */
const figuresKey = (id: string, monthKey: string) => `${PREFIX}{${id}}:figures:${monthKey}`;
const idempotencyKey = (id: string, key: string) => `${PREFIX}{${id}}:idem:${key}`;
const hashById = (id: string) => `${PREFIX}key-id:${id}`;
const ALL_IDS = `${PREFIX}key-ids`;
/** Set once any key exists, so the first-key creation of several starting instances happens once. */
const HAS_KEYS = `${PREFIX}has-keys`;

/**
 * A metered request in one round trip, atomic on the server: the caller's
 * deadline (past it the caller got 503, so nothing may be charged), the key's
 * state (still active, same plan as the record the caller found), the Idempotency-Key lookup, the
 * reservation, the month's figures (both expiring when the month leaves the retention) and the
 * idempotency record (with its TTL).
 * KEYS: key state, usage counter, figures, idempotency record (only with an Idempotency-Key).
 * ARGV: plan, limit, usage TTL (ms), fingerprint, idempotency TTL, value, reset seconds,
 * reset at, deadline (ms), model, energy, carbon, water (billionths).
 */
const METER_LUA = `
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[9]) then return {'late'} end
local key = redis.call('HMGET', KEYS[1], 'plan', 'revoked_at')
if not key[1] or key[2] then return {'revoked'} end
if key[1] ~= ARGV[1] then return {'stale'} end
if #KEYS == 4 then
  local prev = redis.call('HMGET', KEYS[4], 'fp', 'used', 'limit', 'reset', 'reset_at', 'value')
  if prev[1] then
    if prev[1] ~= ARGV[4] then return {'reused'} end
    return {'replay', prev[2], prev[3], prev[4], prev[5], prev[6]}
  end
end
local used = tonumber(redis.call('GET', KEYS[2]) or '0')
if used >= tonumber(ARGV[2]) then return {'refused', used} end
used = redis.call('INCR', KEYS[2])
redis.call('HINCRBY', KEYS[3], 'r:' .. ARGV[10], 1)
redis.call('HINCRBY', KEYS[3], 'e:' .. ARGV[10], ARGV[11])
redis.call('HINCRBY', KEYS[3], 'c:' .. ARGV[10], ARGV[12])
redis.call('HINCRBY', KEYS[3], 'w:' .. ARGV[10], ARGV[13])
if used == 1 or redis.call('PTTL', KEYS[3]) < 0 then
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
end
if #KEYS == 4 then
  redis.call('HSET', KEYS[4], 'fp', ARGV[4], 'used', used, 'limit', ARGV[2], 'reset', ARGV[7], 'reset_at', ARGV[8], 'value', ARGV[6])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
return {'charged', used}
`;

/** The record found by the secret's hash, only if none has that hash. */
const CREATE_RECORD_LUA = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'name', ARGV[2], 'plan', ARGV[3], 'created_at', ARGV[4])
return 1
`;

type Client = (Redis | Cluster) & {
  footprintMeter(...args: (string | number)[]): Promise<(string | number)[]>;
  footprintCreateRecord(record: string, ...args: string[]): Promise<number>;
};

const toRecord = (h: Record<string, string>): ApiKeyRecord => ({
  id: h.id,
  name: h.name,
  plan: h.plan,
  createdAt: h.created_at,
  revokedAt: h.revoked_at ?? null,
});

export type RedisTarget = { url: string } | { clusterNodes: string[] };

/** `host:port` seed nodes as ioredis takes them. */
const seedNode = (hostPort: string) => {
  const at = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(hostPort.slice(at + 1)) };
};

/** A connected client with the store's scripts defined. */
async function connect(target: RedisTarget, timeoutMs: number): Promise<Client> {
  // Auto-pipelining: commands issued in the same event-loop turn by concurrent requests go out in one write.
  const common = { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: 1, connectTimeout: timeoutMs };
  const redis = (
    'url' in target
      ? new Redis(target.url, common)
      : // Without auto-pipelining: ioredis groups a Cluster's auto-pipelines by the first argument, which for a script is
        // not a key (redis/ioredis#2109: "All keys in the pipeline should belong to the same slots allocation group").
        new Cluster(target.clusterNodes.map(seedNode), { lazyConnect: true, redisOptions: common })
  ) as Client;
  redis.on('error', () => undefined); // Reported through the failing calls; ioredis reconnects by itself.
  redis.defineCommand('footprintMeter', { lua: METER_LUA });
  redis.defineCommand('footprintCreateRecord', { numberOfKeys: 1, lua: CREATE_RECORD_LUA });
  await redis.connect();
  return redis;
}

/** The API keys: created, found by their secret's hash, listed and revoked. */
function keyRecords(redis: Client): Pick<Store, 'findKeyByHash' | 'createKey' | 'createFirstKey' | 'listKeys' | 'revokeKey'> {
  const findKeyByHash = async (hash: Buffer): Promise<StoredApiKey | undefined> => {
    const h = await redis.hgetall(byHash(hash));
    return h.id ? { ...toRecord(h), hash } : undefined;
  };
  const hashOf = async (id: string) => {
    const hex = await redis.get(hashById(id));
    return hex ? Buffer.from(hex, 'hex') : undefined;
  };
  const createKey = async (key: StoredApiKey) => {
    await redis.set(HAS_KEYS, '1');
    if ((await redis.set(hashById(key.id), key.hash.toString('hex'), 'NX')) !== 'OK') throw new Error(`A key with id ${key.id} already exists.`);
    await redis.hset(stateKey(key.id), 'plan', key.plan);
    if ((await redis.footprintCreateRecord(byHash(key.hash), key.id, key.name, key.plan, key.createdAt)) !== 1) {
      await redis.del(hashById(key.id), stateKey(key.id));
      throw new Error(`A key with the same secret as ${key.id} already exists.`);
    }
    await redis.sadd(ALL_IDS, key.id);
  };
  return {
    findKeyByHash,
    createKey,
    async createFirstKey(key) {
      if ((await redis.set(HAS_KEYS, '1', 'NX')) !== 'OK') return false;
      await createKey(key);
      return true;
    },
    async listKeys() {
      const ids = await redis.smembers(ALL_IDS);
      const hashes = await Promise.all(ids.map(hashOf));
      const records = await Promise.all(hashes.map((h) => (h ? findKeyByHash(h) : undefined)));
      return records
        .filter((r): r is StoredApiKey => r !== undefined)
        .map(({ hash: _, ...r }) => r)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async revokeKey(id, at) {
      const hash = await hashOf(id);
      if (!hash) return false;
      // The state first: from then on the meter script refuses the key, whatever the record says.
      await redis.hsetnx(stateKey(id), 'revoked_at', at.toISOString());
      await redis.hsetnx(byHash(hash), 'revoked_at', at.toISOString());
      return true;
    },
  };
}

/** The meter script's reply as the store's outcome. */
function meterOutcome(reply: (string | number)[], limit: number): MeterOutcome {
  const kind = reply[0];
  switch (kind) {
    case 'charged':
    case 'refused':
      return { kind, used: Number(reply[1]), limit };
    case 'replay': {
      const [, used, quotaLimit, resetSeconds, resetAt, value] = reply;
      return {
        kind,
        record: { used: Number(used), limit: Number(quotaLimit), resetSeconds: Number(resetSeconds), resetAt: Number(resetAt), value: String(value) },
      };
    }
    case 'reused':
    case 'revoked':
    case 'stale':
      return { kind };
    default:
      throw new Error(`The meter script answered ${String(kind)} (past the deadline: not charged).`);
  }
}

/** One metered request: the meter script's keys and arguments, in one round trip. */
function meterWith(redis: Client, idempotencyTtlS: number, usageMonths: number): Store['meter'] {
  /**
   * A month's counter and figures expire when it leaves the retention, at the start of the month usageMonths
   * later, by the service's clock (the request's `now`), so an injected clock ages them as it goes.
   */
  const usageTtlMs = (month: string, now: Date) => Math.max(1, monthStart(shiftMonth(month, usageMonths))!.getTime() - now.getTime());
  return async (m: MeterRequest) => {
    const keys = [stateKey(m.key.id), usageKey(m.key.id, m.monthKey), figuresKey(m.key.id, m.monthKey)];
    if (m.idempotency) keys.push(idempotencyKey(m.key.id, m.idempotency.key));
    const f = m.figures;
    const args = [
      ...[
        m.key.plan,
        m.limit,
        usageTtlMs(m.monthKey, m.now),
        m.idempotency?.fingerprint ?? '',
        idempotencyTtlS,
        m.value,
        m.resetSeconds,
        m.resetAt,
        m.deadline,
      ],
      ...[f.model, toBillionths(f.energyKwh), toBillionths(f.carbonGco2e), toBillionths(f.waterLiters)],
    ];
    return meterOutcome(await redis.footprintMeter(keys.length, ...keys, ...args), m.limit);
  };
}

/** A key's month: its request count and figures per model. */
function monthUsageWith(redis: Client): Store['monthUsage'] {
  return async (keyId, month) => {
    // One MULTI on the key's slot: the count and the figures of the same instant.
    const replies = await redis.multi().get(usageKey(keyId, month)).hgetall(figuresKey(keyId, month)).exec();
    if (!replies) throw new Error('The usage read was aborted.');
    for (const [error] of replies) if (error) throw error;
    const requests = Number(replies[0][1] ?? 0);
    const fields = replies[1][1] as Record<string, string>;
    const rows = Object.keys(fields)
      .filter((f) => f.startsWith('r:'))
      .map((f) => {
        const model = f.slice(2);
        const n = (kind: string) => Number(fields[`${kind}:${model}`] ?? 0);
        return { model, requests: n('r'), energy: n('e'), carbon: n('c'), water: n('w') };
      });
    return monthUsage(requests, rows);
  };
}

/** The shared store: keys, counters and idempotency records in Redis or a Redis Cluster, so any number of instances count together. */
export async function openRedisStore(target: RedisTarget, options: StoreOptions = {}): Promise<Store> {
  const redis = await connect(target, options.storeTimeoutMs ?? CONFIG_DEFAULTS.storeTimeoutMs);
  return {
    kind: 'url' in target ? 'redis' : 'redis-cluster',
    ...keyRecords(redis),
    meter: meterWith(redis, options.idempotencyTtlS ?? CONFIG_DEFAULTS.idempotencyTtlS, options.usageMonths ?? CONFIG_DEFAULTS.usageMonths),
    async usage(keyId, monthKey) {
      return Number((await redis.get(usageKey(keyId, monthKey))) ?? 0);
    },
    monthUsage: monthUsageWith(redis),
    async ping() {
      if (redis instanceof Cluster) await Promise.all(redis.nodes('master').map((n) => n.ping()));
      else await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
