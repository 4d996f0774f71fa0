import { afterAll, beforeAll, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashApiKey } from '../../src/server/store/api-keys';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { StoredApiKey } from '../../src/server/store/store';

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
  const key: StoredApiKey = { id: 'key_old', name: '', plan: 'basic', createdAt: new Date().toISOString(), revokedAt: null, hash: hashApiKey('fp_old') };
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
