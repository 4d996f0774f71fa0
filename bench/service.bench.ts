/**
 * `npm run bench -- service`: POST /api/v2/calculate with auth and quota on
 * SQLite and on Redis, against a bare node:http server answering a fixed JSON
 * body of the same size (the ceiling), in one run. Every server runs in its
 * own process; autocannon drives them from this one. Targets: SQLite at least
 * 40% of the ceiling's requests/s, p99 under 10 ms, 50 connections.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculate } from '../src/core';
import { createApiKey } from '../src/server/store/api-keys';
import { openRedisStore } from '../src/server/store/redis';
import { openSqliteStore } from '../src/server/store/sqlite';
import { startRedis } from '../test/server/support/redis';
import { spawnServer, type ServerProcess } from '../test/server/support/server-process';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  method: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  body: string;
}) => Promise<AutocannonResult>;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = 2;
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 10;

const REQUEST = { model: 'beta-sonnet-4.6', input_tokens: 1200, output_tokens: 800, region: 'eu-germany' };

interface Row {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** The ceiling: node:http answering the same bytes a real calculation returns, with no work at all. */
async function startBareServer(body: string): Promise<{ url: string; stop(): Promise<void> }> {
  const script = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY);
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body));
    }).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      const m = /listening on (\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { url, stop: async () => (child.kill('SIGTERM'), exited) };
}

async function load(name: string, url: string, key: string | undefined, seconds: number): Promise<Row> {
  const result = await autocannon({
    url: `${url}/api/v2/calculate`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(REQUEST),
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fp5-bench-'));
  const redis = await startRedis();
  const processes: Array<{ stop(): Promise<void> }> = [redis];
  try {
    const dbPath = join(dir, 'footprint.db');
    const sqliteStore = openSqliteStore(dbPath);
    const sqliteKey = (await createApiKey(sqliteStore, 'mega', 'bench')).key;
    await sqliteStore.close();
    const redisStore = await openRedisStore(redis.url);
    const redisKey = (await createApiKey(redisStore, 'mega', 'bench')).key;
    await redisStore.close();

    const sample = calculate(REQUEST, { plan: 'mega', methodologyUrl: 'http://127.0.0.1:8787/methodology' });
    if (!sample.ok) throw new Error('the bench request is invalid');
    const bare = await startBareServer(JSON.stringify(sample.value));
    processes.push(bare);
    const sqlite: ServerProcess = await spawnServer({ FOOTPRINT_DB_PATH: dbPath });
    processes.push(sqlite);
    const redisServer: ServerProcess = await spawnServer({ FOOTPRINT_REDIS_URL: redis.url });
    processes.push(redisServer);

    const targets: Array<[string, string, string | undefined]> = [
      ['bare node:http (ceiling)', bare.url, undefined],
      ['service, SQLite', sqlite.url, sqliteKey],
      ['service, Redis', redisServer.url, redisKey],
    ];
    const rows: Row[] = [];
    for (const [name, url, key] of targets) {
      await load(name, url, key, WARMUP_S);
      const row = await load(name, url, key, DURATION_S);
      rows.push(row);
      console.log(`measured ${name}: ${row.requestsPerSecond.toFixed(0)} req/s`);
    }

    const ceiling = rows[0].requestsPerSecond;
    console.log(`\nPOST /api/v2/calculate, ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up)\n`);
    console.log('| target                   |    req/s | of ceiling | p50 ms | p99 ms | non-2xx | errors |');
    console.log('|--------------------------|---------:|-----------:|-------:|-------:|--------:|-------:|');
    for (const r of rows) {
      const ratio = `${((r.requestsPerSecond / ceiling) * 100).toFixed(1)}%`;
      console.log(
        `| ${r.name.padEnd(24)} | ${r.requestsPerSecond.toFixed(0).padStart(8)} | ${ratio.padStart(10)} | ${String(r.p50Ms).padStart(6)} | ${String(r.p99Ms).padStart(6)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`,
      );
    }
    const sqliteRow = rows[1];
    const ratio = sqliteRow.requestsPerSecond / ceiling;
    const verdict = {
      sqliteRatio: ratio,
      sqliteRatioTarget: TARGET_RATIO,
      sqliteRatioMet: ratio >= TARGET_RATIO,
      sqliteP99Ms: sqliteRow.p99Ms,
      p99TargetMs: TARGET_P99_MS,
      sqliteP99Met: sqliteRow.p99Ms < TARGET_P99_MS,
      redisRatio: rows[2].requestsPerSecond / ceiling,
    };
    console.log(
      `\nSQLite: ${(ratio * 100).toFixed(1)}% of the ceiling (target >= ${TARGET_RATIO * 100}%: ${verdict.sqliteRatioMet ? 'met' : 'NOT met'}), p99 ${sqliteRow.p99Ms} ms (target < ${TARGET_P99_MS} ms: ${verdict.sqliteP99Met ? 'met' : 'NOT met'}); Redis: ${(verdict.redisRatio * 100).toFixed(1)}% of the ceiling.`,
    );

    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'service.json'),
      JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION_S, request: REQUEST, rows, verdict }, null, 2),
    );
  } finally {
    for (const p of processes.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
