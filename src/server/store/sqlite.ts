import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ApiKeyRecord, NewApiKey, Reservation, Store, StoredApiKey } from './store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  hash BLOB NOT NULL UNIQUE,
  name TEXT NOT NULL,
  plan TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS usage (
  key_id TEXT NOT NULL,
  month TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (key_id, month)
) WITHOUT ROWID;
`;

interface KeyRow {
  id: string;
  hash: Buffer;
  name: string;
  plan: string;
  created_at: string;
  revoked_at: string | null;
}

const toRecord = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** The embedded store: one SQLite file in WAL mode; several processes may share it. */
export function openSqliteStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a crash of the process (not of the OS) without an fsync per request.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);

  const byHash = db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?');
  const insertKey = db.prepare(
    'INSERT INTO api_keys (id, hash, name, plan, created_at, revoked_at) VALUES (@id, @hash, @name, @plan, @createdAt, @revokedAt)',
  );
  const allKeys = db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?');
  // One statement takes a unit only while used < limit; no row back means the quota is used up.
  const take = db.prepare<[{ keyId: string; monthKey: string; limit: number }], { used: number }>(
    `INSERT INTO usage (key_id, month, used) VALUES (@keyId, @monthKey, 1)
     ON CONFLICT (key_id, month) DO UPDATE SET used = used + 1 WHERE used < @limit
     RETURNING used`,
  );
  const used = db.prepare<[string, string], { used: number }>('SELECT used FROM usage WHERE key_id = ? AND month = ?');

  const reserve = db.transaction((keyId: string, monthKey: string, limit: number): Reservation => {
    if (limit <= 0) return { allowed: false, used: used.get(keyId, monthKey)?.used ?? 0, limit };
    const row = take.get({ keyId, monthKey, limit });
    if (row) return { allowed: true, used: row.used, limit };
    return { allowed: false, used: used.get(keyId, monthKey)?.used ?? limit, limit };
  });

  return {
    kind: 'sqlite',
    async findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined> {
      const row = byHash.get(hash);
      return row && { ...toRecord(row), hash: row.hash };
    },
    async createKey(key: NewApiKey): Promise<void> {
      insertKey.run(key);
    },
    async listKeys(): Promise<ApiKeyRecord[]> {
      return allKeys.all().map(toRecord);
    },
    async revokeKey(id: string, at: Date): Promise<boolean> {
      return revoke.run(at.toISOString(), id).changes > 0;
    },
    async reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation> {
      // IMMEDIATE: take the write lock first, so two processes never both read the old count.
      return reserve.immediate(keyId, monthKey, limit);
    },
    async usage(keyId: string, monthKey: string): Promise<number> {
      return used.get(keyId, monthKey)?.used ?? 0;
    },
    async close(): Promise<void> {
      if (db.open) db.close();
    },
  };
}
