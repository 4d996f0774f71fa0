import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ERROR_CATALOG, ProblemSchema } from '../../src/core';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { openRedisStore } from '../../src/server/store/redis';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { Store } from '../../src/server/store/store';
import { monthKey } from '../../src/server/quota';
import { postJson, type Answer } from './support/http';
import { planLimit } from './support/fixtures';
import { startRedis, startRedisCluster, type TestRedis } from './support/redis';
import { spawnServer, type ServerProcess } from './support/server-process';

const V2 = '/api/v2/calculate';
const V1 = '/api/v1/calculate';
const REQUEST = { model: 'alpha-4o', input_tokens: 1200, output_tokens: 400, region: 'eu-germany' };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-idem-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const newKey = () => `turn-${process.pid}-${Date.now()}-${counter++}`;

function expectProblem(a: Answer, code: keyof typeof ERROR_CATALOG): void {
  expect(a.status, a.text).toBe(ERROR_CATALOG[code].status);
  expect(a.headers.get('content-type')).toBe('application/problem+json');
  expect(ProblemSchema.strict().parse(a.json)).toMatchObject({ code, status: ERROR_CATALOG[code].status });
}

/** The same behaviour on both stores, over real HTTP. `urls` are the instances (two on Redis, sharing it). */
interface Rig {
  urls: string[];
  store: Store;
  /** A fresh key on `plan`. */
  key(plan: string): Promise<{ id: string; key: string }>;
}

function contract(name: string, setup: () => Promise<{ rig: Rig; stop(): Promise<void> }>) {
  describe(`Idempotency-Key on ${name}`, () => {
    let rig: Rig;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ rig, stop } = await setup());
    });
    afterAll(() => stop());
    const used = (id: string) => rig.store.usage(id, monthKey(new Date()));
    const post = (i: number, path: string, body: unknown, key: string, idem?: string) =>
      postJson(rig.urls[i % rig.urls.length], path, body, key, idem === undefined ? {} : { 'Idempotency-Key': idem });

    it('a repeat with the same key and body gets the stored answer, marked replayed, and costs no quota', async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      const first = await post(0, V2, REQUEST, key, idem);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      // The repeat goes to the other instance where there are two.
      const again = await post(1, V2, REQUEST, key, idem);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'content-type']) {
        expect(again.headers.get(h), h).toBe(first.headers.get(h));
      }
      expect(first.headers.get('ratelimit-remaining')).toBe(String(planLimit('pro') - 1));
      expect(await used(id)).toBe(1);
      // A request without a key is charged as before.
      await post(0, V2, REQUEST, key);
      expect(await used(id)).toBe(2);
    });

    it("the draft's quoted form and the bare token name the same key", async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      await post(0, V2, REQUEST, key, `"${idem}"`);
      const again = await post(1, V2, REQUEST, key, idem);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await used(id)).toBe(1);
    });

    it('the same key with another body, or on the other endpoint, is 422 IDEMPOTENCY_KEY_REUSED and costs nothing', async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      expect((await post(0, V2, REQUEST, key, idem)).status).toBe(200);
      const other = await post(1, V2, { ...REQUEST, output_tokens: 401 }, key, idem);
      expectProblem(other, 'IDEMPOTENCY_KEY_REUSED');
      expect(other.headers.get('ratelimit-remaining')).toBeNull();
      const v1 = await post(0, V1, { model: 'alpha-4', tokens: 10 }, key, idem);
      expectProblem(v1, 'IDEMPOTENCY_KEY_REUSED');
      // Same JSON, other bytes: "the same body" means the same bytes.
      const respaced = await post(1, V2, JSON.stringify(REQUEST, null, 1), key, idem);
      expectProblem(respaced, 'IDEMPOTENCY_KEY_REUSED');
      expect(await used(id)).toBe(1);
    });

    it('keys are scoped to the API key: another API key with the same Idempotency-Key is a new request', async () => {
      const a = await rig.key('pro');
      const b = await rig.key('pro');
      const idem = newKey();
      await post(0, V2, REQUEST, a.key, idem);
      const other = await post(1, V2, REQUEST, b.key, idem);
      expect(other.status).toBe(200);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect([await used(a.id), await used(b.id)]).toEqual([1, 1]);
    });

    it('a request that fails validation stores nothing and stays free: the key then works for a valid request', async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      expectProblem(await post(0, V2, { model: 'alpha-99', tokens: 5 }, key, idem), 'INVALID_MODEL');
      expectProblem(await post(1, V2, '{"model":', key, idem), 'BAD_REQUEST');
      expectProblem(await post(0, V2, REQUEST, 'fp_' + 'x'.repeat(43), idem), 'UNAUTHORIZED');
      expect(await used(id)).toBe(0);
      const valid = await post(1, V2, REQUEST, key, idem);
      expect(valid.status).toBe(200);
      expect(valid.headers.get('idempotent-replayed')).toBeNull();
      expect(await used(id)).toBe(1);
    });

    it('a key of 255 characters is accepted; 256, an empty one or a non-ASCII one is 400 and costs nothing', async () => {
      const { id, key } = await rig.key('pro');
      const longest = `${newKey()}-`.padEnd(255, 'k');
      expect((await post(0, V2, REQUEST, key, longest)).status).toBe(200);
      expect((await post(1, V2, REQUEST, key, longest)).headers.get('idempotent-replayed')).toBe('true');
      const tooLong = await post(0, V2, REQUEST, key, `${longest}k`);
      expectProblem(tooLong, 'BAD_REQUEST');
      expect(tooLong.json.detail).toMatch(/256 characters.*at most 255/);
      expectProblem(await post(1, V2, REQUEST, key, '""'), 'BAD_REQUEST');
      expectProblem(await post(0, V2, REQUEST, key, ' '), 'BAD_REQUEST');
      expect(await used(id)).toBe(1);
    });

    it('concurrent repeats (across instances where there are two) are charged once and all get the first answer', async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => post(i, V2, REQUEST, key, idem)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(new Set(answers.map((a) => a.headers.get('ratelimit-remaining'))).size).toBe(1);
      expect(await used(id)).toBe(1);
    });

    it('a repeat is answered even when the quota has since run out; a 429 is not stored, so its retry is decided afresh', async () => {
      const { id, key } = await rig.key('basic');
      const idem = newKey();
      const first = await post(0, V2, REQUEST, key, idem);
      for (let i = 1; i < planLimit('basic'); i++) expect((await post(i, V2, { model: 'alpha-4o', tokens: i }, key)).status).toBe(200);
      const replay = await post(1, V2, REQUEST, key, idem);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(first.text);
      expect(replay.headers.get('ratelimit-remaining')).toBe(String(planLimit('basic') - 1));
      const refusedKey = newKey();
      expectProblem(await post(0, V2, REQUEST, key, refusedKey), 'RATE_LIMIT_EXCEEDED');
      const retried = await post(1, V2, REQUEST, key, refusedKey);
      expectProblem(retried, 'RATE_LIMIT_EXCEEDED');
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(await used(id)).toBe(planLimit('basic'));
    });

    it('version 1: the replay carries the rate_limit of the first answer', async () => {
      const { id, key } = await rig.key('pro');
      const idem = newKey();
      const first = await post(0, V1, { model: 'alpha-4', tokens: 10 }, key, idem);
      await post(1, V1, { model: 'alpha-4', tokens: 11 }, key);
      const again = await post(1, V1, { model: 'alpha-4', tokens: 10 }, key, idem);
      expect(first.json.rate_limit.remaining).toBe(planLimit('pro') - 1);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(first.json);
      expect(again.text).toBe(first.text);
      expect(await used(id)).toBe(2);
    });
  });
}

contract('SQLite (one instance, a file)', async () => {
  const service = await startService({ dbPath: join(dir, 'idem.db') });
  return {
    rig: { urls: [service.url], store: service.store, key: (plan) => createApiKey(service.store, plan) },
    stop: () => service.close(),
  };
});

contract('SQLite (two server processes sharing one file)', async () => {
  const dbPath = join(dir, 'shared.db');
  const store = openSqliteStore(dbPath);
  await createApiKey(store, 'basic', 'first');
  const servers: ServerProcess[] = await Promise.all([0, 1].map(() => spawnServer({ FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_LOG_LEVEL: 'warn' })));
  return {
    rig: { urls: servers.map((s) => s.url), store, key: (plan) => createApiKey(store, plan) },
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await store.close();
    },
  };
});

contract('Redis (two server processes sharing one redis-server)', async () => {
  const redis = await startRedis();
  const servers: ServerProcess[] = await Promise.all([0, 1].map(() => spawnServer({ FOOTPRINT_REDIS_URL: redis.url, FOOTPRINT_LOG_LEVEL: 'warn' })));
  const store = await openRedisStore({ url: redis.url });
  return {
    rig: { urls: servers.map((s) => s.url), store, key: (plan) => createApiKey(store, plan) },
    stop: async () => {
      await store.close();
      await Promise.all(servers.map((s) => s.stop()));
      await redis.stop();
    },
  };
});

contract('Redis Cluster (two server processes on a three-master cluster)', async () => {
  const cluster = await startRedisCluster();
  const env = { FOOTPRINT_REDIS_CLUSTER_NODES: cluster.nodes.join(','), FOOTPRINT_LOG_LEVEL: 'warn' };
  const servers: ServerProcess[] = await Promise.all([0, 1].map(() => spawnServer(env)));
  const store = await openRedisStore({ clusterNodes: cluster.nodes });
  return {
    rig: { urls: servers.map((s) => s.url), store, key: (plan) => createApiKey(store, plan) },
    stop: async () => {
      await store.close();
      await Promise.all(servers.map((s) => s.stop()));
      await cluster.stop();
    },
  };
});

describe('Idempotency records expire after 24 hours', () => {
  it('SQLite: a repeat after 24 h is a new request (injected clock)', async () => {
    let now = new Date('2026-11-10T12:00:00Z');
    const service: RunningService = await startService({ dbPath: join(dir, 'expiry.db'), now: () => now });
    try {
      const { id, key } = await createApiKey(service.store, 'pro');
      const idem = newKey();
      await postJson(service.url, V2, REQUEST, key, { 'Idempotency-Key': idem });
      now = new Date('2026-11-11T11:59:59Z');
      expect((await postJson(service.url, V2, REQUEST, key, { 'Idempotency-Key': idem })).headers.get('idempotent-replayed')).toBe('true');
      now = new Date('2026-11-11T12:00:01Z');
      const later = await postJson(service.url, V2, REQUEST, key, { 'Idempotency-Key': idem });
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(await service.store.usage(id, '2026-11')).toBe(2);
    } finally {
      await service.close();
    }
  });

  it('Redis: the record carries a 24 h expiry and is keyed by key id, never by the key or its hash', async () => {
    const redis: TestRedis = await startRedis();
    const service = await startService({ redisUrl: redis.url });
    const client = new Redis(redis.url);
    try {
      const { id, key } = await createApiKey(service.store, 'pro');
      const idem = newKey();
      await postJson(service.url, V2, REQUEST, key, { 'Idempotency-Key': idem });
      const names = await client.keys(`footprint:*idem*`);
      expect(names).toEqual([`footprint:{${id}}:idem:${idem}`]);
      const ttl = await client.ttl(names[0]);
      expect(ttl).toBeGreaterThan(24 * 3600 - 60);
      expect(ttl).toBeLessThanOrEqual(24 * 3600);
    } finally {
      client.disconnect();
      await service.close();
      await redis.stop();
    }
  });
});
