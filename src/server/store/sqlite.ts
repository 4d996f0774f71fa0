import { CONFIG_DEFAULTS } from '../config';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { monthKey, oldestKeptMonth } from '../quota';
import { monthUsage, toBillionths, type ApiKeyRecord, type MeterOutcome, type MeterRequest, type Store, type StoreOptions, type StoredApiKey } from './store';

/** Version 1: keys, each key's monthly quota count, idempotency records. */
const SCHEMA_V1 = `
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
CREATE TABLE IF NOT EXISTS idempotency_records (
  key_id TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  used INTEGER NOT NULL,
  quota_limit INTEGER NOT NULL,
  reset_seconds INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (key_id, idem_key)
);
CREATE INDEX IF NOT EXISTS idempotency_records_expiry ON idempotency_records (expires_at);
DROP TABLE IF EXISTS idempotency;
DROP TABLE IF EXISTS answer_parts;
`;

/** Version 2: each key's month per model: requests and the sums of the figures in billionths of their unit. */
const SCHEMA_V2 = `
CREATE TABLE IF NOT EXISTS usage_models (
  key_id TEXT NOT NULL,
  month TEXT NOT NULL,
  model TEXT NOT NULL,
  requests INTEGER NOT NULL,
  energy_nkwh INTEGER NOT NULL,
  carbon_ngco2e INTEGER NOT NULL,
  water_nl INTEGER NOT NULL,
  PRIMARY KEY (key_id, month, model)
) WITHOUT ROWID;
`;

/**
 * The schema's versions, in order; PRAGMA user_version says how many a file has. Files made before the
 * version was written (0) may hold any state of version 1, so its steps are idempotent.
 */
const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [
  (db) => {
    const copyOldRecords = migrateRecords(db);
    db.exec(SCHEMA_V1);
    copyOldRecords();
  },
  (db) => db.exec(SCHEMA_V2),
];

const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file to SCHEMA_VERSION in one transaction; a file from a newer version of the service is refused. */
function migrate(db: Database.Database): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`The database has schema version ${version}; this service knows up to ${SCHEMA_VERSION}. Run the newer service.`);
    }
    for (const step of MIGRATIONS.slice(version)) step(db);
    if (version !== SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

/**
 * Each new idempotency record deletes up to this many expired ones (oldest
 * first, by the expiry index): records go faster than they come, at any rate.
 */
const PRUNE_PER_INSERT = 4;

/**
 * Records are a rowid table: a record (about 1.3 KB, mostly the answer) fits
 * in its leaf page there, while a WITHOUT ROWID table moved most of each one
 * to an overflow page of its own (a 4 KB page written per request). Files
 * made with that table get their records copied over on open.
 */
function migrateRecords(db: Database.Database): () => void {
  const sql = db.prepare<[], string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'idempotency_records'").pluck().get();
  if (!sql || !/WITHOUT ROWID/i.test(sql)) return () => undefined;
  db.exec('DROP INDEX IF EXISTS idempotency_records_expiry; ALTER TABLE idempotency_records RENAME TO idempotency_records_old');
  return () => db.exec('INSERT INTO idempotency_records SELECT * FROM idempotency_records_old; DROP TABLE idempotency_records_old');
}

interface KeyRow {
  id: string;
  hash: Buffer;
  name: string;
  plan: string;
  created_at: string;
  revoked_at: string | null;
}

interface RecordRow {
  fingerprint: string;
  used: number;
  quota_limit: number;
  reset_seconds: number;
  reset_at: number;
  value: string;
}

const toRecord = (r: KeyRow): ApiKeyRecord => ({ id: r.id, name: r.name, plan: r.plan, createdAt: r.created_at, revokedAt: r.revoked_at });

/** The file opened in WAL mode and brought to the current schema. */
function openDatabase(path: string, options: StoreOptions): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: options.storeTimeoutMs ?? CONFIG_DEFAULTS.storeTimeoutMs });
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit survives a crash of the process (not of the OS) without an fsync per request.
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

/** Every statement the store runs, prepared once. */
function prepareStatements(db: Database.Database) {
  return {
    byHash: db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE hash = ?'),
    byId: db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?'),
    insertKey: db.prepare('INSERT INTO api_keys (id, hash, name, plan, created_at, revoked_at) VALUES (@id, @hash, @name, @plan, @createdAt, @revokedAt)'),
    allKeys: db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id'),
    keyCount: db.prepare<[], number>('SELECT count(*) FROM api_keys').pluck(),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?'),
    used: db.prepare<[string, string], number>('SELECT used FROM usage WHERE key_id = ? AND month = ?').pluck(),
    setUsed: db.prepare<[string, string, number]>(
      'INSERT INTO usage (key_id, month, used) VALUES (?, ?, ?) ON CONFLICT (key_id, month) DO UPDATE SET used = excluded.used',
    ),
    findRecord: db.prepare<[string, string, number], RecordRow>(
      'SELECT fingerprint, used, quota_limit, reset_seconds, reset_at, value FROM idempotency_records WHERE key_id = ? AND idem_key = ? AND expires_at > ?',
    ),
    putRecord: db.prepare(
      `INSERT OR REPLACE INTO idempotency_records (key_id, idem_key, fingerprint, used, quota_limit, reset_seconds, reset_at, value, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    addFigures: db.prepare<[string, string, string, number, number, number]>(
      `INSERT INTO usage_models (key_id, month, model, requests, energy_nkwh, carbon_ngco2e, water_nl) VALUES (?, ?, ?, 1, ?, ?, ?)
     ON CONFLICT (key_id, month, model) DO UPDATE SET requests = requests + 1, energy_nkwh = energy_nkwh + excluded.energy_nkwh,
       carbon_ngco2e = carbon_ngco2e + excluded.carbon_ngco2e, water_nl = water_nl + excluded.water_nl`,
    ),
    modelRows: db.prepare<[string, string], { model: string; requests: number; energy: number; carbon: number; water: number }>(
      'SELECT model, requests, energy_nkwh AS energy, carbon_ngco2e AS carbon, water_nl AS water FROM usage_models WHERE key_id = ? AND month = ?',
    ),
    pruneKeyCounts: db.prepare<[string, string]>('DELETE FROM usage WHERE key_id = ? AND month < ?'),
    pruneKeyFigures: db.prepare<[string, string]>('DELETE FROM usage_models WHERE key_id = ? AND month < ?'),
    prune: db.prepare<[number, number]>(
      'DELETE FROM idempotency_records WHERE rowid IN (SELECT rowid FROM idempotency_records WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)',
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

/** Months past the retention go when their key starts a new month (in `decide`), and all of them here, at each start. */
function pruneOldMonths(db: Database.Database, oldest: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM usage WHERE month < ?').run(oldest);
    db.prepare('DELETE FROM usage_models WHERE month < ?').run(oldest);
  }).immediate();
}

/** One metered request's decision, in the transaction (or savepoint) it is called in. */
function meterDecision(db: Database.Database, s: Statements, ttlMs: number, usageMonths: number) {
  return db.transaction((m: MeterRequest): MeterOutcome => {
    // Waiting for the write lock may have outlasted the caller's deadline: then it was answered 503, so nothing is charged.
    if (Date.now() > m.deadline) throw new Error('The write lock came after the request deadline; nothing was charged.');
    const now = m.now.getTime();
    const key = s.byId.get(m.key.id);
    if (!key || key.revoked_at !== null || !key.hash.equals(m.key.hash)) return { kind: 'revoked' };
    if (key.plan !== m.key.plan) return { kind: 'stale' };
    const idem = m.idempotency;
    if (idem) {
      const r = s.findRecord.get(m.key.id, idem.key, now);
      if (r) {
        if (r.fingerprint !== idem.fingerprint) return { kind: 'reused' };
        return { kind: 'replay', record: { value: r.value, used: r.used, limit: r.quota_limit, resetSeconds: r.reset_seconds, resetAt: r.reset_at } };
      }
    }
    const before = s.used.get(m.key.id, m.monthKey) ?? 0;
    if (before >= m.limit) return { kind: 'refused', used: before, limit: m.limit };
    s.setUsed.run(m.key.id, m.monthKey, before + 1);
    const f = m.figures;
    s.addFigures.run(m.key.id, m.monthKey, f.model, toBillionths(f.energyKwh), toBillionths(f.carbonGco2e), toBillionths(f.waterLiters));
    if (before === 0) {
      const oldest = oldestKeptMonth(m.monthKey, usageMonths);
      s.pruneKeyCounts.run(m.key.id, oldest);
      s.pruneKeyFigures.run(m.key.id, oldest);
    }
    if (idem) {
      s.putRecord.run(m.key.id, idem.key, idem.fingerprint, before + 1, m.limit, m.resetSeconds, m.resetAt, m.value, now + ttlMs);
      s.prune.run(now, PRUNE_PER_INSERT);
    }
    return { kind: 'charged', used: before + 1, limit: m.limit };
  });
}

/**
 * Group commit: requests arriving in the same event-loop turn share one transaction (one WAL write), each
 * decided in its own savepoint in arrival order. No one is answered before the commit; if the commit fails,
 * every request in the batch gets the failure, and nothing is kept in memory either way.
 */
function groupCommit(db: Database.Database, decide: (m: MeterRequest) => MeterOutcome) {
  type Decided = { outcome: MeterOutcome } | { error: unknown };
  const decideBatch = db.transaction((batch: MeterRequest[]): Decided[] =>
    batch.map((m) => {
      try {
        return { outcome: decide(m) };
      } catch (error) {
        return { error };
      }
    }),
  );
  let pending: Array<{ m: MeterRequest; resolve(o: MeterOutcome): void; reject(e: unknown): void }> = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    let decided: Decided[];
    try {
      decided = decideBatch.immediate(batch.map((p) => p.m));
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const d = decided[i];
      if ('outcome' in d) p.resolve(d.outcome);
      else p.reject(d.error);
    });
  };
  return {
    meter: (m: MeterRequest) =>
      new Promise<MeterOutcome>((resolve, reject) => {
        if (pending.push({ m, resolve, reject }) === 1) setImmediate(flush);
      }),
    /** Decides what is waiting now (at close). */
    flush: () => {
      if (pending.length > 0) flush();
    },
  };
}

/**
 * The embedded store: one SQLite file in WAL mode; several processes may
 * share it. Decisions run in IMMEDIATE transactions and nothing is kept in
 * memory, so a failed write (disk full, busy) leaves no trace.
 */
export function openSqliteStore(path: string, options: StoreOptions = {}): Store {
  const ttlMs = (options.idempotencyTtlS ?? CONFIG_DEFAULTS.idempotencyTtlS) * 1000;
  const usageMonths = options.usageMonths ?? CONFIG_DEFAULTS.usageMonths;
  const db = openDatabase(path, options);
  const s = prepareStatements(db);
  pruneOldMonths(db, oldestKeptMonth(monthKey((options.now ?? (() => new Date()))()), usageMonths));
  const batches = groupCommit(db, meterDecision(db, s, ttlMs, usageMonths));
  const createFirst = db.transaction((key: StoredApiKey): boolean => {
    if (s.keyCount.get()! > 0) return false;
    s.insertKey.run(key);
    return true;
  });

  return {
    kind: 'sqlite',
    async findKeyByHash(hash) {
      const row = s.byHash.get(hash);
      return row ? { ...toRecord(row), hash: row.hash } : undefined;
    },
    async createKey(key) {
      s.insertKey.run(key);
    },
    async createFirstKey(key) {
      return createFirst.immediate(key);
    },
    async listKeys() {
      return s.allKeys.all().map(toRecord);
    },
    async revokeKey(id, at) {
      return s.revoke.run(at.toISOString(), id).changes > 0;
    },
    meter: batches.meter,
    async usage(keyId, monthKey) {
      return s.used.get(keyId, monthKey) ?? 0;
    },
    async monthUsage(keyId, month) {
      // One read transaction: the count and the figures of the same instant.
      return db.transaction(() => monthUsage(s.used.get(keyId, month) ?? 0, s.modelRows.all(keyId, month)))();
    },
    async ping() {
      s.keyCount.get();
    },
    async close() {
      batches.flush();
      if (db.open) db.close();
    },
  };
}
