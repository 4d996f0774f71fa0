/**
 * `npm test` after the lint: every test project, in two Vitest processes side by side, then one line
 * "N passed, N failed, N skipped" for the whole run.
 *
 * On a 2-core machine Vitest runs one test file at a time (one worker, and every project that turns off file
 * parallelism or isolation is put in one sequential queue), so the unit, integration and service tests used to
 * wait for the browser tests or the browser tests for them. The browser tests are the long queue and mostly wait
 * on their browsers, so the other projects run beside them in a second process. Each process runs its files one
 * at a time, as before. Arguments (`npm test -- test/unit/foo.test.ts`) run one plain `vitest run` instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUMMARY_FILE_ENV, summaryLine, type Summary } from '../test/support/summary';

/** The long queue, streamed as it runs; and the rest, shown in one block when it ends. */
const QUEUES = [
  { name: 'browsers', projects: ['e2e'], streamed: true },
  { name: 'unit, integration and service', projects: ['unit', 'integration', 'server'], streamed: false },
] as const;

interface Finished {
  code: number;
  summary: Summary | undefined;
}

function run(args: string[], env: NodeJS.ProcessEnv, streamed: boolean, name: string): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { env, stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'] });
    let held = '';
    child.stdout?.on('data', (d) => (held += d));
    child.stderr?.on('data', (d) => (held += d));
    child.once('close', (code, signal) => {
      if (!streamed) process.stdout.write(`\n──── ${name} ────\n${held}──── end of ${name} ────\n`);
      let summary: Summary | undefined;
      try {
        summary = JSON.parse(readFileSync(env[SUMMARY_FILE_ENV]!, 'utf8')) as Summary;
      } catch {
        summary = undefined;
      }
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    const child = spawn('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
    return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  }
  const dir = mkdtempSync(join(tmpdir(), 'fp-test-'));
  try {
    const finished = await Promise.all(
      QUEUES.map((q, i) =>
        run(
          q.projects.flatMap((p) => ['--project', p]),
          { ...process.env, [SUMMARY_FILE_ENV]: join(dir, `summary-${i}.json`) },
          q.streamed,
          q.name,
        ),
      ),
    );
    const total: Summary = { passed: 0, failed: 0, skipped: 0 };
    for (const [i, f] of finished.entries()) {
      // A process that ended without its summary (a crash, a failed global setup) counts as one failure.
      if (!f.summary) console.log(`\nThe ${QUEUES[i].name} tests ended (exit code ${f.code}) without a summary.`);
      total.passed += f.summary?.passed ?? 0;
      total.failed += f.summary?.failed ?? 1;
      total.skipped += f.summary?.skipped ?? 0;
    }
    console.log(`\n${summaryLine(total)}`);
    return finished.some((f) => f.code !== 0) || total.failed > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
