/**
 * `npm test`: the lint and every test project, in two lanes side by side, then one line
 * "N passed, N failed, N skipped" for the whole run.
 *
 * The browser tests are the long lane and mostly wait on their browsers, so the rest runs beside them in a
 * second lane: the lint (ESLint, then Prettier), then the unit, integration and service tests. A lint that
 * fails counts as one failure: the run is red and says so just before the summary line. The browser lane is
 * streamed as it runs; the other lane is shown in one block when it ends. Arguments
 * (`npm test -- test/unit/foo.test.ts`) run one plain `vitest run` instead, without the lint.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUMMARY_FILE_ENV, summaryLine, type Summary } from '../test/support/summary';

/** One command of a lane: a Vitest run over some projects (it writes a summary), or the lint (it passes or fails). */
type Step = { name: string; kind: 'vitest'; projects: string[] } | { name: string; kind: 'lint' };

const LANES: Array<{ steps: Step[]; streamed: boolean }> = [
  { steps: [{ name: 'browsers', kind: 'vitest', projects: ['e2e'] }], streamed: true },
  {
    steps: [
      { name: 'lint', kind: 'lint' },
      { name: 'unit, integration and service', kind: 'vitest', projects: ['unit', 'integration', 'server'] },
    ],
    streamed: false,
  },
];

interface Finished {
  step: Step;
  code: number;
  summary: Summary | undefined;
  seconds: number;
}

function runStep(step: Step, summaryFile: string, streamed: boolean): Promise<Finished> {
  const [command, args] =
    step.kind === 'lint' ? ['npm', ['run', '--silent', 'lint']] : ['npx', ['vitest', 'run', ...step.projects.flatMap((p) => ['--project', p])]];
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, [SUMMARY_FILE_ENV]: summaryFile },
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    let held = '';
    child.stdout?.on('data', (d) => (held += d));
    child.stderr?.on('data', (d) => (held += d));
    child.once('close', (code, signal) => {
      if (!streamed) process.stdout.write(`\n──── ${step.name} ────\n${held}──── end of ${step.name} ────\n`);
      let summary: Summary | undefined;
      try {
        if (step.kind === 'vitest') summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
      } catch {
        summary = undefined;
      }
      resolve({ step, code: code ?? (signal ? 1 : 0), summary, seconds: Math.round((Date.now() - start) / 1000) });
    });
  });
}

async function runLane(steps: Step[], streamed: boolean, dir: string, lane: number): Promise<Finished[]> {
  const finished: Finished[] = [];
  for (const [i, step] of steps.entries()) finished.push(await runStep(step, join(dir, `summary-${lane}-${i}.json`), streamed));
  return finished;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    const child = spawn('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
    return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  }
  const dir = mkdtempSync(join(tmpdir(), 'fp-test-'));
  try {
    const finished = (await Promise.all(LANES.map((lane, i) => runLane(lane.steps, lane.streamed, dir, i)))).flat();
    const total: Summary = { passed: 0, failed: 0, skipped: 0 };
    // Where the run's time went, to see which lane is the long one.
    console.log(`\nTook: ${finished.map((f) => `${f.step.name} ${f.seconds} s`).join('; ')}`);
    for (const f of finished) {
      if (f.step.kind === 'lint') {
        // A red lint is one failure in the count: a CI that reads only the last line sees the run red.
        if (f.code !== 0) console.log(`The lint failed (exit code ${f.code}): see its block above.`);
        total.failed += f.code !== 0 ? 1 : 0;
        continue;
      }
      // A process that ended without its summary (a crash, a failed global setup) counts as one failure.
      if (!f.summary) console.log(`The ${f.step.name} tests ended (exit code ${f.code}) without a summary.`);
      total.passed += f.summary?.passed ?? 0;
      total.failed += f.summary?.failed ?? 1;
      total.skipped += f.summary?.skipped ?? 0;
    }
    console.log(summaryLine(total));
    return finished.some((f) => f.code !== 0) || total.failed > 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
