import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import type { RemoteRequest } from '../../../src/domain';
import { postCalculation, REMOTE_TIMEOUT_MS } from '../../../src/remote/client';
import { parseBaseUrl } from '../../../src/remote/config';
import { startService, type RunningService } from '../../../src/server/start';
import { createApiKey } from '../../../src/server/store/api-keys';
import { startFakeService, type FakeService } from '../support/fake-service';

const request: RemoteRequest = { model: 'alpha-4o', input_tokens: 1020, output_tokens: 450, region: 'eu-germany' };
const calcUrl = (base: string) => `${base}/api/v2/calculate`;

describe('against the project service (startService on loopback)', () => {
  let service: RunningService;
  let key: string;
  beforeAll(async () => {
    service = await startService({ host: '127.0.0.1', port: 0 });
    key = (await createApiKey(service.store, 'basic', 'remote client test')).key;
  });
  afterAll(() => service.close());

  it('200: returns the validated calculation, the plan and the quota headers', async () => {
    const r = await postCalculation({ calculateUrl: calcUrl(service.url), apiKey: key, request });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const local = calculate(request);
    if (!local.ok) throw new Error('core');
    expect(r.value.response.energy_kwh).toBe(local.value.energy_kwh);
    expect(r.value.response.carbon_gco2e).toBe(local.value.carbon_gco2e);
    expect(r.value.plan).toBe('basic');
    expect(r.value.limit).toBe(100);
    expect(r.value.remaining).toBe(99);
  });

  it('401: an unknown key is REMOTE_UNAUTHORIZED, not retried', async () => {
    const r = await postCalculation({ calculateUrl: calcUrl(service.url), apiKey: 'fp_not-a-real-key', request });
    expect(r).toMatchObject({ ok: false, error: { code: 'REMOTE_UNAUTHORIZED', status: 401, transient: false } });
  });

  it('429: a used-up quota is REMOTE_QUOTA with the time it resets', async () => {
    const own = (await createApiKey(service.store, 'basic', 'quota test')).key;
    for (let i = 0; i < 100; i++) {
      const r = await postCalculation({ calculateUrl: calcUrl(service.url), apiKey: own, request });
      expect(r.ok).toBe(true);
    }
    const before = Date.now();
    const r = await postCalculation({ calculateUrl: calcUrl(service.url), apiKey: own, request });
    if (r.ok) throw new Error('expected 429');
    expect(r.error).toMatchObject({ code: 'REMOTE_QUOTA', status: 429, transient: false, remaining: 0, limit: 100 });
    expect(r.error.retryAt).toBeGreaterThan(before);
  });

  it('sends only the counts and the key in the Authorization header', async () => {
    // The fake service records what arrives; the real one would accept the same body.
    const fake = await startFakeService();
    try {
      await postCalculation({ calculateUrl: calcUrl(fake.url), apiKey: 'k-123', request });
      expect(fake.requests).toEqual([{ auth: 'Bearer k-123', body: request, path: '/api/v2/calculate' }]);
    } finally {
      await fake.close();
    }
  });
});

describe('against a misbehaving server', () => {
  let fake: FakeService;
  beforeAll(async () => {
    fake = await startFakeService();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests = [];
  });
  const post = (timeoutMs?: number) => postCalculation({ calculateUrl: calcUrl(fake.url), apiKey: 'k', request, timeoutMs });

  it.each([
    ['500', 'REMOTE_SERVER_ERROR'],
    ['503', 'REMOTE_SERVER_ERROR'],
    ['invalid', 'REMOTE_INVALID_ANSWER'],
    ['mismatch', 'REMOTE_INVALID_ANSWER'],
    ['not-json', 'REMOTE_INVALID_ANSWER'],
    ['redirect', 'REMOTE_NETWORK'],
  ] as const)('%s is %s and worth a retry', async (mode, code) => {
    fake.mode = mode;
    const r = await post();
    expect(r).toMatchObject({ ok: false, error: { code, transient: true } });
  });

  it('a server that does not answer in time is REMOTE_TIMEOUT', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const r = await post(300);
    expect(r).toMatchObject({ ok: false, error: { code: 'REMOTE_TIMEOUT', transient: true } });
    expect(Date.now() - started).toBeLessThan(REMOTE_TIMEOUT_MS);
  });

  it('the default timeout is 5 seconds', () => {
    expect(REMOTE_TIMEOUT_MS).toBe(5000);
  });

  it('a closed port is REMOTE_NETWORK', async () => {
    const r = await postCalculation({ calculateUrl: 'http://127.0.0.1:1/api/v2/calculate', apiKey: 'k', request });
    expect(r).toMatchObject({ ok: false, error: { code: 'REMOTE_NETWORK', transient: true } });
  });

  it('reads the plan and quota headers of a good answer', async () => {
    fake.mode = 'ok';
    const r = await post();
    expect(r).toMatchObject({ ok: true, value: { plan: 'pro', limit: 5000, remaining: 4321 } });
  });
});

describe('the service address', () => {
  it.each([
    ['https://footprint.example.com/', 'https://footprint.example.com'],
    ['https://footprint.example.com/base/', 'https://footprint.example.com/base'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.1:19001', 'http://127.0.0.1:19001'],
  ])('accepts %s', (input, baseUrl) => {
    const r = parseBaseUrl(input);
    expect(r).toMatchObject({ ok: true, value: { baseUrl, calculateUrl: `${baseUrl}/api/v2/calculate` } });
  });

  it.each([
    ['http://footprint.example.com', 'REMOTE_URL_INSECURE'],
    ['http://192.168.1.5:8787', 'REMOTE_URL_INSECURE'],
    ['ftp://footprint.example.com', 'REMOTE_URL_INVALID'],
    ['https://user:pw@footprint.example.com', 'REMOTE_URL_INVALID'],
    ['https://footprint.example.com/?next=evil', 'REMOTE_URL_INVALID'],
    ['not a url', 'REMOTE_URL_INVALID'],
    ['', 'REMOTE_NO_URL'],
  ])('rejects %s with %s', (input, code) => {
    expect(parseBaseUrl(input)).toMatchObject({ ok: false, error: { code } });
  });

  it('asks permission for the service host (any port: see remote-url.test.ts)', () => {
    expect(parseBaseUrl('https://fp.example.com:8443/x')).toMatchObject({ ok: true, value: { originPattern: 'https://fp.example.com/*' } });
  });
});
