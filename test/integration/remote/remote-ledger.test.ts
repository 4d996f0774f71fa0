import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import type { KeyStore } from '../../../src/remote/key-store';
import { memoryKeyStore } from '../../support/key-store';
import { EMPTY_RETRY_QUEUE } from '../../../src/domain';
import { enqueueRetry, backoffMs } from '../../../src/remote/retry-queue';
import { retryQueueItem } from '../../../src/storage/items';
import { userMessage } from '../../../src/domain/errors';
import { startService, type RunningService } from '../../../src/server/start';
import { createApiKey } from '../../../src/server/store/api-keys';
import { dump, newLedger, resetBrowser, turn, NOW } from '../../unit/support/ledger';
import { startFakeService, type FakeService } from '../support/fake-service';

let service: RunningService;
let fake: FakeService;
let serviceKey: string;

beforeAll(async () => {
  service = await startService({ host: '127.0.0.1', port: 0 });
  serviceKey = (await createApiKey(service.store, 'basic', 'ledger test')).key;
  fake = await startFakeService();
});
afterAll(async () => {
  await service.close();
  await fake.close();
});

interface Rig {
  ledger: ReturnType<typeof newLedger>;
  keyStore: KeyStore;
  clock: { now: number };
  alarms: Array<number | null>;
}

async function rig(baseUrl: string, key: string | null, opts: { permission?: boolean; keyStore?: KeyStore; clock?: { now: number } } = {}): Promise<Rig> {
  const keyStore = opts.keyStore ?? memoryKeyStore();
  const clock = opts.clock ?? { now: NOW };
  const alarms: Array<number | null> = [];
  const ledger = newLedger({
    now: () => clock.now,
    // The fake answers at once or never ('hang': the short timeout is what the test waits for). The real
    // service's first answer (its routes and SQLite opened) can take longer on a busy machine: its default.
    remote: { keyStore, hasPermission: async () => opts.permission ?? true, ...(baseUrl === fake.url ? { timeoutMs: 300 } : {}) },
    scheduleRetry: (at) => void alarms.push(at),
  });
  await ledger.configureRemote({ enabled: true, baseUrl, ...(key === null ? {} : { apiKey: key }) });
  return { ledger, keyStore, clock, alarms };
}

const entriesOf = async (r: Rig) => JSON.parse((await r.ledger.exportLedger('json')).content).turns as Array<Record<string, unknown>>;

beforeEach(() => {
  resetBrowser();
  fake.mode = 'ok';
  fake.requests = [];
});

describe('remote mode, recording turns', () => {
  it('200: the service computes the turn and its plan is recorded', async () => {
    const r = await rig(service.url, serviceKey);
    const out = await r.ledger.record(turn({ turnId: 'r200' }));
    const local = calculate({ model: 'alpha-4o', input_tokens: 1020, output_tokens: 450, region: 'global-avg' });
    if (!out.recorded || !local.ok) throw new Error('not recorded');
    expect(out.entry).toMatchObject({ computedBy: 'remote', plan: 'basic', energyKwh: local.value.energy_kwh });
    const state = await r.ledger.popupState();
    expect(state.remote).toMatchObject({ enabled: true, hasKey: true, state: 'ok', plan: 'basic', queued: 0 });
    expect(state.remote.remaining).toBeGreaterThan(0);
  });

  it('sends a turn of a model the table lacks as custom with its custom_wh_per_1k, and the service computes it as the core does', async () => {
    const r = await rig(service.url, serviceKey);
    const out = await r.ledger.record(turn({ turnId: 'rgrok', site: 'grok', modelKey: 'custom', customWhPer1k: 2 }));
    const local = calculate({ model: 'custom', custom_wh_per_1k: 2, input_tokens: 1020, output_tokens: 450, region: 'global-avg' });
    if (!out.recorded || !local.ok) throw new Error('not recorded');
    expect(out.entry).toMatchObject({ computedBy: 'remote', modelKey: 'custom', customWhPer1k: 2, energyKwh: local.value.energy_kwh });
    // What went over the wire: the spec's custom model with its rate, and counts only.
    const f = await rig(fake.url, 'good-key');
    await f.ledger.record(turn({ turnId: 'fgrok', site: 'grok', modelKey: 'custom', customWhPer1k: 2 }));
    expect(fake.requests.at(-1)?.body).toEqual({ model: 'custom', custom_wh_per_1k: 2, input_tokens: 1020, output_tokens: 450, region: 'global-avg' });
  });

  it('401: the turn is computed locally, the key is reported rejected, and remote mode pauses until reconfigured', async () => {
    fake.mode = '401';
    const r = await rig(fake.url, 'bad-key');
    const first = await r.ledger.record(turn());
    expect(first).toMatchObject({ recorded: true, entry: { computedBy: 'local', plan: 'local' } });
    const state = await r.ledger.popupState();
    expect(state.remote).toMatchObject({ state: 'unauthorized', code: 'REMOTE_UNAUTHORIZED', message: userMessage('REMOTE_UNAUTHORIZED') });
    await r.ledger.record(turn());
    expect(fake.requests).toHaveLength(1);
    fake.mode = 'ok';
    await r.ledger.configureRemote({ enabled: true, baseUrl: fake.url, apiKey: 'good-key' });
    expect(await r.ledger.record(turn())).toMatchObject({ entry: { computedBy: 'remote', plan: 'pro' } });
    expect(fake.requests.at(-1)?.auth).toBe('Bearer good-key');
  });

  it('429: the quota is reported used up and remote calls wait until it resets', async () => {
    fake.mode = '429';
    const r = await rig(fake.url, 'k');
    expect(await r.ledger.record(turn())).toMatchObject({ entry: { computedBy: 'local' } });
    expect((await r.ledger.popupState()).remote).toMatchObject({ state: 'quota', code: 'REMOTE_QUOTA', message: userMessage('REMOTE_QUOTA'), remaining: 0 });
    await r.ledger.record(turn());
    expect(fake.requests).toHaveLength(1);
    fake.mode = 'ok';
    r.clock.now += 3601_000; // Retry-After: 3600
    expect(await r.ledger.record(turn())).toMatchObject({ entry: { computedBy: 'remote' } });
  });

  it.each(['500', 'hang', 'invalid'] as const)('%s: computed locally at once, marked local-fallback and queued for retry', async (mode) => {
    fake.mode = mode;
    const r = await rig(fake.url, 'k');
    const out = await r.ledger.record(turn());
    expect(out).toMatchObject({ recorded: true, entry: { computedBy: 'local-fallback', plan: 'local' } });
    const state = await r.ledger.popupState();
    expect(state.remote).toMatchObject({ state: 'degraded', queued: 1 });
    expect(r.alarms.at(-1)).toBe(NOW + backoffMs(1));
  });

  it('retries the queue later and replaces the local numbers with the service answer, totals included', async () => {
    fake.mode = '500';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn({ turnId: 'q1' }));
    await r.ledger.record(turn({ turnId: 'q2' }));
    await r.ledger.updateSettings({ region: 'eu-sweden' }); // stored and queued turns keep their region
    fake.mode = 'ok';
    r.clock.now += backoffMs(1);
    expect(await r.ledger.processRetries()).toBe(2);
    const entries = await entriesOf(r);
    expect(entries.map((e) => [e.computedBy, e.plan, e.region])).toEqual([
      ['remote', 'pro', 'global-avg'],
      ['remote', 'pro', 'global-avg'],
    ]);
    const state = await r.ledger.popupState();
    expect(state.remote.queued).toBe(0);
    expect(state.totals.today.carbonG).toBeCloseTo((entries[0].carbonG as number) + (entries[1].carbonG as number), 12);
    expect(r.alarms.at(-1)).toBeNull();
  });

  it('a retry answered with other figures updates the day, the all-time sums and the breakdowns alike', async () => {
    fake.mode = '500';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn({ turnId: 'o1' }));
    const local = (await r.ledger.popupState()).totals.today.energyKwh;
    fake.mode = 'other-rates';
    r.clock.now += backoffMs(1);
    expect(await r.ledger.processRetries()).toBe(1);
    const state = await r.ledger.popupState();
    expect(state.totals.today.energyKwh).toBeCloseTo(2 * local, 12);
    expect(state.totals.allTime.energyKwh).toBeCloseTo(state.totals.today.energyKwh, 12);
    expect(state.bySite[0].totals.energyKwh).toBeCloseTo(state.totals.today.energyKwh, 12);
    expect(state.totals.allTime.carbonG).toBeCloseTo(state.totals.today.carbonG, 9);
  });

  it('backs off after each failed retry and gives up after eight sends in all', async () => {
    fake.mode = '503';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn());
    const waits: number[] = [];
    // Retry whenever the item is due, until the queue gives it up (bounded, so a queue that never gives up fails).
    for (let item = (await retryQueueItem.getValue()).items[0]; item && waits.length < 50; item = (await retryQueueItem.getValue()).items[0]) {
      waits.push(item.nextAt - r.clock.now);
      r.clock.now = item.nextAt;
      await r.ledger.processRetries();
    }
    expect(waits).toEqual(Array.from({ length: 7 }, (_, i) => backoffMs(i + 1)));
    const q = await retryQueueItem.getValue();
    expect(q).toEqual({ items: [], dropped: 1 });
    expect((await entriesOf(r))[0].computedBy).toBe('local-fallback');
  });

  it('keeps the queue across a worker restart and sends it from the new worker', async () => {
    fake.mode = '500';
    const keyStore = memoryKeyStore();
    const clock = { now: NOW };
    const first = await rig(fake.url, 'k', { keyStore, clock });
    await first.ledger.record(turn({ turnId: 'survivor' }));
    // A new worker: nothing in memory, same storage and key store.
    fake.mode = 'ok';
    clock.now += backoffMs(1);
    const second = newLedger({ now: () => clock.now, remote: { keyStore, hasPermission: async () => true } });
    await second.start();
    expect(await second.processRetries()).toBe(1);
    expect((await entriesOf(first))[0]).toMatchObject({ turnId: 'survivor', computedBy: 'remote' });
  });

  it('without host permission for the origin: computed locally, with a clear error, nothing sent', async () => {
    const r = await rig(fake.url, 'k', { permission: false });
    expect(await r.ledger.record(turn())).toMatchObject({ entry: { computedBy: 'local' } });
    expect((await r.ledger.popupState()).remote).toMatchObject({ state: 'degraded', message: userMessage('REMOTE_PERMISSION_MISSING') });
    expect(fake.requests).toHaveLength(0);
  });

  it('without a key: computed locally and reported', async () => {
    const r = await rig(fake.url, null);
    expect(await r.ledger.record(turn())).toMatchObject({ entry: { computedBy: 'local' } });
    expect((await r.ledger.popupState()).remote).toMatchObject({ hasKey: false, state: 'degraded', message: userMessage('REMOTE_NO_KEY') });
  });

  it('recompute makes queued turns local and empties the queue', async () => {
    fake.mode = '500';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn());
    await r.ledger.recompute();
    expect((await entriesOf(r))[0].computedBy).toBe('local');
    expect((await r.ledger.popupState()).remote.queued).toBe(0);
  });
});

describe('remote configuration', () => {
  it('rejects a plain-http address that is not loopback, with its code', async () => {
    await expect(newLedger().configureRemote({ enabled: true, baseUrl: 'http://footprint.example.com', apiKey: 'k' })).rejects.toMatchObject({
      code: 'REMOTE_URL_INSECURE',
    });
  });

  it('keeps the key out of chrome.storage (content scripts can read storage.local)', async () => {
    const keyStore = memoryKeyStore();
    await rig(service.url, 'fp_secret-key-value', { keyStore });
    expect(await keyStore.get()).toBe('fp_secret-key-value');
    expect(JSON.stringify(await dump())).not.toContain('fp_secret-key-value');
  });

  it('forgets the key when configured with an empty one', async () => {
    const keyStore = memoryKeyStore('old');
    const r = await rig(service.url, '', { keyStore });
    expect(await keyStore.get()).toBeNull();
    expect((await r.ledger.popupState()).remote.hasKey).toBe(false);
  });

  it('forgets the key when the service address is removed, and the popup then reports no key', async () => {
    const r = await rig(service.url, serviceKey);
    expect((await r.ledger.popupState()).remote.hasKey).toBe(true);
    await r.ledger.configureRemote({ enabled: false, baseUrl: '' });
    expect(await r.keyStore.get()).toBeNull();
    expect((await r.ledger.popupState()).remote).toMatchObject({ enabled: false, hasKey: false, state: 'off' });
  });

  it('never sends a stored key to another service: a new origin without a new key forgets it', async () => {
    const r = await rig(service.url, serviceKey);
    await r.ledger.configureRemote({ enabled: true, baseUrl: `${service.url}/` }); // same origin: key kept
    expect(await r.keyStore.get()).toBe(serviceKey);
    await r.ledger.configureRemote({ enabled: true, baseUrl: fake.url });
    expect(await r.keyStore.get()).toBeNull();
    await r.ledger.record(turn({ turnId: 'elsewhere' }));
    expect(fake.requests).toEqual([]);
    expect((await r.ledger.popupState()).remote).toMatchObject({ hasKey: false, state: 'degraded' });
  });

  it('remote/test reports the plan and the remaining quota', async () => {
    const r = await rig(service.url, serviceKey);
    const result = await r.ledger.testRemote();
    expect(result).toMatchObject({ ok: true, code: null, plan: 'basic', limit: 100 });
    expect(result.remaining).toBeLessThan(100);
    expect(result.message).toContain('basic');
  });

  it('remote/test reports a rejected key with its sentence', async () => {
    const r = await rig(service.url, 'fp_wrong');
    expect(await r.ledger.testRemote()).toMatchObject({ ok: false, code: 'REMOTE_UNAUTHORIZED', message: userMessage('REMOTE_UNAUTHORIZED') });
    expect((await r.ledger.popupState()).remote.state).toBe('unauthorized');
  });
});

describe('the retry queue', () => {
  it('is bounded: the oldest items are dropped and counted', () => {
    let q = EMPTY_RETRY_QUEUE;
    const req = { model: 'alpha-4o', input_tokens: 1, output_tokens: 1, region: 'global-avg' };
    for (let i = 0; i < 525; i++) q = enqueueRetry(q, { turnId: `t${i}`, day: '2026-11-22', request: req, attempts: 0, nextAt: i });
    expect(q.items).toHaveLength(500);
    expect(q.dropped).toBe(25);
    expect(q.items[0].turnId).toBe('t25');
  });

  it('backs off exponentially from 30 s up to an hour', () => {
    expect([1, 2, 3, 4, 10, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });
});

describe('retry scheduling while paused', () => {
  it('does not keep waking the worker while the key is rejected, and waits for the quota reset on 429', async () => {
    fake.mode = '500';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn());
    fake.mode = '401';
    r.clock.now += backoffMs(1);
    await r.ledger.processRetries();
    expect(r.alarms.at(-1)).toBeNull();
    expect((await retryQueueItem.getValue()).items).toHaveLength(1); // kept for when the key is fixed

    fake.mode = '429';
    await r.ledger.configureRemote({ enabled: true, baseUrl: fake.url, apiKey: 'k2' });
    await r.ledger.processRetries();
    expect(r.alarms.at(-1)).toBe(r.clock.now + 3600_000);
    await r.ledger.processRetries(); // paused: nothing sent
    expect(fake.requests.filter((q) => q.auth === 'Bearer k2')).toHaveLength(1);
  });

  it('runs one retry pass at a time', async () => {
    fake.mode = '500';
    const r = await rig(fake.url, 'k');
    await r.ledger.record(turn());
    fake.mode = 'ok';
    fake.requests = [];
    r.clock.now += backoffMs(1);
    const [a, b] = await Promise.all([r.ledger.processRetries(), r.ledger.processRetries()]);
    expect([a, b]).toEqual([1, 1]);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('one failure -> state mapping for a recorded turn and for "Test connection"', () => {
  /** The stored remote state without its time stamp. */
  const stored = async () => ({ ...((await dump())['remote-state'] as Record<string, unknown>), at: 'any' });
  it.each(['401', '429', '500', 'hang', 'invalid'] as const)('%s: remote/test leaves the state a recorded turn leaves', async (mode) => {
    fake.mode = mode;
    const recorded = await rig(fake.url, 'k');
    await recorded.ledger.record(turn());
    const afterTurn = await stored();
    resetBrowser();
    const tested = await rig(fake.url, 'k');
    const answer = await tested.ledger.testRemote();
    expect(answer.ok).toBe(false);
    expect(await stored()).toEqual(afterTurn);
    expect(afterTurn).toMatchObject({ state: mode === '401' ? 'unauthorized' : mode === '429' ? 'quota' : 'degraded', code: answer.code });
  });

  it('429: the pause lasts until the time the service gives, with nothing remaining', async () => {
    fake.mode = '429';
    const r = await rig(fake.url, 'k');
    await r.ledger.testRemote();
    expect(await stored()).toMatchObject({ state: 'quota', remaining: 0, limit: 100, pausedUntil: NOW + 3_600_000 });
  });
});
