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

it("usage lists every key's month (tab-separated or CSV), by default the current one", async () => {
  const team = await Promise.all(
    ['ana, "lead"', 'ben'].map(async (name) => {
      const created = await keys('create', '--plan', 'pro', '--name', name);
      return { name, key: lastLine(created.stdout) };
    }),
  );
  const calc = [
    await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 1000 }, team[0].key),
    await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 3000 }, team[0].key),
    await postJson(service.url, '/api/v1/calculate', { model: 'alpha-4', tokens: 50 }, team[1].key),
  ].map((a) => a.json);
  const billionths = (values: number[]) => values.reduce((t, v) => t + Math.round(v * 1e9), 0) / 1e9;
  const month = new Date().toISOString().slice(0, 7);

  const plain = await keys('usage');
  expect(plain.code).toBe(0);
  const lines = plain.stdout.trimEnd().split('\n');
  expect(lines[0]).toBe('id\tname\tplan\tmonth\trequests\tenergy_kwh\tcarbon_gco2e\twater_liters');
  const ana = lines.find((l) => l.includes('ana, "lead"'))!.split('\t');
  expect(ana.slice(1)).toEqual([
    'ana, "lead"',
    'pro',
    month,
    '2',
    String(billionths([calc[0].energy_kwh, calc[1].energy_kwh])),
    String(billionths([calc[0].carbon_gco2e, calc[1].carbon_gco2e])),
    String(billionths([calc[0].water.liters, calc[1].water.liters])),
  ]);
  const ben = lines.find((l) => l.includes('\tben\t'))!.split('\t');
  expect(ben.slice(2)).toEqual([
    'pro',
    month,
    '1',
    String(billionths([calc[2].energy_kwh])),
    String(billionths([calc[2].carbon_gco2e])),
    String(billionths([calc[2].water_liters])),
  ]);
  // Every key is listed, the revoked one of the test above included.
  expect(lines).toHaveLength(1 + (await service.store.listKeys()).length);

  const csv = await keys('usage', '--csv', '--month', month);
  const csvLines = csv.stdout.trimEnd().split('\n');
  expect(csvLines[0]).toBe('id,name,plan,month,requests,energy_kwh,carbon_gco2e,water_liters');
  expect(csvLines.find((l) => l.includes('lead'))).toBe(`${ana[0]},"ana, ""lead""",pro,${month},2,${ana[5]},${ana[6]},${ana[7]}`);

  const earlier = await keys('usage', '--month', '2020-01');
  expect(
    earlier.stdout
      .trimEnd()
      .split('\n')
      .slice(1)
      .every((l) => l.endsWith('\t2020-01\t0\t0\t0\t0')),
  ).toBe(true);
  const bad = await keys('usage', '--month', 'May');
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toContain('--month must be a UTC month as YYYY-MM');
});
