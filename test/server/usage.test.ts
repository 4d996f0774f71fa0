import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { postJson, send, type Answer } from './support/http';
import { planLimit } from './support/fixtures';

const USAGE = '/api/v2/usage';
const PRO = planLimit('pro');

let dir: string;
let dbPath: string;
let service: RunningService;
// The service's clock: mid-November 2026, moved on by the rollover test.
let now = new Date('2026-11-10T12:00:00Z');
const start = () => startService({ dbPath, now: () => now });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp-usage-'));
  dbPath = join(dir, 'usage.db');
  service = await start();
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const usage = (key: string | null, query = '') => send(service.url, USAGE + query, { headers: key ? { Authorization: `Bearer ${key}` } : {} });

function expectProblem(a: Answer, status: number, code: string) {
  expect(a.status).toBe(status);
  expect(a.headers.get('content-type')).toBe('application/problem+json');
  expect(a.json.code).toBe(code);
}

/** The sum of figures as the service keeps them: whole billionths of their unit. */
const sum = (values: number[]) => values.reduce((total, v) => total + Math.round(v * 1e9), 0) / 1e9;

describe('GET /api/v2/usage', () => {
  it('401 UNAUTHORIZED as problem+json for a missing, malformed, unknown or revoked key', async () => {
    const { id, key } = await createApiKey(service.store, 'pro', 'to revoke');
    await service.store.revokeKey(id, now);
    for (const presented of [null, 'not-a-key', `fp_${'A'.repeat(43)}`, key]) {
      const a = await usage(presented);
      expectProblem(a, 401, 'UNAUTHORIZED');
      expect(a.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it("sums the key's v2 and v1 calculations per model, most energy first; costs no quota; a replay adds nothing", async () => {
    const { key } = await createApiKey(service.store, 'pro', 'month');
    const other = await createApiKey(service.store, 'pro', 'someone else');
    const answers = [
      await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', input_tokens: 1200, output_tokens: 400, region: 'eu-germany' }, key, {
        'Idempotency-Key': 'first',
      }),
      await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 900 }, key),
      await postJson(service.url, '/api/v1/calculate', { model: 'alpha-4', tokens: 10 }, key),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const replay = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', input_tokens: 1200, output_tokens: 400, region: 'eu-germany' }, key, {
      'Idempotency-Key': 'first',
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, other.key);

    const a = await usage(key);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    expect(a.headers.get('ratelimit-remaining')).toBeNull();
    const [v2a, v2b, v1] = answers.map((x) => x.json);
    const alpha4o = {
      model: 'alpha-4o',
      requests: 2,
      energy_kwh: sum([v2a.energy_kwh, v2b.energy_kwh]),
      carbon_gco2e: sum([v2a.carbon_gco2e, v2b.carbon_gco2e]),
      water_liters: sum([v2a.water.liters, v2b.water.liters]),
    };
    const alpha4 = {
      model: 'alpha-4',
      requests: 1,
      energy_kwh: sum([v1.energy_kwh]),
      carbon_gco2e: sum([v1.carbon_gco2e]),
      water_liters: sum([v1.water_liters]),
    };
    expect(a.json).toEqual({
      plan: 'pro',
      month: '2026-11',
      requests: 3,
      quota: PRO,
      remaining: PRO - 3,
      resets_at: '2026-12-01T00:00:00.000Z',
      energy_kwh: sum([v2a.energy_kwh, v2b.energy_kwh, v1.energy_kwh]),
      carbon_gco2e: sum([v2a.carbon_gco2e, v2b.carbon_gco2e, v1.carbon_gco2e]),
      water_liters: sum([v2a.water.liters, v2b.water.liters, v1.water_liters]),
      models: [alpha4o, alpha4],
    });
    expect(alpha4o.energy_kwh).toBeGreaterThan(alpha4.energy_kwh);

    // Asking costs nothing: the next calculation still finds PRO - 3 left before it.
    expect((await usage(key)).json.requests).toBe(3);
    const next = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 1 }, key);
    expect(next.headers.get('ratelimit-remaining')).toBe(String(PRO - 4));
  });

  it('100 concurrent calculations on one key: the month holds exactly their sums', async () => {
    const { key } = await createApiKey(service.store, 'pro', 'concurrent');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postJson(service.url, '/api/v2/calculate', { model: i % 3 ? 'alpha-4o' : 'alpha-4', tokens: 10 + i, region: 'eu-germany' }, key),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const month = (await usage(key)).json;
    expect(month.requests).toBe(100);
    expect(month.energy_kwh).toBe(sum(answers.map((a) => a.json.energy_kwh)));
    expect(month.carbon_gco2e).toBe(sum(answers.map((a) => a.json.carbon_gco2e)));
    expect(month.water_liters).toBe(sum(answers.map((a) => a.json.water.liters)));
    expect(month.models.map((m: { model: string; requests: number }) => [m.model, m.requests]).sort()).toEqual([
      ['alpha-4', 34],
      ['alpha-4o', 66],
    ]);
  });

  it('?month: 400 for a malformed month, 404 for one not kept (future or older than 13 months), 200 with zeros for a kept empty one', async () => {
    const { key } = await createApiKey(service.store, 'basic', 'months');
    for (const month of ['2026-13', 'nov', '2026-1', '2026-11-01', '']) expectProblem(await usage(key, `?month=${month}`), 400, 'BAD_REQUEST');
    for (const month of ['2026-12', '2025-10', '1999-01']) expectProblem(await usage(key, `?month=${month}`), 404, 'NOT_FOUND');
    const oldest = await usage(key, '?month=2025-11');
    expect(oldest.json).toEqual({
      plan: 'basic',
      month: '2025-11',
      requests: 0,
      quota: planLimit('basic'),
      remaining: planLimit('basic'),
      resets_at: '2025-12-01T00:00:00.000Z',
      energy_kwh: 0,
      carbon_gco2e: 0,
      water_liters: 0,
      models: [],
    });
  });

  it('is GET only, and in the OpenAPI document with its 401, 400 and 404', async () => {
    const post = await send(service.url, USAGE, { method: 'POST' });
    expectProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const doc = (await send(service.url, '/openapi.json')).json;
    const get = doc.paths[USAGE].get;
    expect(get.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '503']));
    expect(get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Usage' });
    expect(Object.keys(doc.components.schemas.Usage.properties)).toEqual([
      'plan',
      'month',
      'requests',
      'quota',
      'remaining',
      'resets_at',
      'energy_kwh',
      'carbon_gco2e',
      'water_liters',
      'models',
    ]);
  });

  it('rolls over at the start of the UTC month, keeps the month before, and loses nothing across a restart', async () => {
    const { key } = await createApiKey(service.store, 'pro', 'rollover');
    await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 100 }, key);
    const november = (await usage(key)).json;
    expect(november).toMatchObject({ month: '2026-11', requests: 1 });

    now = new Date('2026-12-01T00:00:00Z');
    expect((await usage(key)).json).toMatchObject({ month: '2026-12', requests: 0, remaining: PRO, resets_at: '2027-01-01T00:00:00.000Z', models: [] });
    await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4', tokens: 10 }, key);
    const december = (await usage(key)).json;
    expect(december).toMatchObject({ requests: 1, models: [{ model: 'alpha-4', requests: 1 }] });
    expect((await usage(key, '?month=2026-11')).json).toEqual(november);

    await service.close();
    service = await start();
    expect((await usage(key)).json).toEqual(december);
    expect((await usage(key, '?month=2026-11')).json).toEqual(november);
  });
});
