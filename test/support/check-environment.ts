/**
 * Checks that the Debian programs the tests need are installed; if not, says in one line what to
 * install and stops (rather than ENOENT stack traces minutes later). Runs as `npm test`'s pretest
 * (before lint and the build), and as vitest's first global setup for the selected projects
 * (for `npx vitest run --project ...`).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_L10N, FIREFOX_ESR, REDIS_CLI, REDIS_SERVER, type SystemProgram } from '../../scripts/support/system-programs';

/** What each vitest project runs. */
export const NEEDS: Record<string, SystemProgram[]> = {
  e2e: [CHROMIUM, CHROMIUM_L10N, FIREFOX_ESR],
  server: [REDIS_SERVER, REDIS_CLI],
};

export function missingPackages(projects: readonly string[], exists: (path: string) => boolean = existsSync): string[] {
  const wanted = projects.flatMap((p) => NEEDS[p] ?? []);
  return [...new Set(wanted.filter((p) => !exists(p.path)).map((p) => p.pkg))];
}

export function installLine(missing: readonly string[]): string {
  return `npm test needs Debian packages that are not installed: sudo apt-get install -y ${missing.join(' ')}  (or run .ci/run, which installs them)`;
}

interface SetupProject {
  vitest?: { projects?: Array<{ name: string }> };
}

export default function checkEnvironment(project?: SetupProject): void {
  const selected = project?.vitest?.projects?.map((p) => p.name) ?? Object.keys(NEEDS);
  const missing = missingPackages(selected);
  if (missing.length === 0) return;
  process.stderr.write(`\n${installLine(missing)}\n\n`);
  process.exit(1);
}

// `tsx test/support/check-environment.ts` (npm's pretest): every project.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) checkEnvironment();
