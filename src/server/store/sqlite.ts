import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { startCheckpointer } from './checkpointer';
import { RowIndex } from './row-index';
import {
  IDEMPOTENCY_TTL_SECONDS,
  type ApiKeyRecord,
  type IdempotencyRecord,
  type MeterOutcome,
  type MeterRequest,
  type NewApiKey,
  type Reservation,
  type Store,
  type StoredApiKey,
} from './store';

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
CREATE TABLE IF NOT EXISTS idempotency (
  key_id TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  used INTEGER NOT NULL,
  quota_limit INTEGER NOT NULL,
  reset_seconds INTEGER NOT NULL,
  head TEXT NOT NULL,
  tail TEXT,
  expires_at INTEGER NOT NULL,
  shared_id INTEGER
);
CREATE TABLE IF NOT EXISTS answer_parts (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
);
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

interface IdempotencyRow {
  key_id: string;
  idem_key: string;
  expires_at: number;
  fingerprint: string;
  used: number;
  quota_limit: number;
  reset_seconds: number;
  head: string;
  tail: string | null;
  shared_id: number | null;
}

/** A reservation waiting for the next group commit; `meter` set for a metered request. */
interface Pending {
  keyId: string;
  monthKey: string;
  limit: number;
  meter: MeterRequest | null;
  resolve(r: MeterOutcome): void;
  reject(e: unknown): void;
}

/** Expired idempotency records are deleted this often, oldest first, a bounded number at a time. */
const PRUNE_INTERVAL_MS = 60_000;
const PRUNE_BATCH = 2000;

const toRecord = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/**
 * Files made before answers had a shared part get its column (null in their
 * rows: those hold the whole body). Checked and added under the write lock, so
 * processes opening the file together add it once.
 */
function addSharedPartColumn(db: Database.Database): void {
  db.transaction(() => {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(idempotency)').all();
    if (!columns.some((c) => c.name === 'shared_id')) db.exec('ALTER TABLE idempotency ADD COLUMN shared_id INTEGER');
  }).immediate();
}

/** Cached both ways; a part's text never changes and parts are never deleted, so the caches cannot go stale. */
const MAX_CACHED_PARTS = 1000;

/**
 * The answers' shared closing parts (BodyTemplate.shared), each stored once in
 * answer_parts: an idempotency row then holds about half the bytes, and
 * writing it costs 3-6 µs less per request (same-run A/B, 3-4 server
 * processes per build, 2026-11-24).
 * There are few distinct parts (data source lists x plans x methodology URLs),
 * so they are kept for good. `idOf` runs inside the batch's write transaction,
 * so processes sharing the file agree on every id.
 */
function sharedPartTable(db: Database.Database): { idOf(text: string): number; text(id: number): string } {
  const insert = db.prepare<[string]>('INSERT OR IGNORE INTO answer_parts (text) VALUES (?)');
  const idByText = db.prepare<[string], number>('SELECT id FROM answer_parts WHERE text = ?').pluck();
  const textById = db.prepare<[number], string>('SELECT text FROM answer_parts WHERE id = ?').pluck();
  const ids = new Map<string, number>();
  const texts = new Map<number, string>();
  const remember = (id: number, text: string) => {
    if (ids.size >= MAX_CACHED_PARTS) {
      ids.clear();
      texts.clear();
    }
    ids.set(text, id);
    texts.set(id, text);
  };
  return {
    idOf(text) {
      let id = ids.get(text);
      if (id === undefined) {
        insert.run(text);
        id = idByText.get(text)!;
        remember(id, text);
      }
      return id;
    },
    text(id) {
      let text = texts.get(id);
      if (text === undefined) {
        text = textById.get(id);
        if (text === undefined) throw new Error(`answer part ${id} is missing from the store`);
        remember(id, text);
      }
      return text;
    },
  };
}

/** The embedded store: one SQLite file in WAL mode; several processes may share it. */
export function openSqliteStore(path: string, options: { walLimitBytes?: number } = {}): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a crash of the process (not of the OS) without an fsync per request.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Checkpoints of a file run on a worker thread (see checkpointer.ts), not in some request's commit.
  const checkpointer = path === ':memory:' ? null : startCheckpointer(path, options.walLimitBytes);
  if (checkpointer) db.pragma('wal_autocheckpoint = 0');
  db.exec(SCHEMA);
  addSharedPartColumn(db);

  const byHash = db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?');
  const insertKey = db.prepare('INSERT INTO api_keys (id, hash, name, plan, created_at, revoked_at) VALUES (@id, @hash, @name, @plan, @createdAt, @revokedAt)');
  const allKeys = db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?');
  const used = db.prepare<[string, string], { used: number }>('SELECT used FROM usage WHERE key_id = ? AND month = ?');
  const setUsed = db.prepare<[{ keyId: string; monthKey: string; used: number }]>(
    `INSERT INTO usage (key_id, month, used) VALUES (@keyId, @monthKey, @used)
     ON CONFLICT (key_id, month) DO UPDATE SET used = excluded.used`,
  );

  // Idempotency records: an append-only table (rows in time order, one TTL) found through an in-memory
  // index (RowIndex). Rows other processes append to the file are picked up at the start of each batch,
  // inside its write transaction, so every process sees every record before deciding.
  const recordById = db.prepare<[number], IdempotencyRow>(
    'SELECT key_id, idem_key, expires_at, fingerprint, used, quota_limit, reset_seconds, head, tail, shared_id FROM idempotency WHERE rowid = ?',
  );
  const recordIdempotent = db.prepare(
    `INSERT INTO idempotency (key_id, idem_key, fingerprint, used, quota_limit, reset_seconds, head, tail, expires_at, shared_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const sharedParts = sharedPartTable(db);
  const appendedSince = db.prepare<[number], { rowid: number; key_id: string; idem_key: string }>(
    'SELECT rowid, key_id, idem_key FROM idempotency WHERE rowid > ? ORDER BY rowid',
  );
  const lastExpired = db
    .prepare<[number, number], number>('SELECT max(rowid) FROM (SELECT rowid, expires_at FROM idempotency ORDER BY rowid LIMIT ?) WHERE expires_at <= ?')
    .pluck();
  const pruneThrough = db.prepare<[number]>('DELETE FROM idempotency WHERE rowid <= ?');
  const index = new RowIndex();
  let indexedThrough = 0;
  const catchUp = () => {
    for (const r of appendedSince.iterate(indexedThrough)) {
      index.add(RowIndex.hash(r.key_id, r.idem_key), r.rowid);
      indexedThrough = r.rowid;
    }
  };
  catchUp();
  /** The live record of (key id, Idempotency-Key), or undefined. */
  const findIdempotent = (keyId: string, key: string, now: number): IdempotencyRow | undefined => {
    for (const rowid of index.candidates(RowIndex.hash(keyId, key))) {
      const row = recordById.get(rowid);
      if (row && row.key_id === keyId && row.idem_key === key && row.expires_at > now) return row;
    }
    return undefined;
  };
  const keyCount = db.prepare<[], number>('SELECT count(*) FROM api_keys').pluck();

  const toIdempotencyRecord = (r: IdempotencyRow): IdempotencyRecord => ({
    used: r.used,
    limit: r.quota_limit,
    resetSeconds: r.reset_seconds,
    head: r.head,
    tail: r.tail,
    ...(r.shared_id === null ? {} : { shared: sharedParts.text(r.shared_id) }),
  });

  /**
   * Runs inside an IMMEDIATE transaction (the write lock is held from the
   * start, so no other process can change a count in between). Requests are
   * decided in arrival order, exactly as one by one: an Idempotency-Key seen
   * before (in the file or earlier in this batch) is answered from its record;
   * otherwise a unit is taken while used < limit and, with a key, the answer is
   * recorded. One read and at most one write per key and month.
   */
  const decideAll = (batch: Pending[]): MeterOutcome[] => {
    const counts = new Map<string, { keyId: string; monthKey: string; before: number; now: number }>();
    catchUp();
    const results = batch.map(({ keyId, monthKey, limit, meter }): MeterOutcome => {
      const idem = meter?.idempotency;
      if (idem) {
        const earlier = findIdempotent(keyId, idem.key, meter!.now.getTime());
        if (earlier) return earlier.fingerprint === idem.fingerprint ? { kind: 'replay', record: toIdempotencyRecord(earlier) } : { kind: 'reused' };
      }
      const id = `${keyId}\u0000${monthKey}`;
      let count = counts.get(id);
      if (!count) {
        const before = used.get(keyId, monthKey)?.used ?? 0;
        count = { keyId, monthKey, before, now: before };
        counts.set(id, count);
      }
      if (count.now >= limit) return { kind: 'refused', used: count.now, limit };
      count.now += 1;
      if (idem) {
        const m = meter!;
        const expiresAt = m.now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000;
        const sharedId = m.body.shared === undefined ? null : sharedParts.idOf(m.body.shared);
        const rowid = Number(
          recordIdempotent.run(keyId, idem.key, idem.fingerprint, count.now, limit, m.resetSeconds, m.body.head, m.body.tail, expiresAt, sharedId)
            .lastInsertRowid,
        );
        index.add(RowIndex.hash(keyId, idem.key), rowid);
        indexedThrough = rowid;
      }
      return { kind: 'charged', used: count.now, limit };
    });
    for (const c of counts.values()) {
      if (c.now !== c.before) setUsed.run({ keyId: c.keyId, monthKey: c.monthKey, used: c.now });
    }
    return results;
  };
  const decideBatch = db.transaction(decideAll);

  // Group commit: requests that arrive in the same event-loop turn share one
  // transaction (one WAL write) instead of one each. Each is still decided
  // atomically, and no caller is answered before the commit, so a SIGKILL
  // never loses a success a client has seen.
  let pending: Pending[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    try {
      const results = decideBatch.immediate(batch);
      for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  };
  const enqueue = (keyId: string, monthKey: string, limit: number, meter: MeterRequest | null) =>
    new Promise<MeterOutcome>((resolve, reject) => {
      if (pending.push({ keyId, monthKey, limit, meter, resolve, reject }) === 1) setImmediate(flush);
    });

  const prune = db.transaction((now: number) => {
    const through = lastExpired.get(PRUNE_BATCH, now);
    if (through === null || through === undefined) return;
    pruneThrough.run(through);
    index.dropThrough(through);
  });
  const pruneSafely = () => {
    try {
      prune.immediate(Date.now());
    } catch {
      // Busy (another process holds the write lock): the next round prunes.
    }
  };
  const pruneTimer = setInterval(pruneSafely, PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  const createFirst = db.transaction((key: NewApiKey): boolean => {
    if (keyCount.get()! > 0) return false;
    insertKey.run(key);
    return true;
  });

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

  const findKeyByHash = async (hash: Buffer): Promise<StoredApiKey | undefined> => {
    const row = byHash.get(hash);
    return row ? { ...toRecord(row), hash: row.hash } : undefined;
  };
  const keyForRequest = async (digest: string): Promise<StoredApiKey | undefined> => {
    validateCache();
    const cached = keyCache.get(digest);
    if (cached) return cached;
    const record = await findKeyByHash(Buffer.from(digest, 'base64url'));
    if (!record) return undefined;
    if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
    keyCache.set(digest, record);
    return record;
  };

  return {
    kind: 'sqlite',
    findKeyByHash,
    async createKey(key: NewApiKey): Promise<void> {
      insertKey.run(key);
      keyCache.clear();
    },
    async createFirstKey(key: NewApiKey): Promise<boolean> {
      keyCache.clear();
      return createFirst.immediate(key);
    },
    keyForRequest,
    meter(request: MeterRequest): Promise<MeterOutcome> {
      return enqueue(request.key.id, request.monthKey, request.limit, request);
    },
    async listKeys(): Promise<ApiKeyRecord[]> {
      return allKeys.all().map(toRecord);
    },
    async revokeKey(id: string, at: Date): Promise<boolean> {
      keyCache.clear();
      return revoke.run(at.toISOString(), id).changes > 0;
    },
    async reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation> {
      const outcome = await enqueue(keyId, monthKey, limit, null);
      if (outcome.kind !== 'charged' && outcome.kind !== 'refused') throw new Error(`unexpected outcome ${outcome.kind}`);
      return { allowed: outcome.kind === 'charged', used: outcome.used, limit: outcome.limit };
    },
    async usage(keyId: string, monthKey: string): Promise<number> {
      return used.get(keyId, monthKey)?.used ?? 0;
    },
    async close(): Promise<void> {
      clearInterval(pruneTimer);
      if (pending.length > 0) flush();
      await checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}
