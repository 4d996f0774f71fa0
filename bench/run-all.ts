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

// The service and the ledger's year run without the extension.
if (files.some((f) => f !== 'service.bench.ts' && f !== 'ledger-year.bench.ts')) buildExtensionUnlessGiven(undefined);

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
