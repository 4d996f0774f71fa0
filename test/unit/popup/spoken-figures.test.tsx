// @vitest-environment happy-dom
/**
 * The popup's amounts as a screen reader gets them: each shown amount is an image named by its
 * words ("about 9.2 watt-hours"), its shown text unchanged; a bare count reads as it is shown.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { energyQuantity, formatUnitlessEstimate, waterQuantity } from '../../../src/display';
import { QuantityText, WordsText } from '../../../src/popup/components/QuantityText';
import { budgetView } from '../../../src/popup/period-texts';
import { wordsSpoken, wordsText } from '../../../src/popup/words';
import { t } from '../../../src/i18n/t';
import { useCatalog } from '../../support/messages';

const mount = (node: preact.ComponentChild) => {
  const root = document.createElement('div');
  render(node, root);
  return root;
};

afterEach(() => useCatalog('en'));

describe('amounts read as words in the popup', () => {
  it('names a figure by its words and keeps what it shows', () => {
    useCatalog('en');
    const el = mount(<QuantityText q={energyQuantity(0.0092, 'en')} locale="en" />).firstElementChild!;
    expect(el.getAttribute('role')).toBe('img');
    expect(el.getAttribute('aria-label')).toBe('about 9.2 watt-hours');
    expect(el.textContent!.replace(/\s/g, ' ')).toBe('≈ 9.2 Wh');
  });

  it('follows the UI language', () => {
    useCatalog('de');
    const el = mount(<QuantityText q={waterQuantity(0.0013, 'de')} locale="de" />).firstElementChild!;
    expect(el.getAttribute('aria-label')).toBe('etwa 1,3 Milliliter');
  });

  it('reads an estimate without a unit with "about", and leaves nothing to say differently alone', () => {
    useCatalog('en');
    expect(mount(<QuantityText q={formatUnitlessEstimate(2.1, 'en')} locale="en" />).firstElementChild!.getAttribute('aria-label')).toBe('about 2.1');
    const exact = mount(<QuantityText q={{ value: '3', unit: '', approx: false, amount: 3 }} locale="en" />).firstElementChild!;
    expect(exact.getAttribute('role')).toBeNull();
    expect(exact.getAttribute('aria-label')).toBeNull();
  });

  it('puts the amounts of a sentence in it as named images, the text as it is shown', () => {
    useCatalog('en');
    const view = budgetView(0.042, { weeklyKwh: 0.05, notify: false }, 'en')!;
    const root = mount(<WordsText w={view.words} locale="en" />);
    expect(root.textContent).toBe(view.text);
    expect([...root.querySelectorAll('[role="img"]')].map((e) => e.getAttribute('aria-label'))).toEqual(['about 42 watt-hours', 'about 50 watt-hours']);
    expect(view.spoken).toBe(wordsSpoken(view.words, 'en'));
    expect(view.spoken).toBe(t('budget_progress', ['about 42 watt-hours', 'about 50 watt-hours', '84%']));
    expect(wordsText(view.words)).toBe(view.text);
  });
});
