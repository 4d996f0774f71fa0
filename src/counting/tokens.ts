/**
 * Token counters, one per tokenizer. Only the worker imports this: no tokenizer goes into a page.
 *
 * Every vocabulary, o200k included, runs on kitoken (WebAssembly) from kitoken's own binary
 * definition, a file of the extension (`tokenizers/<id>.kit`, converted at build time by
 * scripts/build/vocabularies.ts). A worker that starts holds no vocabulary: the first turn of a
 * family reads its file, and keeps the counter for the worker's lifetime. A compact definition loads
 * in tens of milliseconds, so a worker the browser stopped and started again counts its next turn
 * without the seconds a tokenizer.json takes to parse and build; and a user whose sites never need a
 * vocabulary never reads it.
 */
import initEngine, { Kitoken } from 'kitoken/web';
import { browser } from 'wxt/browser';
import { TOKENIZER_ENGINE_FILE, vocabularyFile, type TokenizerId } from '../domain/tokenizers';

export type Count = (text: string) => number;

/** Where the engine and the definitions come from: the extension's files, or (tests, bench) the build's output in Node. */
export interface VocabularySource {
  /** kitoken's WebAssembly module (bytes or compiled). */
  engine(): Promise<BufferSource | WebAssembly.Module>;
  /** The tokenizer's kitoken definition. */
  definition(id: TokenizerId): Promise<Uint8Array>;
}

/**
 * Whether special tokens written in a text count as one token each. The tokenizer.json vocabularies
 * do: Hugging Face's tokenizers match their added tokens in any text. tiktoken's and mistral-common's
 * encoders, like the chat apps, read a user's text as text.
 */
const SPECIALS_IN_TEXT: Record<TokenizerId, boolean> = { o200k: false, 'deepseek-v3': true, gemma3: true, llama3: true, tekken: false };

const fromExtension: VocabularySource = {
  engine: () => read(TOKENIZER_ENGINE_FILE).then((r) => r.arrayBuffer()),
  definition: (id) => read(vocabularyFile(id)).then(async (r) => new Uint8Array(await r.arrayBuffer())),
};

async function read(file: string): Promise<Response> {
  const response = await fetch(browser.runtime.getURL(`/${file}` as '/'));
  if (!response.ok) throw new Error(`tokenizer: ${response.status} reading ${file}`);
  return response;
}

let source: VocabularySource = fromExtension;
let engine: Promise<unknown> | null = null;
const loaded = new Map<TokenizerId, Promise<Count>>();
const ready = new Map<TokenizerId, Count>();

/** A counter on a kitoken definition; kitoken's engine must be started (startEngine). */
export function counterOf(id: TokenizerId, definition: Uint8Array): Count {
  const tokenizer = new Kitoken(definition);
  const specials = SPECIALS_IN_TEXT[id];
  return (text) => (text === '' ? 0 : tokenizer.encode(text, specials).length);
}

/** Starts kitoken's engine once (a failed start is forgotten, so the next turn tries again). */
function startEngine(): Promise<unknown> {
  if (!engine) {
    engine = source.engine().then((module) => initEngine({ module_or_path: module }));
    engine.catch(() => (engine = null));
  }
  return engine;
}

/** The counter of a tokenizer, loading its vocabulary once. A failed load is forgotten, so the next turn tries again. */
export function counterFor(id: TokenizerId): Promise<Count> {
  let counter = loaded.get(id);
  if (!counter) {
    counter = Promise.all([startEngine(), source.definition(id)]).then(([, definition]) => {
      const count = counterOf(id, definition);
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

/**
 * Where vocabularies come from: the extension's files, or (tests, bench) Node's. kitoken's engine,
 * once started, stays: it is one build whichever source it came from.
 */
export function setVocabularySource(next: VocabularySource | null): void {
  source = next ?? fromExtension;
  loaded.clear();
  ready.clear();
}
