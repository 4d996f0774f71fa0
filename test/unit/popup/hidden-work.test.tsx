// @vitest-environment happy-dom
/** The popup's estimated work out of sight: the latest answer's parts, the period's counted and estimated energy, the health note. */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { LastAnswer } from '../../../src/popup/components/LastAnswer';
import { EstimatedWork } from '../../../src/popup/components/Breakdown';
import { healthRows } from '../../../src/popup/view';
import { LOCALES, useCatalog } from '../../support/messages';
import { ledgerEntry } from '../support/popup-fixtures';

afterEach(() => useCatalog('en'));

const searched = {
  ...ledgerEntry({ site: 'chatgpt', modelKey: 'alpha-4o', promptTokens: 12, historyTokens: 100, answerTokens: 40 }),
  inputTokens: 12 + 100 + 24_000,
  extras: { search: { searches: 3, tokens: 24_000, historyTokens: 0, rule: 'search-openai-fixed-block' } },
};

function mount(node: preact.ComponentChild): HTMLElement {
  const root = document.createElement('div');
  render(node, root);
  return root;
}

describe('the popup’s estimated work', () => {
  it('the latest answer says it apart, and does not count it as history', () => {
    useCatalog('en');
    const root = mount(<LastAnswer entry={searched} locale="en" />);
    expect(root.querySelector('[data-testid="last-estimated"]')?.textContent).toBe('search ≈ 24,000 tokens (est., 3 searches)');
    // 100 of 24,112 input tokens were history: under 1 %.
    expect(root.querySelector('[data-testid="last-history-share"]')?.textContent).toMatch(/history: (0|<\s?1)\s?%/);
    const plain = mount(
      <LastAnswer entry={ledgerEntry({ site: 'chatgpt', modelKey: 'alpha-4o', promptTokens: 12, historyTokens: 0, answerTokens: 40 })} locale="en" />,
    );
    expect(plain.querySelector('[data-testid="last-estimated"]')).toBeNull();
  });

  it.each(LOCALES)('%s: the period says estimated next to counted', (lang) => {
    useCatalog(lang);
    const root = mount(<EstimatedWork label="Last 7 days" work={{ countedKwh: 0.002, estimatedKwh: 0.5 }} locale={lang.replace('_', '-')} />);
    const text = root.querySelector('[data-testid="period-estimated"]')?.textContent ?? '';
    expect(text).toContain('Last 7 days');
    expect(text).toMatch(/2(\.0)?\sWh/);
    expect(text).toMatch(/500\sWh|0[.,]5\skWh/);
    expect(text).not.toMatch(/\$\w+\$/);
    expect(mount(<EstimatedWork label="Today" work={{ countedKwh: 0.002, estimatedKwh: 0 }} locale="en" />).textContent).toBe('');
  });

  it('health says what was not counted, and why', () => {
    useCatalog('en');
    const [row] = healthRows([
      {
        site: 'claude',
        status: 'ok',
        reason: null,
        at: 1,
        uncountedWork: { voice: { code: 'no-rule', at: 1 }, search: { code: 'unreadable', at: 1 } },
      },
    ]).filter((r) => r.site === 'claude');
    const text = row!.text;
    expect(text).toContain(
      'Not counted: voice audio without a published rule for this site (voice: the transcript is counted); web searches shown in a form the page reader cannot read.',
    );
    // A voice chat whose length the page reader cannot read: its transcript is counted, and said.
    const [voice] = healthRows([{ site: 'chatgpt', status: 'ok', reason: null, at: 1, uncountedWork: { voice: { code: 'unreadable', at: 1 } } }]).filter(
      (r) => r.site === 'chatgpt',
    );
    expect(voice!.text).toContain('Not counted: voice audio shown in a form the page reader cannot read (voice: the transcript is counted).');
  });
});
