import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { openRedisStore } from '../../src/server/store/redis';
import { monthKey } from '../../src/server/quota';
import { postJson } from './support/http';
import { hammer } from './support/clients';
import { startRedis, type TestRedis } from './support/redis';
import { spawnServer, type ServerProcess } from './support/server-process';
import { planLimit } from './support/fixtures';

const BASIC = planLimit('basic');
const CLIENTS = 50;
const PER_CLIENT = 4; // 200 requests for a quota of 100

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp5-quota-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('quota atomicity', () => {
  it(`SQLite: ${CLIENTS} concurrent clients on a basic key get exactly ${BASIC} successes, the rest 429`, async () => {
    const service = await startService({ dbPath: join(dir, 'atomic.db') });
    try {
      const { id, key } = await createApiKey(service.store, 'basic', 'atomic');
      const tally = await hammer([service.url], key, CLIENTS, PER_CLIENT);
      expect(tally.other).toEqual([]);
      expect(tally.ok).toBe(BASIC);
      expect(tally.limited).toBe(CLIENTS * PER_CLIENT - BASIC);
      expect(await service.store.usage(id, monthKey(new Date()))).toBe(BASIC);
    } finally {
      await service.close();
    }
  });

  describe('Redis: two server processes sharing one Redis', () => {
    let redis: TestRedis;
    const servers: ServerProcess[] = [];
    beforeAll(async () => {
      redis = await startRedis();
      const env = { FOOTPRINT_REDIS_URL: redis.url };
      servers.push(...(await Promise.all([spawnServer(env), spawnServer(env)])));
    });
    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await redis?.stop();
    });

    it(`${CLIENTS} concurrent clients across both get exactly ${BASIC} successes, the rest 429`, async () => {
      const store = await openRedisStore({ url: redis.url });
      try {
        const { id, key } = await createApiKey(store, 'basic', 'atomic across processes');
        const tally = await hammer(
          servers.map((s) => s.url),
          key,
          CLIENTS,
          PER_CLIENT,
        );
        expect(tally.other).toEqual([]);
        expect(tally.ok).toBe(BASIC);
        expect(tally.limited).toBe(CLIENTS * PER_CLIENT - BASIC);
        expect(await store.usage(id, monthKey(new Date()))).toBe(BASIC);
        // Both processes answered some of the successes: they really shared the counter.
        for (const s of servers) expect(tally.okByUrl[s.url]).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    });

    it('a key created in Redis is known to both processes', async () => {
      const store = await openRedisStore({ url: redis.url });
      try {
        const { key } = await createApiKey(store, 'pro', 'shared');
        for (const s of servers) {
          const a = await postJson(s.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key);
          expect(a.json.plan).toBe('pro');
        }
      } finally {
        await store.close();
      }
    });
  });
});

describe('429 RATE_LIMIT_EXCEEDED', () => {
  it('carries Retry-After until the next UTC month and the RateLimit headers', async () => {
    const now = new Date('2026-11-30T23:59:00Z');
    const service = await startService({ now: () => now });
    try {
      const { key } = await createApiKey(service.store, 'basic');
      for (let i = 0; i < BASIC; i++) await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 1 }, key);
      const a = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 1 }, key);
      expect(a.status).toBe(429);
      expect(a.headers.get('content-type')).toBe('application/problem+json');
      expect(a.json).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429 });
      expect(a.headers.get('retry-after')).toBe('60');
      expect(a.headers.get('ratelimit-limit')).toBe(String(BASIC));
      expect(a.headers.get('ratelimit-remaining')).toBe('0');
      expect(a.headers.get('ratelimit-reset')).toBe('60');
      const one = await postJson(service.url, '/api/v1/calculate', { model: 'alpha-4', tokens: 1 }, key);
      expect(one.status).toBe(429);
    } finally {
      await service.close();
    }
  });
});

describe('month rollover (injected clock)', () => {
  it('a used-up quota is available again on the first of the next UTC month', async () => {
    let now = new Date('2026-12-31T23:59:59.500Z');
    const service = await startService({ now: () => now, dbPath: join(dir, 'rollover.db') });
    try {
      const { key } = await createApiKey(service.store, 'basic');
      const call = () => postJson(service.url, '/api/v1/calculate', { model: 'alpha-4', tokens: 1 }, key);
      let last;
      for (let i = 0; i < BASIC; i++) last = await call();
      expect(last!.json.rate_limit).toEqual({ limit: BASIC, remaining: 0, reset_at: '2027-01-01T00:00:00.000Z' });
      expect((await call()).status).toBe(429);

      now = new Date('2027-01-01T00:00:00.000Z');
      const fresh = await call();
      expect(fresh.status).toBe(200);
      expect(fresh.json.rate_limit).toEqual({ limit: BASIC, remaining: BASIC - 1, reset_at: '2027-02-01T00:00:00.000Z' });
      expect(fresh.headers.get('ratelimit-reset')).toBe(String(31 * 24 * 3600));
    } finally {
      await service.close();
    }
  });
});
