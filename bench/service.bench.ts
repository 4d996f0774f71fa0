/**
 * `npm run bench -- service`: POST /api/v2/calculate with auth and quota on
 * SQLite and on Redis, against a bare node:http server answering a fixed JSON
 * body of the same size (the ceiling), in one run. Every server runs in its
 * own process; autocannon drives them from this one, 50 connections. Every
 * request carries its own Idempotency-Key (so each stores its answer for
 * replays, as the extension's do), the services log one JSON line per request
 * (to a file, as under systemd) and count their metrics. Targets: SQLite at
 * least 80% and Redis at least 60% of the ceiling's requests/s; p99 at most
 * the larger of 5 ms and twice the ceiling's.
 *
 * The machine may be shared, so each target's time is split into rounds run
 * in turn (ceiling, SQLite, Redis, ceiling, ...): a disturbance hits all of
 * them alike. Requests/s is over all rounds; p99 is the worst round's. The
 * servers' CPU time per request (from /proc) is reported as a steadier second
 * measure.
 *
 * A fourth row, for reference only: the service's request path with a store
 * that writes nothing and no request log (bench/support/reference-service.ts).
 * It shows how much of the ceiling is left for storing and logging on the
 * machine at hand.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  requests: { average: number; total: number };
  duration: number;
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
  idReplacement: boolean;
}) => Promise<AutocannonResult>;

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;
const WARMUP_S = 2;
const TARGET_SQLITE_RATIO = 0.8;
const TARGET_REDIS_RATIO = 0.6;
const P99_FLOOR_MS = 5;

const REQUEST = { model: 'beta-sonnet-4.6', input_tokens: 1200, output_tokens: 800, region: 'eu-germany' };

interface Round {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMs: number;
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosPerRequest: number;
  non2xx: number;
  errors: number;
}

/** CPU time (user + system) a process has used so far, in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The ceiling: node:http answering the same bytes a real calculation returns, with no work at all. */
async function startBareServer(body: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
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
  return { url, pid: child.pid!, stop: async () => (child.kill('SIGTERM'), exited) };
}

async function load(url: string, key: string | undefined, seconds: number, pid: number): Promise<Round> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url: `${url}/api/v2/calculate`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    // The same bytes go to the ceiling, so the client does the same work for every target.
    headers: { 'content-type': 'application/json', 'idempotency-key': 'bench-[<id>]', authorization: `Bearer ${key ?? 'none'}` },
    body: JSON.stringify(REQUEST),
    idReplacement: true,
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: cpuMs(pid) - before,
  };
}

function summarize(name: string, rounds: Round[]): Row {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  return {
    name,
    requestsPerSecond: requests / rounds.reduce((n, r) => n + r.seconds, 0),
    p50Ms: Math.max(...rounds.map((r) => r.p50Ms)),
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    cpuMicrosPerRequest: (rounds.reduce((n, r) => n + r.cpuMs, 0) * 1000) / requests,
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

async function createSqliteKey(path: string): Promise<string> {
  const store = openSqliteStore(path);
  try {
    return (await createApiKey(store, 'mega', 'bench')).key;
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fp5-bench-'));
  const redis = await startRedis();
  const processes: Array<{ stop(): Promise<void> }> = [redis];
  try {
    const dbPath = join(dir, 'footprint.db');
    const sqliteKey = await createSqliteKey(dbPath);
    // A file of its own: on the SQLite service's file, the reference's checkpointer would share that service's work.
    const referenceDbPath = join(dir, 'reference.db');
    const referenceKey = await createSqliteKey(referenceDbPath);
    const redisStore = await openRedisStore({ url: redis.url });
    const redisKey = (await createApiKey(redisStore, 'mega', 'bench')).key;
    await redisStore.close();

    const sample = calculate(REQUEST, { plan: 'mega', methodologyUrl: 'http://127.0.0.1:8787/methodology' });
    if (!sample.ok) throw new Error('the bench request is invalid');
    const bare = await startBareServer(JSON.stringify(sample.value));
    processes.push(bare);
    const logs = { FOOTPRINT_LOG_LEVEL: 'info', FOOTPRINT_METRICS_TOKEN: 'bench-metrics-token-0123' };
    const sqlite: ServerProcess = await spawnServer({ ...logs, FOOTPRINT_DB_PATH: dbPath }, { logFile: join(dir, 'sqlite.log') });
    processes.push(sqlite);
    const redisServer: ServerProcess = await spawnServer({ ...logs, FOOTPRINT_REDIS_URL: redis.url }, { logFile: join(dir, 'redis.log') });
    processes.push(redisServer);
    const reference: ServerProcess = await spawnServer(
      { FOOTPRINT_DB_PATH: referenceDbPath, FOOTPRINT_METRICS_TOKEN: logs.FOOTPRINT_METRICS_TOKEN },
      { script: 'bench/support/reference-service.ts' },
    );
    processes.push(reference);

    const targets: Array<{ name: string; url: string; key?: string; pid: number; rounds: Round[] }> = [
      { name: 'bare node:http (ceiling)', url: bare.url, pid: bare.pid, rounds: [] },
      { name: 'service, SQLite', url: sqlite.url, key: sqliteKey, pid: sqlite.child.pid!, rounds: [] },
      { name: 'service, Redis', url: redisServer.url, key: redisKey, pid: redisServer.child.pid!, rounds: [] },
      { name: 'reference: no store, no log', url: reference.url, key: referenceKey, pid: reference.child.pid!, rounds: [] },
    ];
    for (const t of targets) await load(t.url, t.key, WARMUP_S, t.pid);
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const r = await load(t.url, t.key, DURATION_S / ROUNDS, t.pid);
        t.rounds.push(r);
        console.log(`round ${round + 1}, ${t.name}: ${(r.requests / r.seconds).toFixed(0)} req/s, p99 ${r.p99Ms} ms`);
      }
    }
    const rows = targets.map((t) => summarize(t.name, t.rounds));

    const ceiling = rows[0].requestsPerSecond;
    const ceilingCpu = rows[0].cpuMicrosPerRequest;
    console.log(`\nPOST /api/v2/calculate, ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} rounds (after ${WARMUP_S} s warm-up)\n`);
    console.log('| target                      |    req/s | of ceiling | p50 ms | p99 ms | server CPU µs/req | ceiling CPU / CPU | non-2xx | errors |');
    console.log('|-----------------------------|---------:|-----------:|-------:|-------:|------------------:|------------------:|--------:|-------:|');
    for (const r of rows) {
      const ratio = `${((r.requestsPerSecond / ceiling) * 100).toFixed(1)}%`;
      const cpuRatio = `${((ceilingCpu / r.cpuMicrosPerRequest) * 100).toFixed(1)}%`;
      console.log(
        `| ${r.name.padEnd(27)} | ${r.requestsPerSecond.toFixed(0).padStart(8)} | ${ratio.padStart(10)} | ${String(r.p50Ms).padStart(6)} | ${String(r.p99Ms).padStart(6)} | ${r.cpuMicrosPerRequest.toFixed(1).padStart(17)} | ${cpuRatio.padStart(17)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`,
      );
    }
    const [bareRow, sqliteRow, redisRow, referenceRow] = rows;
    const p99TargetMs = Math.max(P99_FLOOR_MS, 2 * bareRow.p99Ms);
    const sqliteRatio = sqliteRow.requestsPerSecond / ceiling;
    const redisRatio = redisRow.requestsPerSecond / ceiling;
    const loggedLines = (name: string) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"route":"/api/v2/calculate"')).length;
    const verdict = {
      sqliteRatio,
      sqliteRatioTarget: TARGET_SQLITE_RATIO,
      sqliteRatioMet: sqliteRatio >= TARGET_SQLITE_RATIO,
      redisRatio,
      redisRatioTarget: TARGET_REDIS_RATIO,
      redisRatioMet: redisRatio >= TARGET_REDIS_RATIO,
      p99TargetMs,
      sqliteP99Ms: sqliteRow.p99Ms,
      sqliteP99Met: sqliteRow.p99Ms <= p99TargetMs,
      redisP99Ms: redisRow.p99Ms,
      redisP99Met: redisRow.p99Ms <= p99TargetMs,
      sqliteCpuRatio: ceilingCpu / sqliteRow.cpuMicrosPerRequest,
      redisCpuRatio: ceilingCpu / redisRow.cpuMicrosPerRequest,
      referenceRatio: referenceRow.requestsPerSecond / ceiling,
      referenceCpuRatio: ceilingCpu / referenceRow.cpuMicrosPerRequest,
      requestLogLines: { sqlite: loggedLines('sqlite.log'), redis: loggedLines('redis.log') },
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number),
    };
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `\nSQLite: ${(sqliteRatio * 100).toFixed(1)}% of the ceiling (target >= ${TARGET_SQLITE_RATIO * 100}%: ${met(verdict.sqliteRatioMet)}), p99 ${sqliteRow.p99Ms} ms (target <= ${p99TargetMs} ms: ${met(verdict.sqliteP99Met)}).` +
        `\nRedis: ${(redisRatio * 100).toFixed(1)}% of the ceiling (target >= ${TARGET_REDIS_RATIO * 100}%: ${met(verdict.redisRatioMet)}), p99 ${redisRow.p99Ms} ms (target <= ${p99TargetMs} ms: ${met(verdict.redisP99Met)}).` +
        `\nReference, the request path with nothing stored and no log line: ${(verdict.referenceRatio * 100).toFixed(1)}% of the ceiling.` +
        `\nEvery request carried a new Idempotency-Key; request log lines written: SQLite ${verdict.requestLogLines.sqlite}, Redis ${verdict.requestLogLines.redis}. Load average ${verdict.loadAverage.join(' ')} (2 cores).`,
    );

    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      join(resultsDir, 'service.json'),
      JSON.stringify(
        { date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION_S, rounds: ROUNDS, request: REQUEST, rows, verdict },
        null,
        2,
      ),
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
