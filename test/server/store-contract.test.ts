import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, randomBytes } from 'node:crypto';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { openRedisStore } from '../../src/server/store/redis';
import { createApiKey, keyForSecret } from '../../src/server/store/api-keys';
import type { MeterRequest, Store, StoredApiKey, StoreOptions } from '../../src/server/store/store';
import { startRedis, startRedisCluster, type TestCluster, type TestRedis } from './support/redis';

let redis: TestRedis;
let cluster: TestCluster;
let dir: string;
beforeAll(async () => {
  [redis, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
  dir = mkdtempSync(join(tmpdir(), 'fp-store-'));
});
afterAll(async () => {
  await Promise.all([redis.stop(), cluster.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Each test gets a fresh location (a SQLite file, a Redis logical database, an emptied cluster); `open` may open it more than once. */
interface Backend {
  fresh(): Promise<string>;
  open(location: string, options?: StoreOptions): Promise<Store>;
}
let redisDb = 0;
const backends: Array<[string, Backend]> = [
  ['SQLite', { fresh: async () => join(dir, `${randomBytes(4).toString('hex')}.db`), open: async (path, options) => openSqliteStore(path, options) }],
  ['Redis', { fresh: async () => redis.url.replace(/\/0$/, `/${(redisDb = (redisDb + 1) % 16)}`), open: (url, options) => openRedisStore({ url }, options) }],
  ['Redis Cluster', { fresh: async () => (await cluster.flush(), ''), open: async (_, options) => openRedisStore({ clusterNodes: cluster.nodes }, options) }],
];

/** A key is stored as its SHA-256 hash: an unsalted hash is safe for a 256-bit random secret. */
const sha256 = (key: string): Buffer => hash('sha256', key, 'buffer');

/** A created key as the store keeps it. */
async function newKey(store: Store, plan: string): Promise<StoredApiKey & { key: string }> {
  const { key, record } = await createApiKey(store, plan);
  return { ...record, hash: sha256(key), key };
}

/** Figures as the core computes them (not round in binary), so sums show whether anything is lost or rounded. */
const ALPHA = { model: 'alpha-4o', energyKwh: 0.0042, carbonGco2e: 1.47, waterLiters: 0.00588 };
const BETA = { model: 'beta-2', energyKwh: 0.0000035, carbonGco2e: 0.0016625, waterLiters: 0.0000063 };
const EMPTY_MONTH = { requests: 0, energyKwh: 0, carbonGco2e: 0, waterLiters: 0, models: [] };

/** `n` times `f`, summed as the stores sum: in whole billionths. */
const times = (n: number, f: typeof ALPHA) => ({
  model: f.model,
  requests: n,
  energyKwh: (n * Math.round(f.energyKwh * 1e9)) / 1e9,
  carbonGco2e: (n * Math.round(f.carbonGco2e * 1e9)) / 1e9,
  waterLiters: (n * Math.round(f.waterLiters * 1e9)) / 1e9,
});

const request = (key: StoredApiKey, limit: number, more: Partial<MeterRequest> = {}): MeterRequest => ({
  key,
  monthKey: '2026-11',
  limit,
  idempotency: null,
  value: '{"answer":1}',
  figures: ALPHA,
  resetSeconds: 100,
  resetAt: Date.UTC(2026, 11, 1),
  now: new Date(),
  deadline: Date.now() + 10_000,
  ...more,
});

describe.each(backends)('Store contract: %s', (_name, backend) => {
  let location: string;
  let store: Store;
  const others: Store[] = [];
  beforeEach(async () => {
    location = await backend.fresh();
    store = await backend.open(location);
  });
  afterEach(async () => {
    for (const o of others.splice(0)) await o.close();
    await store.close();
  });
  const openAnother = async (options?: StoreOptions) => {
    const other = await backend.open(location, options);
    others.push(other);
    return other;
  };

  it('a key revoked through another connection is refused at once, by lookup and by meter', async () => {
    const k = await newKey(store, 'pro');
    expect(await keyForSecret(store, k.key)).toMatchObject({ id: k.id });
    const other = await openAnother();
    expect(await other.revokeKey(k.id, new Date())).toBe(true);
    expect(await keyForSecret(store, k.key)).toBeUndefined();
    expect(await store.meter(request(k, 10))).toEqual({ kind: 'revoked' });
  });

  it('a key created through another connection is accepted', async () => {
    const other = await openAnother();
    const { id, key } = await createApiKey(other, 'ultra');
    expect(await keyForSecret(store, key)).toMatchObject({ id, plan: 'ultra' });
  });

  it('two connections metering concurrently share one count', async () => {
    const k = await newKey(store, 'basic');
    const other = await openAnother();
    const results = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? store : other).meter(request(k, 50))));
    expect(results.filter((r) => r.kind === 'charged')).toHaveLength(50);
    expect(await other.usage(k.id, '2026-11')).toBe(50);
  });

  it('keeps only the hash of a created key and finds the record by it', async () => {
    const { id, key } = await createApiKey(store, 'pro', 'laptop', new Date('2026-11-01T10:00:00Z'));
    const found = await store.findKeyByHash(sha256(key));
    expect(found).toMatchObject({ id, plan: 'pro', name: 'laptop', createdAt: '2026-11-01T10:00:00.000Z', revokedAt: null });
    expect(found!.hash.equals(sha256(key))).toBe(true);
    expect(JSON.stringify(await store.listKeys())).not.toContain(key.slice(3));
    expect(await store.findKeyByHash(sha256(`${key}x`))).toBeUndefined();
  });

  it('lists keys oldest first', async () => {
    const before = (await store.listKeys()).length;
    const a = await createApiKey(store, 'basic', 'a', new Date('2026-01-01T00:00:00Z'));
    const b = await createApiKey(store, 'mega', 'b', new Date('2026-02-01T00:00:00Z'));
    const ids = (await store.listKeys()).map((k) => k.id);
    expect(ids.length).toBe(before + 2);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
  });

  it('refuses a second key with the same id, and the first key of a store only once', async () => {
    const record = { id: 'key_same', name: '', plan: 'basic', createdAt: new Date().toISOString(), revokedAt: null };
    expect(await store.createFirstKey({ ...record, hash: randomBytes(32) })).toBe(true);
    await expect(store.createKey({ ...record, hash: randomBytes(32) })).rejects.toThrow();
    expect(await (await openAnother()).createFirstKey({ ...record, id: 'key_other', hash: randomBytes(32) })).toBe(false);
  });

  it('revokes a key: an unknown id reports false', async () => {
    const k = await newKey(store, 'basic');
    expect(await store.revokeKey(k.id, new Date('2026-11-22T00:00:00Z'))).toBe(true);
    expect((await store.findKeyByHash(k.hash))!.revokedAt).toBe('2026-11-22T00:00:00.000Z');
    expect(await store.revokeKey('key_missing', new Date())).toBe(false);
  });

  it('charges up to the limit and then refuses without counting; each month and key apart', async () => {
    const a = await newKey(store, 'basic');
    const b = await newKey(store, 'basic');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await store.meter(request(a, 3)));
    expect(results.map((r) => r.kind)).toEqual(['charged', 'charged', 'charged', 'refused', 'refused']);
    expect(results.map((r) => ('used' in r ? r.used : -1))).toEqual([1, 2, 3, 3, 3]);
    expect((await store.meter(request(a, 3, { monthKey: '2026-12' }))).kind).toBe('charged');
    expect((await store.meter(request(b, 3))).kind).toBe('charged');
    expect(await store.usage(a.id, '2026-11')).toBe(3);
    expect(await store.usage(a.id, '2027-01')).toBe(0);
  });

  it('takes exactly the limit under concurrent calls', async () => {
    const k = await newKey(store, 'basic');
    const results = await Promise.all(Array.from({ length: 250 }, () => store.meter(request(k, 100))));
    const charged = results.filter((r) => r.kind === 'charged');
    expect(charged).toHaveLength(100);
    expect(new Set(charged.map((r) => r.used)).size).toBe(100);
    expect(await store.usage(k.id, '2026-11')).toBe(100);
  });

  it('records an answer under its Idempotency-Key: the same fingerprint replays it, another is refused, another API key has its own', async () => {
    const a = await newKey(store, 'pro');
    const b = await newKey(store, 'pro');
    const idem = { key: 'retry-1', fingerprint: 'v2:aaa' };
    expect(await store.meter(request(a, 10, { idempotency: idem, value: '{"plan":"pro","n":1}' }))).toEqual({ kind: 'charged', used: 1, limit: 10 });
    expect(await store.meter(request(a, 10, { idempotency: idem, value: '{"other":true}' }))).toEqual({
      kind: 'replay',
      record: { value: '{"plan":"pro","n":1}', used: 1, limit: 10, resetSeconds: 100, resetAt: Date.UTC(2026, 11, 1) },
    });
    expect(await store.meter(request(a, 10, { idempotency: { ...idem, fingerprint: 'v2:bbb' } }))).toEqual({ kind: 'reused' });
    expect(await store.meter(request(b, 10, { idempotency: idem, value: '{"b":1}' }))).toMatchObject({ kind: 'charged' });
    expect(await store.usage(a.id, '2026-11')).toBe(1);
  });

  it('charges nothing for a request whose deadline has passed', async () => {
    const k = await newKey(store, 'pro');
    await expect(store.meter(request(k, 10, { deadline: Date.now() - 1, idempotency: { key: 'late', fingerprint: 'f' } }))).rejects.toThrow();
    expect(await store.usage(k.id, '2026-11')).toBe(0);
    expect((await store.meter(request(k, 10, { idempotency: { key: 'late', fingerprint: 'f' } }))).kind).toBe('charged');
  });

  it('a changed plan is reported stale', async () => {
    const k = await newKey(store, 'pro');
    expect(await store.meter({ ...request(k, 10), key: { ...k, plan: 'basic' } })).toEqual({ kind: 'stale' });
  });

  describe("each key's month", () => {
    it('adds the figures of each charged calculation per model; a refusal and a replay add nothing', async () => {
      const a = await newKey(store, 'pro');
      const b = await newKey(store, 'pro');
      expect(await store.monthUsage(a.id, '2026-11')).toEqual(EMPTY_MONTH);
      const idem = { key: 'once', fingerprint: 'v2:f' };
      expect((await store.meter(request(a, 4, { idempotency: idem }))).kind).toBe('charged');
      expect((await store.meter(request(a, 4, { idempotency: idem }))).kind).toBe('replay');
      expect((await store.meter(request(a, 4, { figures: BETA }))).kind).toBe('charged');
      expect((await store.meter(request(a, 4))).kind).toBe('charged');
      expect((await store.meter(request(a, 4, { figures: BETA }))).kind).toBe('charged');
      expect((await store.meter(request(a, 4))).kind).toBe('refused');
      expect((await store.meter(request(b, 4, { figures: BETA }))).kind).toBe('charged');

      const alpha = times(2, ALPHA);
      const beta = times(2, BETA);
      expect(await store.monthUsage(a.id, '2026-11')).toEqual({
        requests: 4,
        energyKwh: (Math.round(alpha.energyKwh * 1e9) + Math.round(beta.energyKwh * 1e9)) / 1e9,
        carbonGco2e: (Math.round(alpha.carbonGco2e * 1e9) + Math.round(beta.carbonGco2e * 1e9)) / 1e9,
        waterLiters: (Math.round(alpha.waterLiters * 1e9) + Math.round(beta.waterLiters * 1e9)) / 1e9,
        models: [alpha, beta],
      });
      expect(await store.monthUsage(b.id, '2026-11')).toMatchObject({ requests: 1, models: [times(1, BETA)] });
    });

    it('keeps exact sums under 100 concurrent calls on one key, from two connections', async () => {
      const k = await newKey(store, 'pro');
      const other = await openAnother();
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? store : other).meter(request(k, 1000))));
      expect(results.every((r) => r.kind === 'charged')).toBe(true);
      const hundred = times(100, ALPHA);
      expect(await store.monthUsage(k.id, '2026-11')).toEqual({
        requests: 100,
        energyKwh: hundred.energyKwh,
        carbonGco2e: hundred.carbonGco2e,
        waterLiters: hundred.waterLiters,
        models: [hundred],
      });
      expect(hundred.energyKwh).toBe(0.42);
    });

    it('starts each UTC month from zero and keeps the one before', async () => {
      const k = await newKey(store, 'pro');
      await store.meter(request(k, 10, { now: new Date('2026-11-30T23:59:59.999Z') }));
      await store.meter(request(k, 10, { monthKey: '2026-12', now: new Date('2026-12-01T00:00:00Z'), figures: BETA }));
      expect(await store.monthUsage(k.id, '2026-11')).toMatchObject({ requests: 1, models: [times(1, ALPHA)] });
      expect(await store.monthUsage(k.id, '2026-12')).toMatchObject({ requests: 1, models: [times(1, BETA)] });
    });

    it('loses nothing when the store is closed and opened again', async () => {
      const k = await newKey(store, 'pro');
      await Promise.all(Array.from({ length: 5 }, () => store.meter(request(k, 10))));
      const before = await store.monthUsage(k.id, '2026-11');
      await store.close();
      store = await backend.open(location);
      expect(await store.monthUsage(k.id, '2026-11')).toEqual(before);
      expect(before.requests).toBe(5);
    });

    it('drops a month once it is older than the months kept, and charges the new month from zero', async () => {
      const store2 = await openAnother({ usageMonths: 2 });
      const k = await newKey(store2, 'pro');
      // Charged 1 s before 2027-01 begins: with 2 months kept, 2026-11 goes at that instant.
      const leaves = Date.UTC(2027, 0, 1);
      await store2.meter(request(k, 10, { now: new Date(leaves - 1000) }));
      expect((await store2.monthUsage(k.id, '2026-11')).requests).toBe(1);
      await new Promise((r) => setTimeout(r, 1300));
      expect((await store2.meter(request(k, 10, { monthKey: '2027-01', now: new Date(leaves) }))).kind).toBe('charged');
      expect(await store2.monthUsage(k.id, '2026-11')).toEqual(EMPTY_MONTH);
      expect(await store2.usage(k.id, '2026-11')).toBe(0);
      expect((await store2.monthUsage(k.id, '2027-01')).requests).toBe(1);
    });
  });
});
