/**
 * `npm run fixture:from-report <report.json>`: a saved page report becomes a fixture page, its
 * README row and a failing-until-fixed test (scripts/fixture-from-report/write.ts). Exit code 1
 * with one line when the file is refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureFromReport } from './fixture-from-report/write';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run fixture:from-report <report.json>');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const result = fixtureFromReport(text, { root });
if (!result.ok) {
  console.error(`${file}: ${result.reason}`);
  process.exit(1);
}
console.log(`wrote ${path.relative(root, result.fixture)}, its row in test/fixtures/sites/README.md, and ${path.relative(root, result.test)}`);
console.log(`run: npx vitest run ${path.relative(root, result.test)}`);
