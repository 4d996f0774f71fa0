/** `npm run fixture:from-report` as a command: a refused file gives exit code 1 and its reason on one line. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/fixture-from-report.ts', import.meta.url));
const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, file], { encoding: 'utf8' });

describe('npm run fixture:from-report', () => {
  it('refuses a report of a newer format: exit code 1 and the reason on one line, nothing written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'report-cli-'));
    const file = path.join(dir, 'report.json');
    writeFileSync(file, JSON.stringify({ report: 'ai-chat-footprint/page-report', format: 9, site: 'chatgpt' }));
    const result = run(file);
    rmSync(dir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([`${file}: a format 9 report is newer than this checkout reads (format 3): update the repository first`]);
  }, 30_000);

  it('names a file it cannot read', () => {
    const result = run('/nonexistent/report.json');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^cannot read \/nonexistent\/report\.json: /);
  }, 30_000);
});
