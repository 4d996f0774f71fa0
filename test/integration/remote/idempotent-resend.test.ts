import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { turnIdempotencyKey } from '../../../src/remote/client';
import { memoryKeyStore } from '../../support/key-store';
import { backoffMs } from '../../../src/remote/retry-queue';
import { startService, type RunningService } from '../../../src/server/start';
import { createApiKey } from '../../../src/server/store/api-keys';
import { monthKey } from '../../../src/server/quota';
import { newLedger, resetBrowser, turn, NOW } from '../../unit/support/ledger';

/**
 * The double charge this closes: the worker sends a turn, the service charges
 * it, and the worker is stopped before it reads the answer. The restarted
 * worker sends the turn again (from its journal, or from the retry queue).
 * With one Idempotency-Key per turn the service answers the resend from its
 * stored answer: one unit of quota for the turn, not two.
 */

let service: RunningService;
beforeAll(async () => {
  service = await startService({ host: '127.0.0.1', port: 0 });
});
afterAll(() => service.close());
beforeEach(() => resetBrowser());

interface Seen {
  idempotencyKey: string | null;
  replayed: string | null;
}

/** fetch to the real service, recording what was sent and answered; `stall` makes the caller never see the answer. */
function recordingFetch(seen: Seen[], stall: () => boolean, onCharged?: () => void): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    seen.push({ idempotencyKey: new Headers(init?.headers).get('idempotency-key'), replayed: res.headers.get('idempotent-replayed') });
    if (stall()) {
      onCharged?.();
      // Nobody reads this answer: the worker is gone, or the client gives up when its timeout aborts the call.
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return res;
  };
}

async function configured(key: string, fetchFn: typeof fetch, timeoutMs = 2000, now = NOW) {
  const keyStore = memoryKeyStore();
  const ledger = newLedger({
    now: () => now,
    remote: { keyStore, hasPermission: async () => true, fetch: fetchFn, timeoutMs },
    scheduleRetry: () => undefined,
  });
  await ledger.configureRemote({ enabled: true, baseUrl: service.url, apiKey: key });
  return { ledger, keyStore };
}

it('the worker stopped mid-call: the restarted worker resends the journaled turn with the same key and it costs one unit, not two', async () => {
  const { id, key } = await createApiKey(service.store, 'basic', 'stopped worker');
  const seen: Seen[] = [];
  let charged!: () => void;
  const wasCharged = new Promise<void>((r) => (charged = r));
  const { ledger: first } = await configured(
    key,
    recordingFetch(
      seen,
      () => seen.length === 1,
      () => charged(),
    ),
  );
  const t = turn({ turnId: 'chatgpt-msg-7f3a' });
  void first.record(t); // never settles: the worker stops while the call is out
  await wasCharged;
  expect(await service.store.usage(id, monthKey(new Date()))).toBe(1);

  const { ledger: restarted } = await configured(
    key,
    recordingFetch(seen, () => false),
  );
  await restarted.start();
  expect(await restarted.drainInbox()).toBe(1);

  expect(seen.map((s) => s.idempotencyKey)).toEqual([
    turnIdempotencyKey('chatgpt-msg-7f3a', { model: 'alpha-4o' }),
    turnIdempotencyKey('chatgpt-msg-7f3a', { model: 'alpha-4o' }),
  ]);
  expect(seen[1].replayed).toBe('true');
  expect(await service.store.usage(id, monthKey(new Date()))).toBe(1);
  const entries = JSON.parse((await restarted.exportLedger('json')).content).turns as Array<Record<string, unknown>>;
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ turnId: 'chatgpt-msg-7f3a', computedBy: 'remote', plan: 'basic' });
});

it('an answer that arrives too late: the queued retry carries the same key and the service does not charge it again', async () => {
  const { id, key } = await createApiKey(service.store, 'basic', 'late answer');
  const seen: Seen[] = [];
  // The first send is charged but its answer is never read (the client times out), so the turn is queued.
  const { ledger } = await configured(
    key,
    recordingFetch(seen, () => seen.length === 1),
    300,
  );
  const out = await ledger.record(turn({ turnId: 'claude-msg-42' }));
  expect(out).toMatchObject({ recorded: true, entry: { computedBy: 'local-fallback' } });
  expect(await service.store.usage(id, monthKey(new Date()))).toBe(1);

  // The retry alarm fires later, in a restarted worker.
  const { ledger: later } = await configured(
    key,
    recordingFetch(seen, () => false),
    2000,
    NOW + backoffMs(1),
  );
  await later.start();
  expect(await later.processRetries()).toBe(1);
  expect(seen).toHaveLength(2);
  expect(seen[1]).toEqual({ idempotencyKey: seen[0].idempotencyKey, replayed: 'true' });
  expect(await service.store.usage(id, monthKey(new Date()))).toBe(1);
});

it('one key per turn: another turn, or the image generation of the same turn, is a different key; odd or long ids still fit', () => {
  const text = turnIdempotencyKey('a', { model: 'alpha-4o' });
  expect(turnIdempotencyKey('a', { model: 'beta-opus-5' })).toBe(text);
  expect(turnIdempotencyKey('b', { model: 'alpha-4o' })).not.toBe(text);
  expect(turnIdempotencyKey('a', { model: 'image-gen' })).toBe(`${text}:image`);
  // A revision of the turn carries other counts: another key, or the service would refuse the new body.
  expect(turnIdempotencyKey('a', { model: 'alpha-4o' }, 2)).toBe(`${text}:r2`);
  expect(turnIdempotencyKey('a', { model: 'alpha-4o' }, undefined)).toBe(text);
  for (const id of ['x'.repeat(1000), 'ü ö ~ 🙂'.repeat(40), 'msg 1\n2']) {
    const k = turnIdempotencyKey(id, { model: 'alpha-4o' });
    expect(k).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(turnIdempotencyKey(id, { model: 'alpha-4o' })).toBe(k);
  }
  expect(turnIdempotencyKey('x'.repeat(1000), { model: 'alpha-4o' })).not.toBe(turnIdempotencyKey('x'.repeat(999), { model: 'alpha-4o' }));
});
