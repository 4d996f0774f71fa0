import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { monthKey } from '../../src/server/quota';
import { createApiKey } from '../../src/server/store/api-keys';
import { openRedisStore } from '../../src/server/store/redis';
import type { Store } from '../../src/server/store/store';
import { planLimit } from './support/fixtures';
import { postJson } from './support/http';
import { startRedisCluster, type TestCluster } from './support/redis';
import { spawnServer, type ServerProcess } from './support/server-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BASIC = planLimit('basic');

describe('Redis Cluster: two service processes on a three-master cluster', () => {
  let cluster: TestCluster;
  let store: Store;
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;
  beforeAll(async () => {
    cluster = await startRedisCluster();
    env = { FOOTPRINT_REDIS_CLUSTER_NODES: cluster.nodes.join(','), FOOTPRINT_LOG_LEVEL: 'warn' };
    servers.push(...(await Promise.all([spawnServer(env), spawnServer(env)])));
    store = await openRedisStore({ clusterNodes: cluster.nodes });
  });
  afterAll(async () => {
    await store?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await cluster?.stop();
  });

  it(`150 concurrent calls on a basic key across both instances: exactly ${BASIC} succeed, the rest are 429`, async () => {
    const { id, key } = await createApiKey(store, 'basic', 'cluster race');
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => postJson(servers[i % 2].url, '/api/v2/calculate', { model: 'alpha-4o', tokens: i + 1 }, key)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BASIC);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - BASIC);
    for (const url of servers.map((s) => s.url)) {
      expect(answers.filter((a, i) => a.status === 200 && servers[i % 2].url === url).length).toBeGreaterThan(0);
    }
    expect(await store.usage(id, monthKey(new Date()))).toBe(BASIC);
  });

  it("keys of many API keys spread over the masters, and each key's state, counter, figures and records share one slot", async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => createApiKey(store, 'pro')));
    for (const { key } of made) {
      expect((await postJson(servers[0].url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key, { 'Idempotency-Key': 'slot-check' })).status).toBe(
        200,
      );
    }
    const { Cluster } = await import('ioredis');
    const client = new Cluster(cluster.nodes.map((n) => ({ host: '127.0.0.1', port: Number(n.split(':')[1]) })));
    await new Promise((resolve) => client.once('ready', resolve));
    try {
      const perMaster = await Promise.all(client.nodes('master').map((n) => n.keys('footprint:{*')));
      expect(perMaster.filter((keys) => keys.length > 0).length).toBeGreaterThanOrEqual(2);
      for (const { id } of made) {
        const mine = perMaster.flat().filter((k) => k.startsWith(`footprint:{${id}}:`));
        expect(mine.length).toBe(4);
        const slots = await Promise.all(mine.map((k) => client.cluster('KEYSLOT', k)));
        expect(new Set(slots).size).toBe(1);
      }
    } finally {
      client.disconnect();
    }
  });

  it('the keys CLI creates, lists and revokes keys in the cluster; both instances see them', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    const created = await run('create', '--plan', 'ultra', '--name', 'cli in cluster');
    const key = created.stdout.trim().split('\n').pop()!;
    const id = /Created key (key_[0-9a-f]+)/.exec(created.stdout)![1];
    for (const s of servers) expect((await postJson(s.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key)).json.plan).toBe('ultra');
    expect((await run('list')).stdout).toMatch(new RegExp(`${id}\\tultra\\tactive\\tused 2 in `));
    const row = (await run('usage')).stdout.split('\n').find((l) => l.startsWith(`${id}\t`))!;
    expect(row.split('\t').slice(1, 5)).toEqual(['cli in cluster', 'ultra', monthKey(new Date()), '2']);
    const months = await Promise.all(servers.map((s) => fetch(`${s.url}/api/v2/usage`, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.json())));
    expect(months[0]).toEqual(months[1]);
    expect(months[0]).toMatchObject({ plan: 'ultra', requests: 2, models: [{ model: 'alpha-4o', requests: 2 }] });
    expect(String(months[0].energy_kwh)).toBe(row.split('\t')[5]);
    await run('revoke', id);
    for (const s of servers) expect((await postJson(s.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key)).status).toBe(401);
  });
});
