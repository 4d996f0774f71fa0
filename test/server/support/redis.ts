import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { REDIS_CLI, REDIS_SERVER } from '../../../scripts/support/system-programs';
import { freePort } from './ports';

export interface TestRedis {
  url: string;
  port: number;
  /** The redis-server process (to stop it with SIGSTOP, say). */
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => (s.destroy(), resolve(false)));
      s.connect(port, '127.0.0.1');
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on ${port}`);
}

/** Debian's redis-server on a loopback port, in memory only unless `args` say otherwise; stop() ends it. */
export async function startRedis(options: { port?: number; args?: string[] } = {}): Promise<TestRedis> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    REDIS_SERVER.path,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', ...(options.args ?? [])],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, Date.now() + 10_000);
  return {
    url: `redis://127.0.0.1:${port}/0`,
    port,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}

export interface TestCluster {
  /** host:port of each master, as FOOTPRINT_REDIS_CLUSTER_NODES takes them. */
  nodes: string[];
  /** Empties every master (a fresh store for the next test). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const redisCli = (...args: string[]) => promisify(execFile)(REDIS_CLI.path, args);

/** CLUSTER INFO of one node: '' while the node does not answer. */
const clusterInfo = (port: number): Promise<string> =>
  redisCli('-h', '127.0.0.1', '-p', String(port), 'cluster', 'info').then(
    (r) => r.stdout,
    () => '',
  );

/**
 * Three redis-server masters with cluster mode on, joined with `redis-cli --cluster create`, in
 * memory only. Ready when every master reports the cluster ok (asked with redis-cli: a cluster
 * client still learning the slots may close a node's connection under a command). When it cannot
 * start, the servers it started are stopped.
 */
export async function startRedisCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-cluster-'));
  const servers: TestRedis[] = [];
  let client: Cluster | undefined;
  const stopAll = async () => {
    client?.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 3; i++) {
      servers.push(
        await startRedis({
          args: ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${i}.conf`), '--cluster-node-timeout', '5000', '--dir', dir],
        }),
      );
    }
    const nodes = servers.map((s) => `127.0.0.1:${s.port}`);
    await redisCli('--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes');
    for (const deadline = Date.now() + 20_000; ;) {
      const states = await Promise.all(servers.map((s) => clusterInfo(s.port)));
      if (states.every((info) => info.includes('cluster_state:ok'))) break;
      if (Date.now() > deadline) throw new Error(`the cluster did not become ready: ${states.join('\n')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const ready = (client = new Cluster(servers.map((s) => ({ host: '127.0.0.1', port: s.port }))));
    await new Promise<void>((resolve, reject) => {
      ready.once('ready', () => resolve());
      ready.once('end', () => reject(new Error('the cluster client could not connect')));
    });
    return {
      nodes,
      flush: async () => {
        await Promise.all(ready.nodes('master').map((n) => n.flushall()));
      },
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
