import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { MeterRequest, StoredApiKey } from '../../src/server/store/store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-wal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY: StoredApiKey = {
  id: 'key_0123456789ab',
  name: 'wal',
  plan: 'pro',
  createdAt: '2026-11-01T00:00:00.000Z',
  revokedAt: null,
  hash: Buffer.alloc(32, 9),
};
const HEAD = `{"answer":"${'x'.repeat(700)}`;

const request = (n: number): MeterRequest => ({
  key: KEY,
  monthKey: '2026-11',
  limit: 1e9,
  idempotency: { key: `wal-${n}`, fingerprint: `v2:${n}` },
  body: { head: `${HEAD}${n}"}`, tail: null },
  resetSeconds: 60,
  now: new Date(),
});

const walBytes = (path: string) => {
  try {
    return statSync(`${path}-wal`).size;
  } catch {
    return 0;
  }
};

it('keeps the WAL near its limit under steady writes, a batch every few milliseconds (passive checkpoints alone never let it start over)', async () => {
  const path = join(dir, 'footprint.db');
  const limit = 512 * 1024;
  const store = openSqliteStore(path, { walLimitBytes: limit });
  // For 3 s, a batch of 30 records (about 0.8 KB each) every 2-3 ms, as the service commits under load: about 8 MB a second through the WAL.
  let largest = 0;
  let written = 0;
  for (const until = Date.now() + 3000; Date.now() < until;) {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => store.meter(request(written++))));
    expect(outcomes.every((o) => o.kind === 'charged')).toBe(true);
    largest = Math.max(largest, walBytes(path));
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await store.close();
  expect(written * HEAD.length).toBeGreaterThan(8 * 1024 * 1024);
  expect(largest).toBeGreaterThan(limit);
  // The limit, plus what is written between two checkpoint rounds (250 ms) on a slow machine.
  expect(largest).toBeLessThan(8 * 1024 * 1024);
}, 60_000);
