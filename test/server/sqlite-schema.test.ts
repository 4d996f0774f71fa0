import { afterAll, beforeAll, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { hash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { StoredApiKey } from '../../src/server/store/store';

/** The service stores a key as its SHA-256 hash. */
const sha256 = (key: string): Buffer => hash('sha256', key, 'buffer');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-sqlite-schema-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The idempotency table as files made by earlier versions hold it. */
const OLD_RECORDS = `
CREATE TABLE idempotency_records (
  key_id TEXT NOT NULL, idem_key TEXT NOT NULL, fingerprint TEXT NOT NULL, used INTEGER NOT NULL, quota_limit INTEGER NOT NULL,
  reset_seconds INTEGER NOT NULL, reset_at INTEGER NOT NULL, value TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idem_key)
) WITHOUT ROWID;
CREATE INDEX idempotency_records_expiry ON idempotency_records (expires_at);`;

it('a file with the WITHOUT ROWID records table keeps its records: a repeat is still a replay, and new records are rowid rows', async () => {
  const path = join(dir, 'old.db');
  const old = new Database(path);
  old.exec(OLD_RECORDS);
  const value = JSON.stringify({ answer: 'x'.repeat(1200) });
  old
    .prepare('INSERT INTO idempotency_records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run('key_old', 'retry-1', 'v2:fp', 7, 100, 50, Date.UTC(2026, 11, 1), value, Date.now() + 3600_000);
  old.close();

  // Opened twice, as two processes starting together would: the second finds the table already moved.
  const store = openSqliteStore(path);
  const again = openSqliteStore(path);
  const key: StoredApiKey = { id: 'key_old', name: '', plan: 'basic', createdAt: new Date().toISOString(), revokedAt: null, hash: sha256('fp_old') };
  await store.createKey(key);
  const request = {
    key,
    monthKey: '2026-11',
    limit: 100,
    value: '{}',
    figures: { model: 'alpha-4o', energyKwh: 0.001, carbonGco2e: 0.5, waterLiters: 0.002 },
    resetSeconds: 100,
    resetAt: Date.UTC(2026, 11, 1),
    now: new Date(),
    deadline: Date.now() + 10_000,
  };
  expect(await again.meter({ ...request, idempotency: { key: 'retry-1', fingerprint: 'v2:fp' } })).toEqual({
    kind: 'replay',
    record: { value, used: 7, limit: 100, resetSeconds: 50, resetAt: Date.UTC(2026, 11, 1) },
  });
  expect(await store.meter({ ...request, idempotency: { key: 'new-1', fingerprint: 'v2:fp' } })).toEqual({ kind: 'charged', used: 1, limit: 100 });
  await Promise.all([store.close(), again.close()]);

  const db = new Database(path, { readonly: true });
  const schema = db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE name = 'idempotency_records'").pluck().get()!;
  expect(schema).not.toMatch(/WITHOUT ROWID/i);
  expect(db.prepare('SELECT idem_key FROM idempotency_records ORDER BY rowid').pluck().all()).toEqual(['retry-1', 'new-1']);
  expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'idempotency_records_old'").pluck().get()).toBe(0);
  db.close();
});

/** A file as the service wrote it before usage figures (schema version 1, user_version never set). */
const VERSION_1 = `
CREATE TABLE api_keys (id TEXT PRIMARY KEY, hash BLOB NOT NULL UNIQUE, name TEXT NOT NULL, plan TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT);
CREATE TABLE usage (key_id TEXT NOT NULL, month TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (key_id, month)) WITHOUT ROWID;
CREATE TABLE idempotency_records (
  key_id TEXT NOT NULL, idem_key TEXT NOT NULL, fingerprint TEXT NOT NULL, used INTEGER NOT NULL, quota_limit INTEGER NOT NULL,
  reset_seconds INTEGER NOT NULL, reset_at INTEGER NOT NULL, value TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idem_key)
);
CREATE INDEX idempotency_records_expiry ON idempotency_records (expires_at);`;

it('a version 1 file gains the usage figures: its quota counts stay, new calculations add figures, its version becomes 2', async () => {
  const path = join(dir, 'v1.db');
  const key: StoredApiKey = { id: 'key_v1', name: 'old', plan: 'pro', createdAt: '2026-10-01T00:00:00.000Z', revokedAt: null, hash: sha256('fp_v1') };
  const old = new Database(path);
  old.exec(VERSION_1);
  old.prepare('INSERT INTO api_keys VALUES (?, ?, ?, ?, ?, NULL)').run(key.id, key.hash, key.name, key.plan, key.createdAt);
  old.prepare('INSERT INTO usage VALUES (?, ?, ?)').run(key.id, '2026-11', 41);
  old.close();

  const now = new Date('2026-11-15T00:00:00Z');
  // Two processes opening it together migrate it once.
  const [store, again] = [openSqliteStore(path, { now: () => now }), openSqliteStore(path, { now: () => now })];
  expect(await store.usage(key.id, '2026-11')).toBe(41);
  expect(await again.monthUsage(key.id, '2026-11')).toEqual({ requests: 41, energyKwh: 0, carbonGco2e: 0, waterLiters: 0, models: [] });
  const figures = { model: 'alpha-4o', energyKwh: 0.0042, carbonGco2e: 1.47, waterLiters: 0.00588 };
  const request = {
    key,
    monthKey: '2026-11',
    limit: 100,
    idempotency: null,
    value: '{}',
    figures,
    resetSeconds: 1,
    resetAt: 0,
    now,
    deadline: Date.now() + 10_000,
  };
  expect(await store.meter(request)).toEqual({ kind: 'charged', used: 42, limit: 100 });
  expect(await again.monthUsage(key.id, '2026-11')).toEqual({
    requests: 42,
    energyKwh: 0.0042,
    carbonGco2e: 1.47,
    waterLiters: 0.00588,
    models: [{ ...figures, requests: 1 }],
  });
  await Promise.all([store.close(), again.close()]);

  const db = new Database(path, { readonly: true });
  expect(db.pragma('user_version', { simple: true })).toBe(2);
  db.close();
});

it('refuses a file from a newer version of the service, and changes nothing in it', () => {
  const path = join(dir, 'newer.db');
  const newer = new Database(path);
  newer.pragma(`user_version = ${3}`);
  newer.close();
  expect(() => openSqliteStore(path)).toThrow(`schema version ${3}`);
  const db = new Database(path, { readonly: true });
  expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get()).toBe(0);
  db.close();
});

it('drops months older than the months kept when it opens', async () => {
  const path = join(dir, 'retention.db');
  const key: StoredApiKey = { id: 'key_r', name: '', plan: 'pro', createdAt: '2025-01-01T00:00:00.000Z', revokedAt: null, hash: sha256('fp_r') };
  const figures = { model: 'alpha-4o', energyKwh: 0.001, carbonGco2e: 0.5, waterLiters: 0.002 };
  const charge = (store: ReturnType<typeof openSqliteStore>, month: string) =>
    store.meter({
      key,
      monthKey: month,
      limit: 100,
      idempotency: null,
      value: '{}',
      figures,
      resetSeconds: 1,
      resetAt: 0,
      now: new Date(),
      deadline: Date.now() + 10_000,
    });
  const first = openSqliteStore(path, { now: () => new Date('2026-01-15T00:00:00Z') });
  await first.createKey(key);
  for (const month of ['2025-10', '2025-11', '2025-12', '2026-01']) await charge(first, month);
  await first.close();

  const later = openSqliteStore(path, { now: () => new Date('2026-02-01T00:00:00Z'), usageMonths: 3 });
  expect((await later.monthUsage(key.id, '2025-11')).requests).toBe(0);
  expect(await later.usage(key.id, '2025-10')).toBe(0);
  expect((await later.monthUsage(key.id, '2025-12')).requests).toBe(1);
  expect((await later.monthUsage(key.id, '2026-01')).models).toHaveLength(1);
  await later.close();
});
