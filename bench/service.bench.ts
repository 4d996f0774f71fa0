/**
 * `npm run bench -- service`: POST /api/v2/calculate with auth and quota on
 * SQLite, a single Redis and a three-master Redis Cluster, beside a bare
 * node:http server answering a fixed JSON body of the same size, in one run.
 * Every server runs in its own process; autocannon drives them from this one,
 * 50 connections. Every request carries its own Idempotency-Key (so each
 * stores its answer for replays, as the extension's do), the services log one
 * JSON line per request (to a file, as under systemd) and count their metrics.
 *
 * A floor guards against regressions (it is not a target): SQLite and single
 * Redis each at 30% or more of the bare server's requests/s, with p99 at or
 * below 25 ms. The exit code is 1 when the floor is not met.
 *
 * The machine may be shared, so each target's time is split into rounds run
 * in turn (bare, SQLite, Redis, Cluster, bare, ...): a disturbance hits all of
 * them alike. Requests/s is over all rounds; p50 and p99 are the worst
 * round's. The servers' CPU time per request (from /proc) is a steadier
 * second measure. Storage per million records is measured at the end.
 *
 * `SERVICE_BENCH_BASE_DIR=<worktree>[,<worktree>...]` also runs another
 * commit's service (a worktree with its node_modules) on SQLite and on a
 * Redis of its own, in the same rounds, so a change is judged against its
 * base in one run: `git worktree add --detach ../base <commit>`, then
 * `cp -al node_modules ../base/`.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculate } from '../src/core';
import { createApiKey } from '../src/server/store/api-keys';
import { openRedisStore } from '../src/server/store/redis';
import { openSqliteStore } from '../src/server/store/sqlite';
import { Redis } from 'ioredis';
import { startRedis, startRedisCluster } from '../test/server/support/redis';
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
const FLOOR_RATIO = 0.3;
const FLOOR_P99_MS = 25;

const BASE_DIRS = (process.env.SERVICE_BENCH_BASE_DIR ?? '')
  .split(',')
  .filter(Boolean)
  .map((d) => resolve(d));

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

/** Bytes per idempotency record: the SQLite file (WAL checkpointed) and Redis's used memory, each per stored record. */
async function storagePerRecord(dbPath: string, redisUrl: string): Promise<{ sqliteFileBytes: number; redisMemoryBytes: number }> {
  const db = new Database(dbPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const records = db.prepare<[], number>('SELECT count(*) FROM idempotency_records').pluck().get()!;
  db.close();
  const client = new Redis(redisUrl);
  const keys = await client.dbsize();
  const memory = Number(/used_memory:(\d+)/.exec(await client.info('memory'))![1]);
  client.disconnect();
  return { sqliteFileBytes: statSync(dbPath).size / records, redisMemoryBytes: memory / keys };
}

interface Target {
  name: string;
  url: string;
  key?: string;
  pid: number;
  rounds: Round[];
}

/**
 * Another commit's service on SQLite and on a Redis of its own, its keys made by its own store code
 * (loaded from that worktree), so the comparison needs nothing of that commit but its sources.
 */
async function baseTargets(root: string, dir: string, logs: Record<string, string>, processes: Array<{ stop(): Promise<void> }>): Promise<Target[]> {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const sqliteModule = (await import(join(root, 'src/server/store/sqlite.ts'))) as { openSqliteStore: typeof openSqliteStore };
  const redisModule = (await import(join(root, 'src/server/store/redis.ts'))) as { openRedisStore: typeof openRedisStore };
  const keys = (await import(join(root, 'src/server/store/api-keys.ts'))) as { createApiKey: typeof createApiKey };
  const dbPath = join(dir, `base-${commit}.db`);
  const sqliteStore = sqliteModule.openSqliteStore(dbPath);
  const sqliteKey = (await keys.createApiKey(sqliteStore, 'mega', 'bench')).key;
  await sqliteStore.close();
  const redis = await startRedis();
  processes.push(redis);
  const redisStore = await redisModule.openRedisStore({ url: redis.url });
  const redisKey = (await keys.createApiKey(redisStore, 'mega', 'bench')).key;
  await redisStore.close();
  const targets: Target[] = [];
  for (const [store, env, key] of [
    ['SQLite', { FOOTPRINT_DB_PATH: dbPath }, sqliteKey],
    ['Redis', { FOOTPRINT_REDIS_URL: redis.url }, redisKey],
  ] as const) {
    const server = await spawnServer({ ...logs, ...env }, { logFile: join(dir, `base-${commit}-${store}.log`), root });
    processes.push(server);
    targets.push({ name: `${commit}, ${store}`, url: server.url, key, pid: server.child.pid!, rounds: [] });
  }
  return targets;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-bench-'));
  const [redis, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
  const processes: Array<{ stop(): Promise<void> }> = [redis, cluster];
  try {
    const dbPath = join(dir, 'footprint.db');
    const sqliteStore = openSqliteStore(dbPath);
    const sqliteKey = (await createApiKey(sqliteStore, 'mega', 'bench')).key;
    await sqliteStore.close();
    const redisStore = await openRedisStore({ url: redis.url });
    const redisKey = (await createApiKey(redisStore, 'mega', 'bench')).key;
    await redisStore.close();
    const clusterStore = await openRedisStore({ clusterNodes: cluster.nodes });
    const clusterKey = (await createApiKey(clusterStore, 'mega', 'bench')).key;
    await clusterStore.close();

    const sample = calculate(REQUEST, { plan: 'mega', methodologyUrl: 'http://127.0.0.1:8787/methodology' });
    if (!sample.ok) throw new Error('the bench request is invalid');
    const bare = await startBareServer(JSON.stringify(sample.value));
    processes.push(bare);
    const logs = { FOOTPRINT_LOG_LEVEL: 'info', FOOTPRINT_METRICS_TOKEN: 'bench-metrics-token-0123' };
    const services: ServerProcess[] = [];
    for (const [name, env] of [
      ['sqlite', { FOOTPRINT_DB_PATH: dbPath }],
      ['redis', { FOOTPRINT_REDIS_URL: redis.url }],
      ['cluster', { FOOTPRINT_REDIS_CLUSTER_NODES: cluster.nodes.join(',') }],
    ] as const) {
      const server = await spawnServer({ ...logs, ...env }, { logFile: join(dir, `${name}.log`) });
      processes.push(server);
      services.push(server);
    }
    const [sqlite, redisServer, clusterServer] = services;

    const targets: Target[] = [
      { name: 'bare node:http', url: bare.url, pid: bare.pid, rounds: [] },
      { name: 'service, SQLite', url: sqlite.url, key: sqliteKey, pid: sqlite.child.pid!, rounds: [] },
      { name: 'service, Redis', url: redisServer.url, key: redisKey, pid: redisServer.child.pid!, rounds: [] },
      { name: 'service, Redis Cluster', url: clusterServer.url, key: clusterKey, pid: clusterServer.child.pid!, rounds: [] },
    ];
    for (const root of BASE_DIRS) targets.push(...(await baseTargets(root, dir, logs, processes)));
    for (const t of targets) await load(t.url, t.key, WARMUP_S, t.pid);
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const r = await load(t.url, t.key, DURATION_S / ROUNDS, t.pid);
        t.rounds.push(r);
        console.log(`round ${round + 1}, ${t.name}: ${(r.requests / r.seconds).toFixed(0)} req/s, p99 ${r.p99Ms} ms`);
      }
    }
    const rows = targets.map((t) => summarize(t.name, t.rounds));
    const bareRate = rows[0].requestsPerSecond;
    console.log(`\nPOST /api/v2/calculate, ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} rounds (after ${WARMUP_S} s warm-up)\n`);
    console.log('| target                 |  req/s | of bare | p50 ms | p99 ms | server CPU µs/req | non-2xx | errors |');
    console.log('|------------------------|-------:|--------:|-------:|-------:|------------------:|--------:|-------:|');
    for (const r of rows) {
      const ratio = `${((r.requestsPerSecond / bareRate) * 100).toFixed(1)}%`;
      console.log(
        `| ${r.name.padEnd(22)} | ${r.requestsPerSecond.toFixed(0).padStart(6)} | ${ratio.padStart(7)} | ${String(r.p50Ms).padStart(6)} | ${String(r.p99Ms).padStart(6)} | ${r.cpuMicrosPerRequest.toFixed(0).padStart(17)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} |`,
      );
    }
    const floor = (row: Row) => ({
      ratio: row.requestsPerSecond / bareRate,
      p99Ms: row.p99Ms,
      met: row.requestsPerSecond / bareRate >= FLOOR_RATIO && row.p99Ms <= FLOOR_P99_MS && row.non2xx === 0 && row.errors === 0,
    });
    const verdict = {
      floor: { ratio: FLOOR_RATIO, p99Ms: FLOOR_P99_MS },
      sqlite: floor(rows[1]),
      redis: floor(rows[2]),
      storagePerRecord: await storagePerRecord(dbPath, redis.url),
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number),
    };
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `\nFloor (>= ${FLOOR_RATIO * 100}% of bare req/s, p99 <= ${FLOOR_P99_MS} ms, no errors): SQLite ${met(verdict.sqlite.met)}, Redis ${met(verdict.redis.met)}.` +
        `\nStorage per idempotency record: SQLite file ${verdict.storagePerRecord.sqliteFileBytes.toFixed(0)} B, Redis memory ${verdict.storagePerRecord.redisMemoryBytes.toFixed(0)} B.` +
        `\nLoad average ${verdict.loadAverage.join(' ')} (${cpus().length} cores).`,
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
    if (!verdict.sqlite.met || !verdict.redis.met) process.exitCode = 1;
  } finally {
    for (const p of processes.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
