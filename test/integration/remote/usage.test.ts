/**
 * The key's month (GET /api/v2/usage) against the fake service on loopback: the client reads the
 * contract's answer and every failure as a code; the worker's remote/usage (the ledger's keyMonth)
 * sums what the service counted for the key, keeps a success briefly, and says when the service
 * cannot be reached.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import { memoryKeyStore } from '../../support/key-store';
import { parseBaseUrl } from '../../../src/remote/config';
import { getKeyMonth } from '../../../src/remote/usage';
import { NOW, newLedger, resetBrowser, turn } from '../../unit/support/ledger';
import { FAKE_QUOTA, startFakeService, type FakeService } from '../support/fake-service';

let fake: FakeService;
beforeAll(async () => {
  fake = await startFakeService();
});
afterAll(() => fake.close());
beforeEach(() => {
  resetBrowser();
  fake.mode = 'ok';
  fake.requests = [];
  fake.usage.clear();
});

const usageUrl = () => {
  const p = parseBaseUrl(fake.url);
  if (!p.ok) throw new Error(p.error.message);
  return p.value.usageUrl;
};
const month = () => new Date().toISOString().slice(0, 7);

describe('the usage client', () => {
  it('200: the month with zeros for a key that has calculated nothing, sent with the key as Bearer', async () => {
    expect(usageUrl()).toBe(`${fake.url}/api/v2/usage`);
    const r = await getKeyMonth({ usageUrl: usageUrl(), apiKey: 'k-1' });
    expect(r).toEqual({
      ok: true,
      value: { plan: 'pro', month: month(), requests: 0, quota: FAKE_QUOTA, remaining: FAKE_QUOTA, energyKwh: 0, carbonG: 0, waterL: 0 },
    });
    expect(fake.requests).toEqual([{ auth: 'Bearer k-1', body: null, path: '/api/v2/usage' }]);
  });

  it.each([
    ['401', 'REMOTE_UNAUTHORIZED', 401, false],
    ['500', 'REMOTE_SERVER_ERROR', 500, false],
    ['503', 'REMOTE_SERVER_ERROR', 503, false],
    ['invalid', 'REMOTE_INVALID_ANSWER', 200, false],
    ['not-json', 'REMOTE_INVALID_ANSWER', 200, false],
    ['redirect', 'REMOTE_NETWORK', null, true],
    ['hang', 'REMOTE_TIMEOUT', null, true],
  ] as const)('%s: %s', async (mode, code, status, unreachable) => {
    fake.mode = mode;
    const r = await getKeyMonth({ usageUrl: usageUrl(), apiKey: 'k-1', timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, error: { code, status, unreachable } });
  });

  it('a month the service does not keep (404) and a malformed month (400) are refusals, not outages', async () => {
    expect(await getKeyMonth({ usageUrl: `${usageUrl()}?month=1999-01`, apiKey: 'k-1' })).toMatchObject({
      ok: false,
      error: { code: 'REMOTE_REJECTED', status: 404, unreachable: false },
    });
    expect(await getKeyMonth({ usageUrl: `${usageUrl()}?month=November`, apiKey: 'k-1' })).toMatchObject({
      ok: false,
      error: { code: 'REMOTE_REJECTED', status: 400 },
    });
  });

  it('nothing listens: REMOTE_NETWORK, unreachable', async () => {
    const gone = await startFakeService();
    const url = `${gone.url}/api/v2/usage`;
    await gone.close();
    expect(await getKeyMonth({ usageUrl: url, apiKey: 'k-1', timeoutMs: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'REMOTE_NETWORK', unreachable: true },
    });
  });
});

describe('remote/usage in the worker', () => {
  async function rig(opts: { remote?: boolean; key?: string | null; permission?: boolean; clock?: { now: number } } = {}) {
    const clock = opts.clock ?? { now: NOW };
    const ledger = newLedger({
      now: () => clock.now,
      remote: { keyStore: memoryKeyStore(), hasPermission: async () => opts.permission ?? true, timeoutMs: 300 },
    });
    const key = opts.key === undefined ? 'team-key' : opts.key;
    await ledger.configureRemote({ enabled: opts.remote ?? true, baseUrl: fake.url, ...(key === null ? {} : { apiKey: key }) });
    return ledger;
  }

  it('the key’s month: what the service computed for this browser and for another browser with the same key', async () => {
    const ledger = await rig();
    const a = await ledger.record(turn({ turnId: 'u1' }));
    const b = await ledger.record(turn({ turnId: 'u2', promptTokens: 400 }));
    // Another browser, the same key.
    const other = await rig();
    const c = await other.record(turn({ turnId: 'elsewhere', modelKey: 'beta-sonnet-5', site: 'claude' }));
    if (!a.recorded || !b.recorded || !c.recorded) throw new Error('not recorded');
    expect([a.entry.computedBy, b.entry.computedBy, c.entry.computedBy]).toEqual(['remote', 'remote', 'remote']);
    const answer = await ledger.keyMonth();
    if (answer.status !== 'ok') throw new Error(JSON.stringify(answer));
    const energy = [a, b, c].reduce((s, o) => s + (o.recorded ? o.entry.energyKwh : 0), 0);
    expect(answer.usage).toMatchObject({ plan: 'pro', month: month(), requests: 3, quota: FAKE_QUOTA, remaining: FAKE_QUOTA - 3 });
    expect(answer.usage.energyKwh).toBeCloseTo(energy, 12);
    const local = calculate({ model: 'alpha-4o', input_tokens: 1020, output_tokens: 450, region: 'global-avg' });
    if (!local.ok) throw new Error('core');
    expect(a.entry.energyKwh).toBe(local.value.energy_kwh);
  });

  it('keeps a success a little while, then asks again', async () => {
    const clock = { now: NOW };
    const ledger = await rig({ clock });
    const first = await ledger.keyMonth();
    expect(first).toMatchObject({ status: 'ok', usage: { requests: 0 } });
    await ledger.record(turn({ turnId: 'later' }));
    const asks = () => fake.requests.filter((r) => r.path === '/api/v2/usage').length;
    expect(asks()).toBe(1);
    // Reopening the popup soon after: the answer kept is shown.
    clock.now += 1_000;
    expect(await ledger.keyMonth()).toEqual(first);
    expect(asks()).toBe(1);
    // Opened again an hour later: asked again.
    clock.now += 3_600_000;
    expect(await ledger.keyMonth()).toMatchObject({ status: 'ok', usage: { requests: 1 } });
    expect(asks()).toBe(2);
  });

  it('says when the service cannot be reached, and asks again next time (failures are not kept)', async () => {
    const ledger = await rig();
    fake.mode = 'hang';
    expect(await ledger.keyMonth()).toEqual({ status: 'failed', code: 'REMOTE_TIMEOUT', unreachable: true });
    fake.mode = '401';
    expect(await ledger.keyMonth()).toEqual({ status: 'failed', code: 'REMOTE_UNAUTHORIZED', unreachable: false });
    fake.mode = 'ok';
    expect(await ledger.keyMonth()).toMatchObject({ status: 'ok' });
  });

  it('off: not in remote mode, no key, or no permission for the service; the service is not asked', async () => {
    expect(await (await rig({ remote: false })).keyMonth()).toEqual({ status: 'off' });
    resetBrowser();
    expect(await (await rig({ key: null })).keyMonth()).toEqual({ status: 'off' });
    resetBrowser();
    expect(await (await rig({ permission: false })).keyMonth()).toEqual({ status: 'off' });
    expect(fake.requests.filter((r) => r.path === '/api/v2/usage')).toEqual([]);
  });
});
