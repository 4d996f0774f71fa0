import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { postJson } from './support/http';
import { spawnServer } from './support/server-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fp5-serve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a first serve on an empty store prints one basic key that works; a restart creates none; SIGTERM exits cleanly', async () => {
  const env = { FOOTPRINT_DB_PATH: join(dir, 'first.db'), FOOTPRINT_BASE_URL: 'https://footprint.example.org' };
  const first = await spawnServer(env);
  const key = /^(fp_[A-Za-z0-9_-]{43})$/m.exec(first.output())?.[1];
  expect(key).toBeDefined();
  const a = await postJson(first.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 10 }, key);
  expect(a.json.plan).toBe('basic');
  expect(a.json.methodology_url).toBe('https://footprint.example.org/methodology');
  await first.stop();
  expect(first.child.exitCode).toBe(0);

  const second = await spawnServer(env);
  expect(second.output()).not.toMatch(/created API key/);
  expect((await postJson(second.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 10 }, key)).status).toBe(200);
  await second.stop();
});

it('a bad setting stops the start with a message naming it', async () => {
  const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'http', FOOTPRINT_DB_PATH: join(dir, 'never.db') },
  }).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => e,
  );
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('PORT="http": must be a whole number from 0 to 65535');
});
