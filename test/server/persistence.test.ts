import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../src/server/store/api-keys';
import { openSqliteStore } from '../../src/server/store/sqlite';
import { monthKey } from '../../src/server/quota';
import { postJson } from './support/http';
import { spawnServer, type ServerProcess } from './support/server-process';
import { planLimit } from './support/fixtures';

const CLIENTS = 20;

let dir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp5-persist-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The bound: every success a client saw was counted before it was answered, so
 * stored >= seen. A request whose answer was lost in the kill may or may not
 * have been counted; there are at most as many of those as requests in flight
 * when the process died (at most one per client: each stops at its first
 * failure), so stored <= seen + failed, with failed <= CLIENTS.
 */
it('SQLite: after SIGKILL under load and a restart, seen successes <= stored count <= seen + requests lost in flight', async () => {
  const dbPath = join(dir, 'footprint.db');
  const setup = openSqliteStore(dbPath);
  const { id, key } = await createApiKey(setup, 'pro', 'persistence');
  await setup.close();

  server = await spawnServer({ FOOTPRINT_DB_PATH: dbPath });
  const url = server.url;
  let seen = 0;
  let failed = 0; // requests whose answer never came: the process died under them
  const unexpected: number[] = [];

  // Each client sends one request at a time and stops at its first failure,
  // so at most one lost answer per client: the request it had in flight.
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    for (;;) {
      try {
        const a = await postJson(url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 10 + i }, key);
        if (a.status === 200) seen++;
        else unexpected.push(a.status);
      } catch {
        failed++;
        return;
      }
    }
  });

  while (seen < 200) await new Promise((r) => setTimeout(r, 10));
  // The kill comes from another process while the clients keep sending, so requests are in flight.
  const victim = server;
  const killer = spawn('sh', ['-c', `sleep 0.3; kill -9 ${victim.child.pid}`], { stdio: 'ignore' });
  await new Promise((r) => killer.once('exit', r));
  await victim.kill();
  await Promise.all(clients);
  expect(victim.child.signalCode).toBe('SIGKILL');

  server = await spawnServer({ FOOTPRINT_DB_PATH: dbPath });
  const after = await postJson(server.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 1 }, key);
  expect(after.status).toBe(200);
  const storedBeforeThisCall = planLimit('pro') - 1 - Number(after.headers.get('ratelimit-remaining'));

  const check = openSqliteStore(dbPath);
  const stored = (await check.usage(id, monthKey(new Date()))) - 1;
  await check.close();

  console.log(`persistence: seen ${seen} successes, ${failed} answers lost in the kill, stored ${stored}`);
  expect(unexpected).toEqual([]);
  expect(failed).toBeLessThanOrEqual(CLIENTS);
  expect(stored).toBe(storedBeforeThisCall);
  expect(stored).toBeGreaterThanOrEqual(seen);
  expect(stored).toBeLessThanOrEqual(seen + failed);
});
