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

const MAX_CACHED_KEYS = 10_000;

interface PendingReservation {
  keyId: string;
  monthKey: string;
  limit: number;
  resolve(r: Reservation): void;
  reject(e: unknown): void;
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

  const reserveOne = ({ keyId, monthKey, limit }: PendingReservation): Reservation => {
    const row = limit > 0 ? take.get({ keyId, monthKey, limit }) : undefined;
    if (row) return { allowed: true, used: row.used, limit };
    return { allowed: false, used: used.get(keyId, monthKey)?.used ?? 0, limit };
  };
  const reserveBatch = db.transaction((batch: PendingReservation[]) => batch.map(reserveOne));

  // Group commit: reservations that arrive in the same event-loop turn share
  // one transaction (one WAL write) instead of one each. Each is still an
  // atomic conditional increment, and no caller is answered before the commit.
  let pending: PendingReservation[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    try {
      // IMMEDIATE: take the write lock first, so two processes never both read the old count.
      const results = reserveBatch.immediate(batch);
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };

  // Active key records are cached in memory, keyed by hash. The cache is
  // dropped when another connection (the keys CLI, another instance) has
  // committed to the file, which SQLite reports through PRAGMA data_version,
  // checked once per event-loop turn; and on this connection's own key writes.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const keyCache = new Map<string, StoredApiKey>();
  let seenVersion = dataVersion.get();
  let checkedThisTurn = false;
  const validateCache = () => {
    if (checkedThisTurn) return;
    checkedThisTurn = true;
    setImmediate(() => (checkedThisTurn = false));
    const version = dataVersion.get();
    if (version !== seenVersion) {
      keyCache.clear();
      seenVersion = version;
    }
  };

  return {
    kind: 'sqlite',
    async findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined> {
      validateCache();
      const id = hash.toString('base64');
      const cached = keyCache.get(id);
      if (cached) return cached;
      const row = byHash.get(hash);
      if (!row) return undefined;
      const record = { ...toRecord(row), hash: row.hash };
      if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
      keyCache.set(id, record);
      return record;
    },
    async createKey(key: NewApiKey): Promise<void> {
      insertKey.run(key);
      keyCache.clear();
    },
    async listKeys(): Promise<ApiKeyRecord[]> {
      return allKeys.all().map(toRecord);
    },
    async revokeKey(id: string, at: Date): Promise<boolean> {
      keyCache.clear();
      return revoke.run(at.toISOString(), id).changes > 0;
    },
    reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation> {
      return new Promise((resolve, reject) => {
        if (pending.push({ keyId, monthKey, limit, resolve, reject }) === 1) setImmediate(flush);
      });
    },
    async usage(keyId: string, monthKey: string): Promise<number> {
      return used.get(keyId, monthKey)?.used ?? 0;
    },
    async close(): Promise<void> {
      if (pending.length > 0) flush();
      if (db.open) db.close();
    },
  };
}
