/**
 * Token counters, one per tokenizer. Only the worker imports this: no tokenizer goes into a page.
 *
 * o200k is bundled (gpt-tokenizer): the browser keeps the worker's compiled script, so a worker that
 * starts again has it in less CPU than any file it would read (`npm run bench -- footprint`); its
 * encoder is built by the first o200k count, not when the worker starts.
 * The other vocabularies run on kitoken (WebAssembly) from kitoken's own binary definition, a file
 * of the extension (`tokenizers/<id>.kit`, converted at build time by scripts/build/vocabularies.ts),
 * read by the first turn of that family and kept for the worker's lifetime: a worker the browser
 * stopped and started again loads one in a fraction of a second, not the seconds a tokenizer.json
 * takes to parse and build; and a user whose sites never need one never reads it.
 */
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import initEngine, { Kitoken } from 'kitoken/web';
import { browser } from 'wxt/browser';
import { TOKENIZER_ENGINE_FILE, vocabularyFile, type TokenizerId } from '../domain/tokenizers';

export type Count = (text: string) => number;

/** Where the engine and the definitions come from: the extension's files, or (tests, bench) the build's output in Node. */
export interface VocabularySource {
  /** kitoken's WebAssembly module: the file's response, its bytes, or compiled. */
  engine(): Promise<Response | BufferSource | WebAssembly.Module>;
  /** The tokenizer's kitoken definition. */
  definition(id: KitokenId): Promise<Uint8Array>;
}

export type KitokenId = Exclude<TokenizerId, 'o200k'>;

/**
 * o200k's encoder, built by the first count that needs it (gpt-tokenizer's own constructor, as its
 * `encoding/o200k_base` module builds it on import): a worker started for a turn of another
 * vocabulary does not build the 200,000-entry table.
 */
let o200k: GptEncoding | null = null;

/** o200k counts: what every turn was counted with before turns recorded their tokenizer. A special token's text counts as text, as in the chat. */
export const countTokens: Count = (text) =>
  text === '' ? 0 : (o200k ??= GptEncoding.getEncodingApi('o200k_base', () => o200kRanks)).countTokens(text, { disallowedSpecial: new Set() });

/**
 * Whether special tokens written in a text count as one token each. The tokenizer.json vocabularies
 * do: Hugging Face's tokenizers match their added tokens in any text. tiktoken's and mistral-common's
 * encoders, like the chat apps, read a user's text as text.
 */
const SPECIALS_IN_TEXT: Record<KitokenId, boolean> = { 'deepseek-v3': true, gemma3: true, llama3: true, tekken: false, qwen3: true };

/** The extension's own files: kitoken's engine and the definitions the build converted (scripts/build/vocabularies.ts). */
const extensionVocabularies: VocabularySource = {
  // The response itself: compiled while it is read (instantiateStreaming), and the browser may keep the compiled code.
  engine: () => read(TOKENIZER_ENGINE_FILE),
  definition: (id) => read(vocabularyFile(id)).then(async (r) => new Uint8Array(await r.arrayBuffer())),
};

async function read(file: string): Promise<Response> {
  const response = await fetch(browser.runtime.getURL(`/${file}` as '/'));
  if (!response.ok) throw new Error(`tokenizer: ${response.status} reading ${file}`);
  return response;
}

/** A counter on a kitoken definition; kitoken's engine must be started (startEngine). */
export function counterOf(id: KitokenId, definition: Uint8Array): Count {
  const tokenizer = new Kitoken(definition);
  const specials = SPECIALS_IN_TEXT[id];
  return (text) => (text === '' ? 0 : tokenizer.encode(text, specials).length);
}

/**
 * kitoken's engine is one WebAssembly instance per context (kitoken/web keeps it), so its start is
 * kept here once too, whichever source started it. A failed start is forgotten, so the next turn tries again.
 */
let engine: Promise<unknown> | null = null;
function startEngine(source: VocabularySource): Promise<unknown> {
  if (!engine) {
    engine = source.engine().then((module) => initEngine({ module_or_path: module }));
    engine.catch(() => (engine = null));
  }
  return engine;
}

/** The worker's counters, each vocabulary loaded once from `source` and kept for the worker's lifetime. */
export interface Tokenizers {
  /** The counter of a tokenizer, loading its vocabulary once. A failed load is forgotten, so the next turn tries again. */
  counterFor(id: TokenizerId): Promise<Count>;
  /** The counter if its vocabulary is loaded already (no await on the hot path). */
  loadedCounter(id: TokenizerId): Count | undefined;
}

export function createTokenizers(source: VocabularySource = extensionVocabularies): Tokenizers {
  const loaded = new Map<TokenizerId, Promise<Count>>([['o200k', Promise.resolve(countTokens)]]);
  const ready = new Map<TokenizerId, Count>([['o200k', countTokens]]);
  return {
    counterFor(id) {
      let counter = loaded.get(id);
      if (!counter) {
        const kitokenId = id as KitokenId;
        counter = Promise.all([startEngine(source), source.definition(kitokenId)]).then(([, definition]) => {
          const count = counterOf(kitokenId, definition);
          ready.set(id, count);
          return count;
        });
        counter.catch(() => loaded.delete(id));
        loaded.set(id, counter);
      }
      return counter;
    },
    loadedCounter: (id) => ready.get(id),
  };
}
