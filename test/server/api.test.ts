import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CalculationResponseSchema, CatalogSchema, ERROR_CATALOG, ProblemSchema, V1ResponseSchema, catalog } from '../../src/core';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { monthKey } from '../../src/server/quota';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { postJson, rawRequest, send, type Answer } from './support/http';
import { DATA, close6, planLimit } from './support/fixtures';

const V2 = '/api/v2/calculate';
const V1 = '/api/v1/calculate';
const CONFIGURED_ORIGIN = 'https://dashboard.example.org';

let service: RunningService;
let key: string; // mega: quota never runs out here
let basicKey: string;

beforeAll(async () => {
  service = await startService({ corsOrigins: [CONFIGURED_ORIGIN] });
  key = (await createApiKey(service.store, 'mega', 'api tests')).key;
  basicKey = (await createApiKey(service.store, 'basic', 'api tests basic')).key;
});
afterAll(() => service.close());

/** `k` null: no Authorization header. */
const v2 = (body: unknown, k: string | null = key, headers?: Record<string, string>) => postJson(service.url, V2, body, k ?? undefined, headers);
const v1 = (body: unknown, k: string | null = key) => postJson(service.url, V1, body, k ?? undefined);

function expectProblem(answer: Answer, code: keyof typeof ERROR_CATALOG): void {
  expect(answer.status, answer.text).toBe(ERROR_CATALOG[code].status);
  expect(answer.headers.get('content-type')).toBe('application/problem+json');
  const problem = ProblemSchema.strict().parse(answer.json);
  expect(problem).toMatchObject({ code, status: ERROR_CATALOG[code].status, title: ERROR_CATALOG[code].title });
  expect(problem.detail.length).toBeGreaterThan(10);
}

const expectedEnergyKwh = (rate: number, body: { tokens?: number; input_tokens?: number; output_tokens?: number }) =>
  body.input_tokens !== undefined && body.output_tokens !== undefined
    ? (rate * (0.5 * body.input_tokens + 1.5 * body.output_tokens)) / 1e6
    : (rate * (body.tokens as number)) / 1e6;

describe('POST /api/v2/calculate: success', () => {
  it('answers 200 with the specification response, the caller plan and the methodology URL', async () => {
    const a = await v2({ model: 'alpha-4o', tokens: 1000 });
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/json');
    const body = CalculationResponseSchema.strict().parse(a.json);
    expect(body.plan).toBe('mega');
    expect(body.methodology_url).toBe(`${service.url}/methodology`);
    expect(body.region).toBe('global-avg');
  });

  it('accepts every model key of data/models.json', async () => {
    for (const m of DATA.models) {
      const body = m.rate === null ? { model: m.key, tokens: 500, custom_wh_per_1k: 2 } : { model: m.key, tokens: 3 };
      const a = await v2(body);
      expect(a.status, `${m.key}: ${a.text}`).toBe(200);
      expect(a.json.model).toBe(m.key);
      const rate = m.rate ?? 2;
      const energy = m.unit === 'wh_per_image' ? (rate * 3) / 1000 : expectedEnergyKwh(rate, body);
      expect(close6(a.json.energy_kwh, energy), m.key).toBe(true);
    }
  });

  it('derives carbon, water, stress level, WUE and label from the region row, for every region', async () => {
    for (const r of DATA.regions) {
      const a = await v2({ model: 'beta-sonnet-4.6', input_tokens: 1200, output_tokens: 800, region: r.key });
      expect(a.status).toBe(200);
      const energy = expectedEnergyKwh(1.8, { input_tokens: 1200, output_tokens: 800 });
      expect(close6(a.json.energy_kwh, energy)).toBe(true);
      expect(close6(a.json.carbon_gco2e, energy * r.carbon_gco2_per_kwh)).toBe(true);
      expect(close6(a.json.water.liters, energy * r.wue_liters_per_kwh)).toBe(true);
      expect(a.json.water.stress_level).toBe(r.stress_level);
      expect(a.json.water.wue_liters_per_kwh).toBe(r.wue_liters_per_kwh);
      expect(a.json.region_label).toBe(r.label);
      expect(a.json.water.note).toContain(r.label);
      expect(a.json.water.note).toContain(r.stress_level);
    }
  });

  it('weighs output three times input, and an even split equals tokens alone', async () => {
    const even = await v2({ model: 'delta-r1', input_tokens: 500, output_tokens: 500 });
    const whole = await v2({ model: 'delta-r1', tokens: 1000 });
    const outputOnly = await v2({ model: 'delta-r1', input_tokens: 0, output_tokens: 1000 });
    const inputOnly = await v2({ model: 'delta-r1', input_tokens: 1000, output_tokens: 0 });
    expect(even.json.energy_kwh).toBe(whole.json.energy_kwh);
    expect(close6(outputOnly.json.energy_kwh / inputOnly.json.energy_kwh, 3)).toBe(true);
    expect(whole.json).toMatchObject({ input_tokens: 500, output_tokens: 500, tokens: 1000 });
  });

  it('fills in the missing split field from tokens', async () => {
    const a = await v2({ model: 'alpha-4o', tokens: 1000, input_tokens: 700 });
    expect(a.json).toMatchObject({ input_tokens: 700, output_tokens: 300, tokens: 1000 });
  });

  it('takes the image count for image-gen from tokens or images', async () => {
    const byTokens = await v2({ model: 'image-gen', tokens: 4 });
    const byImages = await v2({ model: 'image-gen', images: 4 });
    const rate = DATA.models.find((m) => m.key === 'image-gen')!.rate!;
    expect(close6(byTokens.json.energy_kwh, (rate * 4) / 1000)).toBe(true);
    expect(byImages.json.energy_kwh).toBe(byTokens.json.energy_kwh);
  });

  it('accepts a version 1 grid key in place of a region key', async () => {
    for (const g of DATA.grid.grid_keys) {
      const a = await v2({ model: 'alpha-4o', tokens: 2000, region: g.key });
      expect(a.status).toBe(200);
      expect(close6(a.json.carbon_gco2e, expectedEnergyKwh(3.5, { tokens: 2000 }) * g.carbon_gco2_per_kwh)).toBe(true);
      expect(a.json.water.wue_liters_per_kwh).toBe(g.wue_liters_per_kwh);
    }
  });

  it('uses the caller-supplied rate for custom', async () => {
    const a = await v2({ model: 'custom', tokens: 2000, custom_wh_per_1k: 12.5 });
    expect(close6(a.json.energy_kwh, (12.5 * 2000) / 1e6)).toBe(true);
  });
});

describe('POST /api/v2/calculate: every error code with the input that triggers it', () => {
  const cases: Array<[keyof typeof ERROR_CATALOG, string, unknown]> = [
    ['INVALID_MODEL', 'model missing', { tokens: 10 }],
    ['INVALID_MODEL', 'unknown model', { model: 'alpha-99', tokens: 10 }],
    ['INVALID_MODEL', 'model not a string', { model: 42, tokens: 10 }],
    ['INVALID_MODEL', 'key in the wrong case', { model: 'Alpha-4o', tokens: 10 }],
    ['INVALID_TOKENS', 'no counts at all', { model: 'alpha-4o' }],
    ['INVALID_TOKENS', 'tokens zero', { model: 'alpha-4o', tokens: 0 }],
    ['INVALID_TOKENS', 'tokens negative', { model: 'alpha-4o', tokens: -5 }],
    ['INVALID_TOKENS', 'tokens as a string', { model: 'alpha-4o', tokens: '100' }],
    ['INVALID_TOKENS', 'only input_tokens', { model: 'alpha-4o', input_tokens: 100 }],
    ['INVALID_TOKENS', 'split disagrees with tokens', { model: 'alpha-4o', tokens: 100, input_tokens: 70, output_tokens: 70 }],
    ['INVALID_TOKENS', 'one split field exceeds tokens', { model: 'alpha-4o', tokens: 100, output_tokens: 170 }],
    ['INVALID_TOKENS', 'over 100,000,000 tokens', { model: 'alpha-4o', tokens: 100_000_001 }],
    ['INVALID_TOKENS', 'split total zero', { model: 'alpha-4o', input_tokens: 0, output_tokens: 0 }],
    ['INVALID_TOKENS', 'fractional image count', { model: 'image-gen', tokens: 1.5 }],
    ['MISSING_CUSTOM_RATE', 'custom without a rate', { model: 'custom', tokens: 10 }],
    ['INVALID_CUSTOM_RATE', 'custom rate zero', { model: 'custom', tokens: 10, custom_wh_per_1k: 0 }],
    ['INVALID_CUSTOM_RATE', 'custom rate over 1000', { model: 'custom', tokens: 10, custom_wh_per_1k: 1000.5 }],
    ['INVALID_CUSTOM_RATE', 'custom rate as a string', { model: 'custom', tokens: 10, custom_wh_per_1k: '3' }],
    ['INVALID_REGION', 'unknown region', { model: 'alpha-4o', tokens: 10, region: 'mars-olympus' }],
    ['INVALID_REGION', 'region not a string', { model: 'alpha-4o', tokens: 10, region: 7 }],
    ['BAD_REQUEST', 'malformed JSON', '{"model": "alpha-4o", '],
    ['BAD_REQUEST', 'empty body', ''],
    ['BAD_REQUEST', 'a JSON array', '[{"model":"alpha-4o","tokens":1}]'],
    ['BAD_REQUEST', 'a JSON string', '"alpha-4o"'],
    ['BAD_REQUEST', 'JSON null', 'null'],
  ];

  it.each(cases)('%s: %s', async (code, _what, body) => {
    expectProblem(await v2(body), code);
  });

  it('a request that fails validation costs nothing', async () => {
    const { key: fresh } = await createApiKey(service.store, 'basic', 'free validation');
    const first = await v2({ model: 'alpha-4o', tokens: 1 }, fresh);
    for (const [, , body] of cases) await v2(body, fresh);
    const after = await v2({ model: 'alpha-4o', tokens: 1 }, fresh);
    expect(Number(after.headers.get('ratelimit-remaining'))).toBe(Number(first.headers.get('ratelimit-remaining')) - 1);
  });

  it('UNAUTHORIZED: missing, malformed, unknown and revoked keys', async () => {
    const { id, key: revoked } = await createApiKey(service.store, 'pro', 'to revoke');
    await service.store.revokeKey(id, new Date());
    const body = { model: 'alpha-4o', tokens: 10 };
    const attempts: Answer[] = [
      await v2(body, null),
      await v2(body, null, { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }),
      await v2(body, null, { Authorization: 'Bearer' }),
      await v2(body, null, { Authorization: `Bearer ${key} extra` }),
      await v2(body, 'not-a-key'),
      await v2(body, `fp_${'A'.repeat(43)}`),
      await v2(body, key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')),
      await v2(body, revoked),
    ];
    for (const a of attempts) {
      expectProblem(a, 'UNAUTHORIZED');
      expect(a.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(a.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('accepts the auth scheme in any case', async () => {
    expect((await v2({ model: 'alpha-4o', tokens: 10 }, null, { Authorization: `bearer ${key}` })).status).toBe(200);
  });

  it('UNSUPPORTED_MEDIA_TYPE: a body that is not sent as JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      expectProblem(await v2('{"model":"alpha-4o","tokens":1}', key, { 'Content-Type': type }), 'UNSUPPORTED_MEDIA_TYPE');
    }
    const noType = await send(service.url, V2, {
      method: 'POST',
      body: new Blob(['{"model":"alpha-4o","tokens":1}']),
      headers: { Authorization: `Bearer ${key}` },
    });
    expectProblem(noType, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await v2({ model: 'alpha-4o', tokens: 1 }, key, { 'Content-Type': 'application/json; charset=UTF-8' })).status).toBe(200);
  });

  it('PAYLOAD_TOO_LARGE: bodies over 16 KiB, by Content-Length or by the bytes actually sent', async () => {
    const padded = JSON.stringify({ model: 'alpha-4o', tokens: 10, pad: 'x'.repeat(16 * 1024) });
    expectProblem(await v2(padded), 'PAYLOAD_TOO_LARGE');

    const atLimit = JSON.stringify({ model: 'alpha-4o', tokens: 10, pad: '' });
    const exact = atLimit.replace('"pad":""', `"pad":"${'x'.repeat(16 * 1024 - atLimit.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(16 * 1024);
    expect((await v2(exact)).status).toBe(200);

    const declared = await rawRequest(service.url, {
      method: 'POST',
      path: V2,
      headers: { 'Content-Type': 'application/json', 'Content-Length': 1_000_000, Authorization: `Bearer ${key}` },
      chunks: [Buffer.from('{"model":"alpha-4o","tokens":10}')],
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).code).toBe('PAYLOAD_TOO_LARGE');

    const chunked = await rawRequest(service.url, {
      method: 'POST',
      path: V2,
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', Authorization: `Bearer ${key}` },
      chunks: Array.from({ length: 40 }, () => Buffer.alloc(1024, 0x20)),
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks in order: size, media type, JSON syntax, then the key, then the request', async () => {
    const noKey = null;
    expectProblem(await v2('x'.repeat(17 * 1024), noKey), 'PAYLOAD_TOO_LARGE');
    expectProblem(await v2('{"model":"alpha-4o"}', noKey, { 'Content-Type': 'text/plain' }), 'UNSUPPORTED_MEDIA_TYPE');
    expectProblem(await v2('{not json', noKey), 'BAD_REQUEST');
    expectProblem(await v2({ model: 'nope' }, noKey), 'UNAUTHORIZED');
    expectProblem(await v2({ model: 'nope' }, key), 'INVALID_MODEL');
  });
});

describe('metering headers', () => {
  it('every success carries RateLimit-Limit, -Remaining and -Reset counting down from the plan', async () => {
    const { key: fresh } = await createApiKey(service.store, 'pro', 'headers');
    const a = await v2({ model: 'alpha-4o', tokens: 10 }, fresh);
    const b = await v1({ model: 'alpha-4', tokens: 10 }, fresh);
    expect(a.headers.get('ratelimit-limit')).toBe(String(planLimit('pro')));
    expect(a.headers.get('ratelimit-remaining')).toBe(String(planLimit('pro') - 1));
    expect(b.headers.get('ratelimit-remaining')).toBe(String(planLimit('pro') - 2));
    const now = new Date();
    const reset = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
    expect(Math.abs(Number(a.headers.get('ratelimit-reset')) - reset)).toBeLessThan(5);
  });

  it('errors other than 429 are not metered and carry no RateLimit headers', async () => {
    const a = await v2({ model: 'nope', tokens: 1 });
    expect(a.headers.get('ratelimit-remaining')).toBeNull();
  });

  it('the basic plan is answered with its own plan name and limit', async () => {
    const a = await v2({ model: 'alpha-4o', tokens: 10 }, basicKey);
    expect(a.json.plan).toBe('basic');
    expect(a.headers.get('ratelimit-limit')).toBe(String(planLimit('basic')));
  });
});

describe('POST /api/v1/calculate', () => {
  it('answers the version 1 shape with rate_limit in it', async () => {
    const a = await v1({ model: 'alpha-4', tokens: 1000 });
    expect(a.status).toBe(200);
    const body = V1ResponseSchema.strict().parse(a.json);
    expect(Object.keys(a.json)).toEqual([
      'model',
      'tokens',
      'grid',
      'energy_kwh',
      'carbon_gco2e',
      'water_liters',
      'equivalents',
      'plan',
      'rate_limit',
      'methodology_url',
    ]);
    expect(body.grid).toBe('global-avg');
    expect(body.rate_limit.limit).toBe(planLimit('mega'));
    expect(body.rate_limit.remaining).toBe(Number(a.headers.get('ratelimit-remaining')));
    const now = new Date();
    expect(body.rate_limit.reset_at).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
  });

  it('gives the same energy and carbon as version 2 for the same model, tokens and grid', async () => {
    for (const model of DATA.grid.v1_models) {
      for (const g of DATA.grid.grid_keys) {
        const extra = model === 'custom' ? { custom_wh_per_1k: 3.3 } : {};
        const tokens = model === 'image-gen' ? 3 : 1234;
        const one = await v1({ model, tokens, grid: g.key, ...extra });
        const two = await v2({ model, tokens, region: g.key, ...extra });
        expect(one.status, one.text).toBe(200);
        expect(two.status, two.text).toBe(200);
        expect(one.json.energy_kwh).toBe(two.json.energy_kwh);
        expect(one.json.carbon_gco2e).toBe(two.json.carbon_gco2e);
        expect(one.json.water_liters).toBe(two.json.water.liters);
        expect(one.json.equivalents).toEqual(two.json.equivalents);
      }
    }
  });

  it('keeps version 1 limited to its own models and grid keys', async () => {
    expectProblem(await v1({ model: 'alpha-4o', tokens: 10 }), 'INVALID_MODEL');
    expectProblem(await v1({ model: 'alpha-4', tokens: 10, grid: 'eu-sweden' }), 'INVALID_REGION');
    expectProblem(await v1({ model: 'alpha-4', input_tokens: 5, output_tokens: 5 }), 'INVALID_TOKENS');
    expectProblem(await v1({ model: 'custom', tokens: 10 }), 'MISSING_CUSTOM_RATE');
    expectProblem(await v1('[1'), 'BAD_REQUEST');
    expectProblem(await v1({ model: 'alpha-4', tokens: 10 }, null), 'UNAUTHORIZED');
  });
});

describe('GET /api/v2/calculate', () => {
  it('lists every model key and every region without a key, unmetered', async () => {
    const a = await send(service.url, V2);
    expect(a.status).toBe(200);
    const body = CatalogSchema.parse(a.json);
    expect(body.models.map((m) => m.key)).toEqual(DATA.models.map((m) => m.key));
    for (const m of DATA.models) expect(body.models.find((x) => x.key === m.key)).toMatchObject({ rate: m.rate, legacy: m.legacy });
    expect(body.regions).toEqual(DATA.regions);
    expect(body.grid_keys).toEqual(DATA.grid.grid_keys.map((g) => g.key));
    expect(body).toEqual(catalog());
    expect(a.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('routing, documents and CORS', () => {
  it('NOT_FOUND for unknown paths', async () => {
    for (const path of ['/', '/api/v3/calculate', '/api/v2/calculate/extra', '/problems/nope']) expectProblem(await send(service.url, path), 'NOT_FOUND');
    expectProblem(await postJson(service.url, '/api/v2/other', { model: 'alpha-4o', tokens: 1 }, key), 'NOT_FOUND');
  });

  it('METHOD_NOT_ALLOWED with an Allow header', async () => {
    const checks: Array<[string, string, string]> = [
      [V2, 'PUT', 'GET, POST, HEAD, OPTIONS'],
      [V2, 'DELETE', 'GET, POST, HEAD, OPTIONS'],
      [V1, 'GET', 'POST, OPTIONS'],
      [V1, 'PATCH', 'POST, OPTIONS'],
      ['/healthz', 'POST', 'GET, HEAD, OPTIONS'],
      ['/openapi.json', 'DELETE', 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, method, allow] of checks) {
      const a = await send(service.url, path, { method });
      expectProblem(a, 'METHOD_NOT_ALLOWED');
      expect(a.headers.get('allow')).toBe(allow);
    }

    const options = await send(service.url, V2, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('every problem type URI names its code', async () => {
    const a = await v2({ model: 'nope', tokens: 1 });
    const typeUrl = new URL(a.json.type);
    expect(typeUrl.origin).toBe(service.url);
    const described = await send(service.url, typeUrl.pathname);
    expect(described.json).toMatchObject({ code: 'INVALID_MODEL', status: 400 });
  });

  it('GET /methodology renders docs/methodology.md as HTML', async () => {
    const a = await send(service.url, '/methodology');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^text\/html/);
    const markdown = readFileSync(fileURLToPath(new URL('../../docs/methodology.md', import.meta.url)), 'utf8');
    const heading = /^#\s+(.+)$/m.exec(markdown)![1].trim();
    expect(a.text).toMatch(/<h1[^>]*>/);
    expect(a.text).toContain(heading.replace(/&/g, '&amp;'));
  });

  it('GET /openapi.json is OpenAPI 3.1 generated from the core schemas, with bearer auth and the problem schema', async () => {
    const doc = (await send(service.url, '/openapi.json')).json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.components.schemas.CalculationRequest.properties)).toEqual(
      expect.arrayContaining(['model', 'tokens', 'input_tokens', 'output_tokens', 'region', 'custom_wh_per_1k']),
    );
    expect(doc.components.schemas.CalculationResponse.required).toEqual(expect.arrayContaining(['energy_kwh', 'water', 'plan']));
    expect(doc.components.schemas.Problem.properties.code.enum).toEqual(Object.keys(ERROR_CATALOG));
    expect(doc.paths['/api/v2/calculate'].post.responses['429'].content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
    expect(doc.paths['/api/v1/calculate'].post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('GET /healthz answers ok; HEAD works on GET resources', async () => {
    expect((await send(service.url, '/healthz')).json).toEqual({ status: 'ok' });
    expect((await send(service.url, '/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('answers CORS preflights for extension origins and configured ones only', async () => {
    const origins = ['chrome-extension://abcdefghijklmnopabcdefghijklmnop', 'moz-extension://0b6f9c1e-5b5c-4a8e-9d1e-2f0a1b2c3d4e', CONFIGURED_ORIGIN];
    for (const origin of origins) {
      const a = await send(service.url, V2, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      expect(a.status).toBe(204);
      expect(a.headers.get('access-control-allow-origin')).toBe(origin);
      expect(a.headers.get('access-control-allow-methods')).toContain('POST');
      expect(a.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(a.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    }
    const stranger = await send(service.url, V2, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('exposes the RateLimit headers and Retry-After to allowed origins', async () => {
    const origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
    const a = await v2({ model: 'alpha-4o', tokens: 1 }, key, { Origin: origin });
    expect(a.headers.get('access-control-allow-origin')).toBe(origin);
    const exposed = a.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']) expect(exposed).toContain(h);
    const stranger = await v2({ model: 'alpha-4o', tokens: 1 }, key, { Origin: 'https://evil.example' });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('embedding', () => {
  it('uses a store it is given, counts in it, and closes it when it stops', async () => {
    const store = openSqliteStore(':memory:');
    const embedded = await startService({ store });
    try {
      const created = await createApiKey(store, 'pro', 'embedded');
      const a = await postJson(embedded.url, V2, { model: 'alpha-4o', tokens: 10 }, created.key);
      expect(a.status, a.text).toBe(200);
      expect(a.headers.get('ratelimit-remaining')).toBe(String(planLimit('pro') - 1));
      expect(await store.usage(created.id, monthKey(new Date()))).toBe(1);
    } finally {
      await embedded.close();
    }
    await expect(store.listKeys()).rejects.toThrow(/not open/);
  });
});
