// @vitest-environment happy-dom
/**
 * Which tokenizer counted an answer, as the popup and the page label say it: the tokenizer's name
 * when it is the model's own, "approximate (…)" otherwise, in the UI language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { LastAnswer } from '../../../src/popup/components/LastAnswer';
import { footprintOf } from '../../../src/counting/footprint';
import { useCatalog } from '../../support/messages';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { ledgerEntry } from '../support/popup-fixtures';

const deepseek = {
  ...ledgerEntry({ site: 'deepseek', modelKey: 'delta-v3', promptTokens: 12, historyTokens: 0, answerTokens: 40 }),
  tokenizer: 'deepseek-v3' as const,
};
const claude = ledgerEntry({ site: 'claude', modelKey: 'beta-sonnet-5', promptTokens: 12, historyTokens: 0, answerTokens: 40 });

function shown(entry: LedgerEntry): string {
  const root = document.createElement('div');
  render(<LastAnswer entry={entry} locale="en" />, root);
  return root.querySelector('[data-testid="last-tokenizer"]')?.textContent ?? '(no line)';
}

afterEach(() => useCatalog('en'));

describe('the tokenizer an answer was counted with', () => {
  it('the popup names the model’s own tokenizer, and says "approximate (o200k)" for Claude', () => {
    useCatalog('en');
    expect(shown(deepseek)).toBe('DeepSeek V3');
    expect(shown(claude)).toBe('approximate (o200k)');
    // A turn recorded before turns kept their tokenizer, on a DeepSeek model: its o200k count is approximate.
    expect(shown({ ...deepseek, tokenizer: 'o200k' })).toBe('approximate (o200k)');
    // o200k on an OpenAI model is the stated default: no line for it.
    expect(shown({ ...ledgerEntry({ site: 'chatgpt', modelKey: 'alpha-4o', promptTokens: 12, historyTokens: 0, answerTokens: 40 }), tokenizer: 'o200k' })).toBe(
      '(no line)',
    );
  });

  it('the page label’s token details say it only when the count is approximate, in the UI language', () => {
    useCatalog('en');
    expect(footprintOf(claude, undefined, 'en').texts.details).toContain('approximate (o200k)');
    expect(footprintOf(deepseek, undefined, 'en').texts.details).not.toContain('approximate');
    useCatalog('ja');
    expect(footprintOf(claude, undefined, 'ja').texts.details).toContain('概算（o200k）');
    useCatalog('de');
    expect(footprintOf(claude, undefined, 'de').texts.details).toContain('Näherung (o200k)');
  });
});
