import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest, Agent } from 'node:http';
import { Redis } from 'ioredis';
import { createApiKey } from '../../src/server/store/api-keys';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { openRedisStore } from '../../src/server/store/redis';
import type { Store } from '../../src/server/store/store';
import { monthKey } from '../../src/server/quota';
import { startRedis, type TestRedis } from './support/redis';
import { spawnServer, type ServerProcess } from './support/server-process';

let dir: string;
let redis: TestRedis;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp-life-'));
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

const FIRST_KEY = /^(fp_[A-Za-z0-9_-]{43})$/gm;

describe('first start on an empty store', () => {
  it('Redis: instances starting together on an empty Redis create one first key between them', async () => {
    const flush = new Redis(redis.url);
    try {
      for (let round = 0; round < 2; round++) {
        await flush.flushdb();
        const servers = await Promise.all([0, 1, 2].map(() => spawnServer({ FOOTPRINT_REDIS_URL: redis.url })));
        await Promise.all(servers.map((s) => s.stop()));
        const printed = servers.flatMap((s) => [...s.output().matchAll(FIRST_KEY)].map((m) => m[1]));
        expect(printed, `round ${round}`).toHaveLength(1);
        const store = await openRedisStore({ url: redis.url });
        expect(await store.listKeys()).toHaveLength(1);
        await store.close();
      }
    } finally {
      flush.disconnect();
    }
  }, 180_000);

  it('SQLite: processes starting together on a new file create one first key between them', async () => {
    for (let round = 0; round < 1; round++) {
      const dbPath = join(dir, `first-${round}.db`);
      const servers = await Promise.all([0, 1, 2].map(() => spawnServer({ FOOTPRINT_DB_PATH: dbPath })));
      await Promise.all(servers.map((s) => s.stop()));
      expect(servers.flatMap((s) => [...s.output().matchAll(FIRST_KEY)])).toHaveLength(1);
      const store = openSqliteStore(dbPath);
      expect(await store.listKeys()).toHaveLength(1);
      await store.close();
    }
  }, 120_000);
});

interface Outcome {
  answered: number;
  ok: number;
  /**
   * Requests that got no answer after the SIGTERM: a refused connection (no longer listening) or a
   * connection closed before the request was read. The counts below prove none of them was accepted.
   */
  refused: number;
  /** An answer cut off, or a failure other than a refused/reset connection: must never happen. */
  broken: string[];
}

/** One POST over a keep-alive agent; resolves with the status, or the error code when no answer came. */
function post(url: string, key: string, agent: Agent, i: number): Promise<number | string> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ model: 'alpha-4o', tokens: 10 + i });
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        path: '/api/v2/calculate',
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Authorization: `Bearer ${key}` },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(res.statusCode === 200 && !text.endsWith('}') ? 'TRUNCATED' : res.statusCode!));
        res.on('error', (e: NodeJS.ErrnoException) => resolve(`BODY_${e.code ?? e.message}`));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end(body);
  });
}

const WARM_ANSWERS = 250;

/** 50 clients send until the server is gone; SIGTERM arrives while they are sending. */
async function sigtermUnderLoad(server: ServerProcess, key: string): Promise<Outcome> {
  const outcome: Outcome = { answered: 0, ok: 0, refused: 0, broken: [] };
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  let signalled = false;
  const clients = Array.from({ length: 50 }, async (_, c) => {
    for (let i = 0; ; i++) {
      const r = await post(server.url, key, agent, c * 1000 + i);
      if (typeof r === 'number') {
        outcome.answered++;
        if (r === 200) outcome.ok++;
        else outcome.broken.push(`status ${r}`);
        continue;
      }
      // No answer: acceptable only as a connection the stopping server refused or closed before reading a request.
      if (signalled && (r === 'ECONNREFUSED' || r === 'ECONNRESET' || r === 'socket hang up')) {
        outcome.refused++;
        return;
      }
      outcome.broken.push(r);
      return;
    }
  });
  // Under way: every client has had answers, so all 50 keep requests in flight when the signal comes.
  while (outcome.ok < WARM_ANSWERS && outcome.broken.length === 0) await new Promise((r) => setTimeout(r, 20));
  signalled = true;
  server.child.kill('SIGTERM');
  await new Promise<void>((r) => server.child.once('exit', () => r()));
  await Promise.all(clients);
  agent.destroy();
  return outcome;
}

describe('SIGTERM while 50 clients are sending', () => {
  const cases: Array<[string, () => Promise<{ env: Record<string, string>; store: () => Promise<Store> }>]> = [
    [
      'SQLite',
      async () => {
        const dbPath = join(dir, 'sigterm.db');
        return { env: { FOOTPRINT_DB_PATH: dbPath }, store: async () => openSqliteStore(dbPath) };
      },
    ],
    ['Redis', async () => ({ env: { FOOTPRINT_REDIS_URL: redis.url }, store: () => openRedisStore({ url: redis.url }) })],
  ];
  it.each(cases)('%s: every request the service accepted is answered and counted, and it exits 0', async (_name, setup) => {
    const { env, store: open } = await setup();
    const store = await open();
    const { id, key } = await createApiKey(store, 'mega', 'sigterm');
    await store.close();
    const server = await spawnServer({ ...env, FOOTPRINT_LOG_LEVEL: 'info' });
    const outcome = await sigtermUnderLoad(server, key);

    expect(server.child.exitCode).toBe(0);
    expect(outcome.broken).toEqual([]);
    expect(outcome.ok).toBeGreaterThanOrEqual(WARM_ANSWERS);
    console.log(`SIGTERM under load: ${outcome.ok} answered 200, ${outcome.refused} not accepted after the signal`);
    // Every answer the service logged reached its client, and every unit it counted was answered.
    const logged = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"route":"/api/v2/calculate"') && l.includes('"status":200')).length;
    expect(logged).toBe(outcome.ok);
    const check = await open();
    expect(await check.usage(id, monthKey(new Date()))).toBe(outcome.ok);
    await check.close();
  });
});
