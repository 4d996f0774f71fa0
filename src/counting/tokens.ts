/** o200k token counts. Only the worker imports this: the tokenizer never goes into a page. */
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

export const countTokens = (text: string): number => (text === '' ? 0 : countO200k(text));
