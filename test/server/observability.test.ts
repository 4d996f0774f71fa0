import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../src/server/store/api-keys';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { openRedisStore } from '../../src/server/store/redis';
import { postJson, send } from './support/http';
import { planLimit } from './support/fixtures';
import { startRedis } from './support/redis';
import { spawnServer, type ServerProcess } from './support/server-process';

const TOKEN = 'metrics-token-for-tests-0123';
const V2 = '/api/v2/calculate';
const REQUEST = { model: 'alpha-4o', tokens: 100 };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-obs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The JSON lines a stopped server wrote (the two plain-text start lines are skipped). */
const jsonLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function keysIn(dbPath: string, plans: string[]) {
  const store = openSqliteStore(dbPath);
  const keys = [];
  for (const p of plans) keys.push(await createApiKey(store, p, 'observed'));
  await store.close();
  return keys;
}

describe('request ids, request logs and /metrics (SQLite, a server process)', () => {
  let server: ServerProcess;
  let keys: Array<{ id: string; key: string }>;
  let metricsText = '';
  const metrics = () => send(server.url, '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  const sample = (text: string, name: string, labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };

  beforeAll(async () => {
    const dbPath = join(dir, 'obs.db');
    keys = await keysIn(dbPath, ['pro', 'basic']);
    server = await spawnServer({ FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_METRICS_TOKEN: TOKEN, FOOTPRINT_LOG_LEVEL: 'info' });
  });
  afterAll(() => server.stop());

  it('echoes a well-formed X-Request-Id and makes one otherwise', async () => {
    const given = await postJson(server.url, V2, REQUEST, keys[0].key, { 'X-Request-Id': 'client-req-0001' });
    expect(given.headers.get('x-request-id')).toBe('client-req-0001');
    const made = await postJson(server.url, V2, REQUEST, keys[0].key);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const tooLong = await postJson(server.url, V2, REQUEST, keys[0].key, { 'X-Request-Id': 'x'.repeat(200) });
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const other = await send(server.url, '/healthz', { headers: { 'X-Request-Id': 'health-1' } });
    expect(other.headers.get('x-request-id')).toBe('health-1');
  });

  it('GET /metrics needs the bearer token when FOOTPRINT_METRICS_TOKEN is set', async () => {
    expect((await send(server.url, '/metrics')).status).toBe(401);
    expect((await send(server.url, '/metrics', { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const ok = await metrics();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route and status, latency, quota refusals and replays, with process metrics', async () => {
    const before = (await metrics()).text;
    const okBefore = sample(before, 'footprint_http_requests_total', 'route="/api/v2/calculate",status="200"') ?? 0;
    for (let i = 0; i < 5; i++) await postJson(server.url, V2, REQUEST, keys[0].key);
    await postJson(server.url, V2, { model: 'nope', tokens: 1 }, keys[0].key);
    await postJson(server.url, V2, REQUEST, keys[0].key, { 'Idempotency-Key': 'obs-1' });
    await postJson(server.url, V2, REQUEST, keys[0].key, { 'Idempotency-Key': 'obs-1' });
    for (let i = 0; i <= planLimit('basic'); i++) await postJson(server.url, V2, REQUEST, keys[1].key);
    await send(server.url, '/no/such/path/with-a-secret-looking-name');
    metricsText = (await metrics()).text;
    const after = metricsText;
    expect(sample(after, 'footprint_http_requests_total', 'route="/api/v2/calculate",status="200"')).toBe(okBefore + 5 + 2 + planLimit('basic'));
    expect(sample(after, 'footprint_http_requests_total', 'route="/api/v2/calculate",status="400"')).toBe(1);
    expect(sample(after, 'footprint_http_requests_total', 'route="/api/v2/calculate",status="429"')).toBe(1);
    expect(sample(after, 'footprint_http_requests_total', 'route="unmatched",status="404"')).toBe(1);
    expect(sample(after, 'footprint_quota_refusals_total', 'route="/api/v2/calculate"')).toBe(1);
    expect(sample(after, 'footprint_idempotent_replays_total', 'route="/api/v2/calculate"')).toBe(1);
    expect(sample(after, 'footprint_store_errors_total', 'store="sqlite"')).toBe(0);
    const count = sample(after, 'footprint_http_request_duration_seconds_count', 'route="/api/v2/calculate"')!;
    expect(count).toBeGreaterThanOrEqual(okBefore + 5 + 2 + planLimit('basic') + 2);
    expect(sample(after, 'footprint_http_request_duration_seconds_bucket', 'le="+Inf",route="/api/v2/calculate"')).toBe(count);
    expect(after).toMatch(/^footprint_process_cpu_user_seconds_total \d/m);
    expect(after).toMatch(/^footprint_process_resident_memory_bytes \d/m);
    expect(after).toMatch(/^footprint_nodejs_eventloop_lag_seconds \d/m);
    expect(after).not.toContain('secret-looking');
  });

  it('writes one JSON line per request with its id, route, status, duration and key id; never the key or its hash', async () => {
    await postJson(server.url, V2, REQUEST, keys[0].key, { 'X-Request-Id': 'find-me-42' });
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    const lines = jsonLines(server);
    const mine = lines.filter((l) => l.req_id === 'find-me-42');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, method: 'POST', route: V2, status: 200, key_id: keys[0].id, ip: '127.0.0.1' });
    expect(typeof mine[0].ms).toBe('number');
    expect(typeof mine[0].time).toBe('number');
    const requests = lines.filter((l) => 'status' in l);
    expect(requests.filter((l) => l.route === 'unmatched' && l.status === 404)).toHaveLength(1);
    expect(requests.filter((l) => l.status === 429 && l.key_id === keys[1].id)).toHaveLength(1);
    const everything = server.output() + metricsText;
    for (const { key } of keys) {
      const hash = createHash('sha256').update(key).digest();
      for (const secret of [key, key.slice(3), hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')]) {
        expect(everything).not.toContain(secret);
      }
    }
    for (const { id } of keys) expect(metricsText).not.toContain(id);
  });
});

describe('log level and proxy addresses', () => {
  it('FOOTPRINT_LOG_LEVEL=warn writes no request lines; X-Forwarded-For is ignored unless FOOTPRINT_TRUST_PROXY is on', async () => {
    const dbPath = join(dir, 'levels.db');
    const [{ key }] = await keysIn(dbPath, ['pro']);
    const quiet = await spawnServer({ FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_LOG_LEVEL: 'warn' });
    await postJson(quiet.url, V2, REQUEST, key);
    await quiet.stop();
    expect(jsonLines(quiet).filter((l) => 'status' in l)).toEqual([]);

    const plain = await spawnServer({ FOOTPRINT_DB_PATH: dbPath });
    await postJson(plain.url, V2, REQUEST, key, { 'X-Forwarded-For': '203.0.113.9', 'X-Request-Id': 'xff-1' });
    await plain.stop();
    expect(jsonLines(plain).find((l) => l.req_id === 'xff-1')).toMatchObject({ ip: '127.0.0.1' });

    const proxied = await spawnServer({ FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_TRUST_PROXY: '1' });
    await postJson(proxied.url, V2, REQUEST, key, { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9', 'X-Request-Id': 'xff-2' });
    await proxied.stop();
    // The last entry is the one the proxy itself appended; the earlier ones came from the client.
    expect(jsonLines(proxied).find((l) => l.req_id === 'xff-2')).toMatchObject({ ip: '203.0.113.9' });
  });
});

describe('store errors (Redis stopped under a running service)', () => {
  it('answer 503 STORE_UNAVAILABLE without internals, are logged with their stack on the server and counted', async () => {
    const redis = await startRedis();
    const store = await openRedisStore({ url: redis.url });
    const { key } = await createApiKey(store, 'pro');
    await store.close();
    const server = await spawnServer({ FOOTPRINT_REDIS_URL: redis.url, FOOTPRINT_METRICS_TOKEN: TOKEN });
    try {
      expect((await postJson(server.url, V2, REQUEST, key)).status).toBe(200);
      await redis.stop();
      const failed = await postJson(server.url, V2, REQUEST, key, { 'X-Request-Id': 'store-down-1' });
      expect(failed.status).toBe(503);
      expect(failed.json).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(failed.text).not.toMatch(/redis|ECONNREFUSED|stack|at /i);
      const m = (await send(server.url, '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).text;
      expect(m).toMatch(/^footprint_store_errors_total\{store="redis"\} 1$/m);
    } finally {
      await server.stop();
    }
    const fault = jsonLines(server).find((l) => l.req_id === 'store-down-1' && l.level === 50);
    expect(fault).toBeDefined();
    expect(String((fault!.err as { stack: string }).stack)).toMatch(/StoreUnavailable[\s\S]*at /);
  });
});
