/**
 * `npx tsx scripts/tokenizer-table.ts`: prints the methodology's tokenizer table, measured: for each
 * shipped vocabulary, the tokens of the short samples (scripts/support/tokenizer-samples.ts) with
 * it and with o200k, and o200k's count as a share of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { counterOf, countTokens } from '../src/counting/tokens';
import { TOKENIZER_NAMES, VOCABULARY_PACKAGES } from '../src/domain/tokenizers';
import { packageDir, readVocabulary, SHIPPED_IDS } from './build/vocabularies';
import { SAMPLES, type SampleName } from './support/tokenizer-samples';

const version = (name: string) => (JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;
const names = Object.keys(SAMPLES) as SampleName[];

console.log(`| Tokenizer | Source | ${names.map((n) => `${n}: it / o200k`).join(' | ')} |`);
console.log(`| --- | --- | ${names.map(() => '---').join(' | ')} |`);
for (const id of SHIPPED_IDS) {
  const count = counterOf(readVocabulary(id));
  const cells = names.map((n) => {
    const own = count(SAMPLES[n]);
    const o200k = countTokens(SAMPLES[n]);
    return `${own} / ${o200k} (${Math.round((o200k / own) * 100)}%)`;
  });
  const pkg = VOCABULARY_PACKAGES[id];
  console.log(`| ${TOKENIZER_NAMES[id]} | \`${pkg}@${version(pkg)}\` | ${cells.join(' | ')} |`);
}
console.log(`| o200k | \`gpt-tokenizer@${version('gpt-tokenizer')}\` | ${names.map((n) => String(countTokens(SAMPLES[n]))).join(' | ')} |`);
