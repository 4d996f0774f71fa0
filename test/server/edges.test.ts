/**
 * Bounded storage, slow and broken clients and the small HTTP rules, over
 * real HTTP on each store: a SQLite file, a single Redis and a three-master
 * Redis Cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { Cluster, Redis } from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLog } from '../../src/server/log';
import { monthKey } from '../../src/server/quota';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { postJson, rawRequest, send } from './support/http';
import { startRedis, startRedisCluster, type TestCluster, type TestRedis } from './support/redis';

const V2 = '/api/v2/calculate';
const REQUEST_TIMEOUT_MS = 1000;
const TTL_S = 1;

let dir: string;
let redis: TestRedis;
let cluster: TestCluster;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp-edges-'));
  [redis, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), cluster?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

interface Backend {
  options(): { dbPath?: string; redisUrl?: string; redisClusterNodes?: string[] };
  /** Idempotency records stored now. */
  records(): Promise<number>;
}

const backends: Array<[string, Backend]> = [
  [
    'SQLite',
    {
      options: () => ({ dbPath: join(dir, 'edges.db') }),
      records: async () => {
        const db = new Database(join(dir, 'edges.db'), { readonly: true });
        try {
          return db.prepare<[], number>('SELECT count(*) FROM idempotency_records').pluck().get()!;
        } finally {
          db.close();
        }
      },
    },
  ],
  [
    'Redis',
    {
      options: () => ({ redisUrl: redis.url }),
      records: async () => {
        const client = new Redis(redis.url);
        try {
          return (await client.keys('footprint:*:idem:*')).length;
        } finally {
          client.disconnect();
        }
      },
    },
  ],
  [
    'Redis Cluster',
    {
      options: () => ({ redisClusterNodes: cluster.nodes }),
      records: async () => {
        const client = new Cluster(cluster.nodes.map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })));
        await new Promise((resolve) => client.once('ready', resolve));
        try {
          return (await Promise.all(client.nodes('master').map((n) => n.keys('footprint:*:idem:*')))).flat().length;
        } finally {
          client.disconnect();
        }
      },
    },
  ],
];

/** Bytes written to a socket by hand, slowly; resolves with what the server sent back and when the connection ended. */
function slowClient(url: string, parts: string[], gapMs: number): Promise<{ text: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const start = performance.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, ms: performance.now() - start }));
    let i = 0;
    const timer = setInterval(() => {
      if (i < parts.length && !socket.destroyed) socket.write(parts[i++]);
    }, gapMs);
    socket.on('close', () => clearInterval(timer));
  });
}

describe.each(backends)('%s', (_name, backend) => {
  let service: RunningService;
  let key: string;
  let keyId: string;
  const lines: Array<Record<string, unknown>> = [];
  let methodology: string;
  beforeAll(async () => {
    methodology = join(dir, `methodology-${_name.replace(/\W/g, '')}.md`);
    writeFileSync(methodology, '# Methodology\n\nFirst version.\n');
    const log = createLog('info', { write: (s: string) => void lines.push(JSON.parse(s)) });
    service = await startService({ ...backend.options(), requestTimeoutMs: REQUEST_TIMEOUT_MS, idempotencyTtlS: TTL_S, log, methodologyPath: methodology });
    ({ key, id: keyId } = await createApiKey(service.store, 'mega', 'edges'));
  });
  afterAll(() => service?.close());

  it(`keeps the idempotency record count bounded under sustained load (records live ${TTL_S} s)`, async () => {
    const created: number[] = [];
    const samples: Array<{ at: number; count: number }> = [];
    const end = Date.now() + 5000;
    let n = 0;
    const clients = Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        const a = await postJson(service.url, V2, { model: 'alpha-4o', tokens: 10 }, key, { 'Idempotency-Key': `load-${n++}` });
        expect(a.status).toBe(200);
        created.push(Date.now());
      }
    });
    const sampler = (async () => {
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, 500));
        samples.push({ at: Date.now(), count: await backend.records() });
      }
    })();
    await Promise.all([...clients, sampler]);
    expect(created.length).toBeGreaterThan(50);
    // Never more than what was made in the records' lifetime plus a margin for expiry to run.
    for (const { at, count } of samples.filter((s) => s.at > created[0] + 2000)) {
      const live = created.filter((t) => t > at - (TTL_S + 1.5) * 1000).length;
      expect(count, `at ${at}: ${count} records, ${live} made in the last ${TTL_S + 1.5} s`).toBeLessThanOrEqual(live + 50);
    }
    // Records really went: some sample holds clearly fewer than were made before it.
    expect(samples.some(({ at, count }) => count < created.filter((t) => t <= at).length - 20)).toBe(true);
  });

  it('answers 408 to a client whose headers or body do not arrive within the request timeout', async () => {
    const headersDrip = await slowClient(service.url, ['POST /api/v2/calculate HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 2\r\n', 'X-C: 3\r\n'], 400);
    expect(headersDrip.text).toMatch(/^HTTP\/1\.1 408/);
    expect(headersDrip.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
    const bodyStall = await slowClient(
      service.url,
      [`POST /api/v2/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${key}\r\nContent-Length: 200\r\n\r\n{"model":`],
      10,
    );
    expect(bodyStall.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
    expect(bodyStall.text).not.toMatch(/ 200 OK/);
  });

  it('a client gone mid-body is logged as 499 at info level, not as an error, and counted as no 5xx', async () => {
    lines.length = 0;
    await slowClient(
      service.url,
      [`POST /api/v2/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: gone-1\r\nContent-Length: 500\r\n\r\n{"model":`],
      10,
    ).catch(() => undefined);
    // The slow client above ends by the server's timeout; this one hangs up itself.
    const { hostname, port } = new URL(service.url);
    await new Promise<void>((resolve) => {
      const s = connect(Number(port), hostname, () => {
        s.write(`POST /api/v2/calculate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Request-Id: gone-2\r\nContent-Length: 500\r\n\r\n{"model":`);
        setTimeout(() => (s.destroy(), resolve()), 100);
      });
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(lines.find((l) => l.req_id === 'gone-2')).toMatchObject({ level: 30, status: 499, route: V2 });
    const metrics = (await send(service.url, '/metrics')).text;
    expect(metrics).not.toMatch(/footprint_http_requests_total\{route="\/api\/v2\/calculate",status="5\d\d"\}/);
  });

  it('oversized headers get 431 problem+json', async () => {
    const a = await rawRequest(service.url, { method: 'GET', path: '/healthz', headers: { 'X-Big': 'x'.repeat(20_000) }, chunks: [] });
    expect(a.status).toBe(431);
    expect(a.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(a.body)).toMatchObject({ code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', status: 431 });
  });

  it('API answers carry nosniff and no-store; a body in UTF-16 is 415', async () => {
    for (const a of [
      await postJson(service.url, V2, { model: 'alpha-4o', tokens: 3 }, key),
      await postJson(service.url, V2, { model: 'nope', tokens: 3 }, key),
      await send(service.url, V2),
    ]) {
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
      expect(a.headers.get('cache-control')).toBe('no-store');
    }
    const utf16 = await rawRequest(service.url, {
      method: 'POST',
      path: V2,
      headers: { 'Content-Type': 'application/json; charset=utf-16', Authorization: `Bearer ${key}` },
      chunks: [Buffer.from(JSON.stringify({ model: 'alpha-4o', tokens: 3 }), 'utf16le')],
    });
    expect(utf16.status).toBe(415);
    expect(JSON.parse(utf16.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await postJson(service.url, V2, { model: 'alpha-4o', tokens: 3 }, key, { 'Content-Type': 'application/json; charset=UTF-8' })).status).toBe(200);
  });

  it('percent-encoded and dot-segment paths are normalized before metering and labelled by the route charged', async () => {
    const before = await service.store.usage(keyId, monthKey(new Date()));
    const metricsBefore = (await send(service.url, '/metrics')).text;
    const count = (text: string) => Number(/footprint_http_requests_total\{route="\/api\/v2\/calculate",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    const body = Buffer.from(JSON.stringify({ model: 'alpha-4o', tokens: 3 }));
    for (const path of ['/api/v2/%63alculate', '/api/v1/../v2/calculate', '/api/./v2/calculate']) {
      const a = await rawRequest(service.url, {
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        chunks: [body],
      });
      expect(a.status, path).toBe(200);
      expect(JSON.parse(a.body).region, path).toBe('global-avg');
    }
    expect(await service.store.usage(keyId, monthKey(new Date()))).toBe(before + 3);
    const metricsAfter = (await send(service.url, '/metrics')).text;
    expect(count(metricsAfter) - count(metricsBefore)).toBe(3);
    expect(metricsAfter).not.toMatch(/route="[^"]*(%|\.\.)/);
  });

  it('renders /methodology once, at start', async () => {
    writeFileSync(methodology, '# Methodology\n\nSecond version.\n');
    const page = await send(service.url, '/methodology');
    expect(page.text).toContain('First version.');
    expect(page.text).not.toContain('Second version.');
  });
});
