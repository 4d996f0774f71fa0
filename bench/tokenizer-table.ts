/**
 * `npx tsx bench/tokenizer-table.ts`: prints the methodology's tokenizer table, measured: for each
 * shipped vocabulary, the tokens of the short samples (scripts/support/tokenizer-samples.ts) with
 * it and with o200k, and o200k's count as a share of it. The counters are the worker's (kitoken, on
 * the definitions the extension ships).
 */
import { TOKENIZER_IDS, TOKENIZER_NAMES, VOCABULARY_PACKAGES } from '../src/domain/tokenizers';
import { nodeCounter, packageVersion } from '../scripts/build/vocabularies';
import { SAMPLES, type SampleName } from '../scripts/support/tokenizer-samples';

const names = Object.keys(SAMPLES) as SampleName[];
const o200k = nodeCounter('o200k');
const source = (id: (typeof TOKENIZER_IDS)[number]) => `\`${VOCABULARY_PACKAGES[id]}@${packageVersion(VOCABULARY_PACKAGES[id])}\``;

console.log(`| Tokenizer | Source | ${names.map((n) => `${n}: it / o200k`).join(' | ')} |`);
console.log(`| --- | --- | ${names.map(() => '---').join(' | ')} |`);
for (const id of TOKENIZER_IDS) {
  if (id === 'o200k') continue;
  const count = nodeCounter(id);
  const cells = names.map((n) => {
    const own = count(SAMPLES[n]);
    const theirs = o200k(SAMPLES[n]);
    return `${own} / ${theirs} (${Math.round((theirs / own) * 100)}%)`;
  });
  console.log(`| ${TOKENIZER_NAMES[id]} | ${source(id)} | ${cells.join(' | ')} |`);
}
console.log(`| o200k | ${source('o200k')} | ${names.map((n) => String(o200k(SAMPLES[n]))).join(' | ')} |`);
