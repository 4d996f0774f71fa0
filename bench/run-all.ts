/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (one at a time, so they
 * do not compete for the cores) and prints each one's report. The
 * extension is built once, first, for the benches that load it.
 */
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildExtensionUnlessGiven } from './support/extension-build';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

/** Benches that need no built extension: the service, reading an import file, the ledger's year and reading attachments, in Node. */
const WITHOUT_EXTENSION = new Set(['service.bench.ts', 'import.bench.ts', 'ledger-year.bench.ts', 'attachments.bench.ts', 'attachment-count.bench.ts']);
if (files.some((f) => !WITHOUT_EXTENSION.has(f))) buildExtensionUnlessGiven(undefined);

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync('npx', ['tsx', join(dir, file)], { stdio: 'inherit', env: { ...process.env, SKIP_BUILD: '1' } });
  if (run.status !== 0) {
    failed++;
    console.log(`${file} exited with ${run.status}`);
  }
}
process.exit(failed ? 1 : 0);
