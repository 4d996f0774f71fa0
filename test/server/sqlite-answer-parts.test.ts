import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { calculate } from '../../src/core';
import { calculationJson } from '../../src/server/routes/calculation-json';
import { V2_CALCULATE } from '../../src/server/routes/metered';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { renderBody, type BodyTemplate, type MeterOutcome, type MeterRequest, type StoredApiKey } from '../../src/server/store/store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp-answer-parts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const KEY: StoredApiKey = {
  id: 'key_0123456789ab',
  name: 'parts',
  plan: 'pro',
  createdAt: '2026-11-01T00:00:00.000Z',
  revokedAt: null,
  hash: Buffer.alloc(32, 7),
};
const NOW = new Date('2026-11-24T03:00:00Z');

function answer(tokens: number, methodologyUrl = 'http://127.0.0.1:8787/methodology'): { template: BodyTemplate; whole: string } {
  const result = calculate({ model: 'beta-sonnet-4.6', input_tokens: tokens, output_tokens: 800, region: 'eu-germany' }, { plan: 'pro', methodologyUrl });
  if (!result.ok) throw new Error(result.error.message);
  return { template: V2_CALCULATE.render(result.value, { limit: 1000, resetAt: NOW, resetSeconds: 60 }), whole: calculationJson(result.value) };
}

const meterRequest = (idempotencyKey: string, body: BodyTemplate): MeterRequest => ({
  key: KEY,
  monthKey: '2026-11',
  limit: 1000,
  idempotency: { key: idempotencyKey, fingerprint: `v2:${idempotencyKey}` },
  body,
  resetSeconds: 60,
  now: NOW,
});

const replayed = (outcome: MeterOutcome): string => {
  if (outcome.kind !== 'replay') throw new Error(`expected a replay, got ${outcome.kind}`);
  return renderBody(outcome.record, outcome.record.limit - outcome.record.used);
};

it('keeps the shared closing part of version 2 answers once, and replays every answer whole, also after a reopen', async () => {
  const path = join(dir, 'footprint.db');
  const answers = [answer(100), answer(200), answer(300, 'https://footprint.example/methodology')];
  expect(answers[0].template.shared).toBe(answers[1].template.shared);
  expect(answers[0].template.head + answers[0].template.shared).toBe(answers[0].whole);

  const store = openSqliteStore(path);
  for (const [i, a] of answers.entries()) expect((await store.meter(meterRequest(`idem-${i}`, a.template))).kind).toBe('charged');
  for (const [i, a] of answers.entries()) expect(replayed(await store.meter(meterRequest(`idem-${i}`, a.template)))).toBe(a.whole);
  await store.close();

  const db = new Database(path, { readonly: true });
  expect(db.prepare('SELECT count(*) FROM answer_parts').pluck().get()).toBe(2);
  const rows = db.prepare('SELECT head, shared_id FROM idempotency ORDER BY rowid').all() as { head: string; shared_id: number }[];
  expect(rows.map((r) => r.head)).toEqual(answers.map((a) => a.template.head));
  expect(rows[0].shared_id).toBe(rows[1].shared_id);
  expect(rows[2].shared_id).not.toBe(rows[0].shared_id);
  db.close();

  const reopened = openSqliteStore(path);
  for (const [i, a] of answers.entries()) expect(replayed(await reopened.meter(meterRequest(`idem-${i}`, a.template)))).toBe(a.whole);
  await reopened.close();
});

it('opens a file made before answers had a shared part: adds the column once, replays its whole answers, records new ones', async () => {
  const path = join(dir, 'old.db');
  const old = new Database(path);
  old.pragma('journal_mode = WAL');
  old.exec(`
    CREATE TABLE api_keys (id TEXT PRIMARY KEY, hash BLOB NOT NULL UNIQUE, name TEXT NOT NULL, plan TEXT NOT NULL, created_at TEXT NOT NULL, revoked_at TEXT);
    CREATE TABLE usage (key_id TEXT NOT NULL, month TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (key_id, month)) WITHOUT ROWID;
    CREATE TABLE idempotency (key_id TEXT NOT NULL, idem_key TEXT NOT NULL, fingerprint TEXT NOT NULL, used INTEGER NOT NULL,
      quota_limit INTEGER NOT NULL, reset_seconds INTEGER NOT NULL, head TEXT NOT NULL, tail TEXT, expires_at INTEGER NOT NULL);`);
  const before = answer(100);
  old
    .prepare('INSERT INTO idempotency VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(KEY.id, 'idem-old', 'v2:idem-old', 1, 1000, 60, before.whole, null, NOW.getTime() + 3_600_000);
  old.prepare("INSERT INTO usage VALUES (?, '2026-11', 1)").run(KEY.id);
  old.close();

  // Two connections open it together, as two instances starting at once would: the column is added once.
  const [a, b] = [openSqliteStore(path), openSqliteStore(path)];
  expect(replayed(await a.meter(meterRequest('idem-old', before.template)))).toBe(before.whole);
  const next = answer(200);
  expect(await b.meter(meterRequest('idem-new', next.template))).toEqual({ kind: 'charged', used: 2, limit: 1000 });
  expect(replayed(await a.meter(meterRequest('idem-new', next.template)))).toBe(next.whole);
  await a.close();
  await b.close();

  const db = new Database(path, { readonly: true });
  const columns = db.prepare('PRAGMA table_info(idempotency)').all() as { name: string }[];
  expect(columns.filter((c) => c.name === 'shared_id')).toHaveLength(1);
  db.close();
});
