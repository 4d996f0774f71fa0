import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startService, type RunningService } from '../../src/server/start';
import { postJson } from './support/http';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let dir: string;
let dbPath: string;
let service: RunningService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp5-keys-'));
  dbPath = join(dir, 'footprint.db');
  // The service and the CLI share the SQLite file, as on a real host.
  service = await startService({ dbPath });
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

async function keys(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, FOOTPRINT_DB_PATH: dbPath, FOOTPRINT_REDIS_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const error = e as { code: number; stdout: string; stderr: string };
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

it('create prints the new key as the last line; list shows it; revoke makes the service answer 401', async () => {
  const created = await keys('create', '--plan', 'pro', '--name', 'cli test');
  expect(created.code).toBe(0);
  const key = lastLine(created.stdout);
  expect(key).toMatch(/^fp_[A-Za-z0-9_-]{43}$/);

  const ok = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 10 }, key);
  expect(ok.status).toBe(200);
  expect(ok.json.plan).toBe('pro');

  const listed = await keys('list');
  const row = listed.stdout.split('\n').find((l) => l.includes('cli test'))!;
  expect(row).toMatch(/\tpro\tactive\tused 1 in \d{4}-\d{2}\t/);
  expect(listed.stdout).not.toContain(key);
  const id = row.split('\t')[0];

  const revoked = await keys('revoke', id);
  expect(revoked.code).toBe(0);
  expect((await keys('list')).stdout).toMatch(new RegExp(`${id}\\tpro\\trevoked `));

  const refused = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 10 }, key);
  expect(refused.status).toBe(401);
  expect(refused.json.code).toBe('UNAUTHORIZED');
});

it('refuses an unknown plan, an unknown id and a missing command with a message and a non-zero exit', async () => {
  const badPlan = await keys('create', '--plan', 'platinum');
  expect(badPlan.code).not.toBe(0);
  expect(badPlan.stderr).toContain('basic, pro, ultra, mega');
  const badId = await keys('revoke', 'key_nope');
  expect(badId.code).not.toBe(0);
  expect(badId.stderr).toContain('No key with id key_nope');
  const none = await keys();
  expect(none.code).not.toBe(0);
  expect(none.stderr).toContain('Usage:');
});
