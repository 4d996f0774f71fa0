/**
 * A store that cannot write or does not answer: 503 STORE_UNAVAILABLE with
 * Retry-After, nothing charged, and after recovery a retry with the same
 * Idempotency-Key charged at most once, replaying that API key's own answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monthKey } from '../../src/server/quota';
import { createApiKey } from '../../src/server/store/api-keys';
import { openRedisStore } from '../../src/server/store/redis';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { postJson, send, type Answer } from './support/http';
import { startRedis } from './support/redis';
import { spawnServer } from './support/server-process';

const V2 = '/api/v2/calculate';
const REQUEST = { model: 'alpha-4o', input_tokens: 900, output_tokens: 300 };

function expectUnavailable(a: Answer): void {
  expect(a.status, a.text).toBe(503);
  expect(a.headers.get('content-type')).toBe('application/problem+json');
  expect(a.json).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503 });
  expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-fail-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite on a full disk, two server processes on one file', () => {
  let mount: string;
  beforeAll(() => {
    // A real small filesystem: a 4 MiB tmpfs (the tests run as root, as on CI).
    mount = join(dir, 'small');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount]);
  });
  afterAll(() => {
    execFileSync('umount', ['-l', mount]);
  });

  it('a failed write answers 503 and charges nothing; the retry after recovery is charged once and replays its own answer', async () => {
    const dbPath = join(mount, 'footprint.db');
    const setup = openSqliteStore(dbPath);
    const pro = await createApiKey(setup, 'pro', 'pro');
    const basic = await createApiKey(setup, 'basic', 'basic');
    await setup.close();
    const env = { FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_LOG_LEVEL: 'warn' };
    const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    const used = async (id: string) => {
      const s = openSqliteStore(dbPath);
      try {
        return await s.usage(id, monthKey(new Date()));
      } finally {
        await s.close();
      }
    };
    try {
      // Fill the filesystem, then send requests with new Idempotency-Keys until the file cannot grow.
      const filler = join(mount, 'filler');
      try {
        writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      let failed: { answer: Answer; idem: string; body: object } | undefined;
      let charged = 0;
      for (let i = 0; i < 2000 && !failed; i++) {
        const idem = `full-${i}`;
        const body = { ...REQUEST, output_tokens: 300 + i };
        const answer = await postJson(servers[i % 2].url, V2, body, pro.key, { 'Idempotency-Key': idem });
        if (answer.status === 200) charged++;
        else failed = { answer, idem, body };
      }
      expect(failed, 'the disk never filled').toBeDefined();
      expectUnavailable(failed!.answer);
      expect(await used(pro.id)).toBe(charged);

      // The same Idempotency-Key on the basic key (another API key, another plan) also fails, uncharged.
      expectUnavailable(await postJson(servers[1].url, V2, failed!.body, basic.key, { 'Idempotency-Key': failed!.idem }));

      rmSync(filler, { force: true });
      const retry = await postJson(servers[1].url, V2, failed!.body, pro.key, { 'Idempotency-Key': failed!.idem });
      expect(retry.status, retry.text).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.json.plan).toBe('pro');
      const again = await postJson(servers[0].url, V2, failed!.body, pro.key, { 'Idempotency-Key': failed!.idem });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(retry.text);
      expect(await used(pro.id)).toBe(charged + 1);

      const basicRetry = await postJson(servers[0].url, V2, failed!.body, basic.key, { 'Idempotency-Key': failed!.idem });
      expect(basicRetry.status).toBe(200);
      expect(basicRetry.json.plan).toBe('basic');
      const basicAgain = await postJson(servers[1].url, V2, failed!.body, basic.key, { 'Idempotency-Key': failed!.idem });
      expect(basicAgain.headers.get('idempotent-replayed')).toBe('true');
      expect(basicAgain.json.plan).toBe('basic');
      expect(await used(basic.id)).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});

/** A metered request and /healthz both answer 503 within the store timeout plus 1 s. */
async function expectUnavailableInTime(url: string, key: string, timeoutMs: number, headers: Record<string, string> = {}): Promise<void> {
  const metered = await timed(() => postJson(url, V2, REQUEST, key, headers));
  expectUnavailable(metered.value);
  expect(metered.ms).toBeLessThan(timeoutMs + 1000);
  const health = await timed(() => send(url, '/healthz'));
  expect(health.value.status).toBe(503);
  expect(health.ms).toBeLessThan(timeoutMs + 1000);
}

/** Milliseconds `call` takes. */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await call();
  return { value, ms: performance.now() - start };
}

describe('Redis stalled (SIGSTOP) and killed under a running service', () => {
  const TIMEOUT_MS = 800;

  /** A pro key in the Redis at `url`, and a service on it with the store timeout above. */
  async function serviceOn(url: string) {
    const setup = await openRedisStore({ url });
    const { id, key } = await createApiKey(setup, 'pro');
    await setup.close();
    const server = await spawnServer({ FOOTPRINT_REDIS_URL: url, FOOTPRINT_STORE_TIMEOUT_MS: String(TIMEOUT_MS), FOOTPRINT_LOG_LEVEL: 'warn' });
    return { id, key, server };
  }

  it('answers 503 within the store timeout plus 1 s while Redis is stopped, charges nothing for it, and recovers on SIGCONT', async () => {
    const redis = await startRedis();
    const { id, key, server } = await serviceOn(redis.url);
    try {
      expect((await postJson(server.url, V2, REQUEST, key)).status).toBe(200);
      redis.child.kill('SIGSTOP');
      await expectUnavailableInTime(server.url, key, TIMEOUT_MS, { 'Idempotency-Key': 'during-stall' });

      redis.child.kill('SIGCONT');
      // The stalled call reaches Redis now, past its deadline: it must not be charged.
      await new Promise((r) => setTimeout(r, 300));
      expect((await send(server.url, '/healthz')).status).toBe(200);
      const check = await openRedisStore({ url: redis.url });
      expect(await check.usage(id, monthKey(new Date()))).toBe(1);
      const retry = await postJson(server.url, V2, REQUEST, key, { 'Idempotency-Key': 'during-stall' });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(await check.usage(id, monthKey(new Date()))).toBe(2);
      await check.close();
    } finally {
      await server.stop();
      await redis.stop();
    }
  });

  it('answers 503 within the bound while Redis is down, and succeeds again once it is restarted, without a service restart', async () => {
    const data = join(dir, 'redis-data');
    mkdirSync(data);
    const persist = ['--dir', data, '--appendonly', 'yes', '--appendfsync', 'always'];
    let redis = await startRedis({ args: persist });
    const { id, key, server } = await serviceOn(redis.url);
    try {
      expect((await postJson(server.url, V2, REQUEST, key)).status).toBe(200);
      redis.child.kill('SIGKILL');
      await new Promise((r) => redis.child.once('exit', r));
      await expectUnavailableInTime(server.url, key, TIMEOUT_MS);

      redis = await startRedis({ port: redis.port, args: persist });
      let back: Answer | undefined;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        back = await postJson(server.url, V2, REQUEST, key);
        if (back.status === 200) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(back?.status).toBe(200);
      expect((await send(server.url, '/healthz')).status).toBe(200);
      const check = await openRedisStore({ url: redis.url });
      expect(await check.usage(id, monthKey(new Date()))).toBe(2);
      await check.close();
    } finally {
      await server.stop();
      await redis.stop();
    }
  });
});
