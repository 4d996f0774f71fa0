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
  const used = db.prepare<[string, string], { used: number }>('SELECT used FROM usage WHERE key_id = ? AND month = ?');
  const setUsed = db.prepare<[{ keyId: string; monthKey: string; used: number }]>(
    `INSERT INTO usage (key_id, month, used) VALUES (@keyId, @monthKey, @used)
     ON CONFLICT (key_id, month) DO UPDATE SET used = excluded.used`,
  );

  /**
   * Runs inside an IMMEDIATE transaction (the write lock is held from the
   * start, so no other process can change a count in between). Reservations
   * for the same key and month are granted in arrival order, exactly as one by
   * one, with one read and at most one write per key and month.
   */
  const reserveAll = (batch: PendingReservation[]): Reservation[] => {
    const counts = new Map<string, { keyId: string; monthKey: string; before: number; now: number }>();
    const results = batch.map(({ keyId, monthKey, limit }): Reservation => {
      const id = `${keyId}\u0000${monthKey}`;
      let count = counts.get(id);
      if (!count) {
        const before = used.get(keyId, monthKey)?.used ?? 0;
        count = { keyId, monthKey, before, now: before };
        counts.set(id, count);
      }
      if (count.now >= limit) return { allowed: false, used: count.now, limit };
      count.now += 1;
      return { allowed: true, used: count.now, limit };
    });
    for (const c of counts.values()) {
      if (c.now !== c.before) setUsed.run({ keyId: c.keyId, monthKey: c.monthKey, used: c.now });
    }
    return results;
  };
  const reserveBatch = db.transaction(reserveAll);

  // Group commit: reservations that arrive in the same event-loop turn share
  // one transaction (one WAL write) instead of one each. Each is still decided
  // atomically, and no caller is answered before the commit.
  let pending: PendingReservation[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    try {
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
