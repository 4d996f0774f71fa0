import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_CATALOG, ProblemSchema } from '../../src/core';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { connect } from 'node:net';
import { rawRequest } from './support/http';
import { startRedis, type TestRedis } from './support/redis';

/**
 * At least 10,000 generated requests per run (bodies, headers, Idempotency-Keys,
 * content types, methods, paths, raw bytes): 0 5xx, the server still alive.
 */

/** The answers a client can cause (204: OPTIONS); anything else (above all a 5xx) is a bug. */
const DOCUMENTED = new Set([200, 204, 400, 401, 404, 405, 413, 415, 422, 429]);
const RUNS = 5200;
const RUNS_REDIS = 1300;
const RUNS_FULL_PATH = 2500;
const RUNS_WIRE = 1000;

let service: RunningService;
let key: string;
let exhaustedKey: string;
beforeAll(async () => {
  service = await startService({ corsOrigins: ['https://ok.example'] });
  key = (await createApiKey(service.store, 'mega', 'fuzz')).key;
  exhaustedKey = (await createApiKey(service.store, 'basic', 'fuzz exhausted')).key;
});
afterAll(() => service.close());

const FIELDS = ['model', 'tokens', 'input_tokens', 'output_tokens', 'region', 'custom_wh_per_1k', 'images', 'grid', '__proto__', 'constructor'];
const MODELS = ['alpha-4o', 'custom', 'image-gen', 'alpha-4', 'epsilon-7b', 'delta-r1', 'Alpha-4o', '', 'alpha-4o ', 'toString'];
const REGIONS = ['global-avg', 'eu-sweden', 'us-avg', 'mars', '', 'hasOwnProperty'];

const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -0, -1, 1e308, 5e-324, 100_000_000, 100_000_001, 1000, 1000.0001, 0.5));
const jsonValue = fc.oneof(
  { maxDepth: 3 },
  number,
  fc.string(),
  fc.constantFrom(...MODELS, ...REGIONS),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const requestObject = fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 7 });
const nearValid = fc.record(
  {
    model: fc.constantFrom(...MODELS),
    tokens: number,
    input_tokens: number,
    output_tokens: number,
    region: fc.constantFrom(...REGIONS),
    custom_wh_per_1k: number,
  },
  { requiredKeys: ['model'] },
);
const body = fc.oneof(
  nearValid.map((o) => JSON.stringify(o)),
  requestObject.map((o) => JSON.stringify(o)),
  fc.json(),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.constantFrom('', '{', '[]', 'null', '{"model":', '\u0000', '{"model":"alpha-4o","tokens":1}'.repeat(2)),
  fc.integer({ min: 16 * 1024 - 64, max: 20 * 1024 }).map((n) => JSON.stringify({ model: 'alpha-4o', tokens: 1, pad: 'x'.repeat(n) })),
);

/** Header values a client can actually put on the wire (visible ASCII and spaces). */
const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('key', 'exhausted').map((k) => `Bearer ${k}`),
  headerText,
  headerText.map((t) => `Bearer ${t}`),
  fc
    .string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('')), minLength: 43, maxLength: 43 })
    .map((s) => `Bearer fp_${s}`),
);
const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/problem+json', 'APPLICATION/JSON', undefined),
  headerText,
);
/** Idempotency-Keys: none, a small pool (so repeats replay or collide with another body), quoted, empty, too long, odd bytes. */
const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('k1', 'k2', 'k3', '"k1"', 'turn:abc', 'turn:abc:image') },
  { weight: 1, arbitrary: headerText },
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 300 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '""', '"', '"\\"', '\t', 'a'.repeat(255)) },
);
const requestId = fc.option(fc.oneof(headerText, fc.uuid(), fc.constant('x'.repeat(500))), { nil: undefined });

const method = fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
const path = fc.oneof(
  fc.constantFrom(
    '/api/v2/calculate',
    '/api/v2/calculate',
    '/api/v1/calculate',
    '/api/v2/calculate/',
    '/methodology',
    '/openapi.json',
    '/healthz',
    '/problems/unauthorized',
  ),
  fc.webPath(),
  headerText.filter((p) => !/[\s#?%]/.test(p)).map((p) => `/${p}`),
);

/** The five headers' values of a request (Authorization, Content-Type, Origin, Idempotency-Key, X-Request-Id). */
type Optional5 = [string | undefined, string | undefined, string | undefined, string | undefined, string | undefined];
const VALID = '{"model":"alpha-4o","tokens":1}';
const TOO_LARGE = JSON.stringify({ model: 'alpha-4o', tokens: 1, pad: 'x'.repeat(20_000) });
/**
 * One request per error path the service documents, sent first in every run, so that each store meets
 * them all whatever the random ones reach (a rare status can be missing from a run of random requests).
 */
const EACH_STATUS: Array<{ status: number; method: 'POST' | 'GET' | 'PUT'; path: string; body: string; auth?: string; type?: string }> = [
  { status: 200, method: 'POST', path: '/api/v2/calculate', body: VALID, auth: 'Bearer key', type: 'application/json' },
  { status: 400, method: 'POST', path: '/api/v2/calculate', body: '{', auth: 'Bearer key', type: 'application/json' },
  { status: 401, method: 'POST', path: '/api/v2/calculate', body: VALID, type: 'application/json' },
  { status: 404, method: 'GET', path: '/no-such-page', body: '' },
  { status: 405, method: 'PUT', path: '/api/v2/calculate', body: VALID, auth: 'Bearer key', type: 'application/json' },
  { status: 413, method: 'POST', path: '/api/v2/calculate', body: TOO_LARGE, auth: 'Bearer key', type: 'application/json' },
  { status: 415, method: 'POST', path: '/api/v2/calculate', body: VALID, auth: 'Bearer key', type: 'text/plain' },
];

async function randomRequests(target: () => { url: string; key: string; exhaustedKey: string }, runs: number) {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      method,
      path,
      body,
      authorization,
      contentType,
      fc.option(headerText, { nil: undefined }),
      idempotencyKey,
      requestId,
      async (m, p, b, auth, type, origin, idem, reqId) => {
        const { url, key: k, exhaustedKey: ek } = target();
        const headers: Record<string, string> = {};
        if (auth) headers.Authorization = auth.replace('Bearer key', `Bearer ${k}`).replace('Bearer exhausted', `Bearer ${ek}`);
        if (type !== undefined) headers['Content-Type'] = type;
        if (origin !== undefined) headers.Origin = origin;
        if (idem !== undefined) headers['Idempotency-Key'] = idem;
        if (reqId !== undefined) headers['X-Request-Id'] = reqId;
        const hasBody = m !== 'GET' && m !== 'HEAD';
        const payload = Buffer.from(b, 'latin1');
        if (hasBody) headers['Content-Length'] = String(payload.length);
        const a = await rawRequest(url, { method: m, path: p, headers, chunks: hasBody ? [payload] : [] });
        seen.set(a.status, (seen.get(a.status) ?? 0) + 1);
        expect(DOCUMENTED.has(a.status), `${m} ${p} -> ${a.status}: ${a.body}`).toBe(true);
        expect(a.headers['x-request-id']).toBeTruthy();
        if (a.status >= 400 && m !== 'HEAD') {
          expect(a.headers['content-type']).toBe('application/problem+json');
          const problem = ProblemSchema.parse(JSON.parse(a.body));
          expect(ERROR_CATALOG[problem.code as keyof typeof ERROR_CATALOG]?.status).toBe(a.status);
        }
      },
    ),
    {
      numRuns: runs,
      examples: EACH_STATUS.map((e): [typeof e.method, string, string, ...Optional5] => [
        e.method,
        e.path,
        e.body,
        e.auth,
        e.type,
        undefined,
        undefined,
        undefined,
      ]),
    },
  );
  // Every documented error path was met, and the random requests really reached the success path.
  for (const { status } of EACH_STATUS) expect(seen.get(status), `status ${status}`).toBeGreaterThan(0);
  expect(seen.get(200) ?? 0).toBeGreaterThan(10);

  const { url, key: k } = target();
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  const still = await fetch(`${url}/api/v2/calculate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${k}` },
    body: JSON.stringify({ model: 'alpha-4o', tokens: 10 }),
  });
  expect(still.status).toBe(200);
  return seen;
}

it(`${RUNS} random and malformed requests (SQLite) get only documented 4xx codes or 200, never a 5xx`, async () => {
  await randomRequests(() => ({ url: service.url, key, exhaustedKey }), RUNS);
});

describe('on Redis', () => {
  let redis: TestRedis;
  let redisService: RunningService;
  let keys: { key: string; exhaustedKey: string };
  beforeAll(async () => {
    redis = await startRedis();
    redisService = await startService({ redisUrl: redis.url, corsOrigins: ['https://ok.example'] });
    keys = {
      key: (await createApiKey(redisService.store, 'mega', 'fuzz')).key,
      exhaustedKey: (await createApiKey(redisService.store, 'basic', 'fuzz exhausted')).key,
    };
  });
  afterAll(async () => {
    await redisService.close();
    await redis.stop();
  });
  it(`${RUNS_REDIS} random and malformed requests (Redis): never a 5xx`, async () => {
    await randomRequests(() => ({ url: redisService.url, ...keys }), RUNS_REDIS);
  });
});

it(`${RUNS_FULL_PATH} random JSON request objects through the full path: 200, a 400 with a calculation code, or 422 for a reused Idempotency-Key`, async () => {
  const codes = new Set(['BAD_REQUEST', 'INVALID_MODEL', 'INVALID_TOKENS', 'MISSING_CUSTOM_RATE', 'INVALID_CUSTOM_RATE', 'INVALID_REGION']);
  const idem = fc.option(fc.constantFrom('p1', 'p2', 'p3', 'p4'), { nil: undefined });
  const statuses = new Set<number>();
  await fc.assert(
    fc.asyncProperty(fc.oneof(nearValid, requestObject), fc.boolean(), idem, async (request, v1, k) => {
      const res = await fetch(`${service.url}/api/${v1 ? 'v1' : 'v2'}/calculate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, ...(k ? { 'Idempotency-Key': k } : {}) },
        body: JSON.stringify(request),
      });
      const answer = await res.json();
      statuses.add(res.status);
      if (res.status === 422) {
        expect(k).toBeDefined();
        expect(answer.code).toBe('IDEMPOTENCY_KEY_REUSED');
      } else if (res.status !== 200) {
        expect(res.status).toBe(400);
        expect(codes.has(answer.code)).toBe(true);
      } else {
        expect(answer.energy_kwh).toBeGreaterThanOrEqual(0);
        expect(answer.plan).toBe('mega');
      }
    }),
    { numRuns: RUNS_FULL_PATH },
  );
  // The pool's keys were reused with other bodies.
  expect(statuses).toContain(422);
});

/** Bytes straight onto a socket: what Node's HTTP parser sees before any app code. */
function rawExchange(url: string, bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (d) => (reply += d.toString('latin1')));
    socket.on('close', () => resolve(reply));
    socket.on('error', () => undefined);
    socket.end(bytes);
  });
}

it('garbage on the wire gets a 4xx problem (or nothing) and the server keeps answering', async () => {
  const requestLine = fc.constantFrom('POST /api/v2/calculate HTTP/1.1', 'GET / HTTP/1.1', 'BREW /pot HTTP/1.1', 'POST /api/v2/calculate HTTP/9.9', '');
  const garbage = fc
    .tuple(requestLine, fc.uint8Array({ maxLength: 200 }), fc.boolean())
    .map(([line, bytes, withHost]) => Buffer.concat([Buffer.from(`${line}\r\n${withHost ? 'Host: x\r\n' : ''}`), Buffer.from(bytes), Buffer.from('\r\n\r\n')]));
  await fc.assert(
    fc.asyncProperty(garbage, async (bytes) => {
      const reply = await rawExchange(service.url, bytes);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1];
      if (status) expect(DOCUMENTED.has(Number(status)), reply.slice(0, 200)).toBe(true);
    }),
    { numRuns: RUNS_WIRE },
  );
  expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
});
