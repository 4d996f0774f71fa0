/** A turn whose input did not all fit its context window: the label and the popup say the window and what was left out, in all seven languages. */
import { afterEach, describe, expect, it } from 'vitest';
import { footprintOf } from '../../../src/counting/footprint';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { formatCount } from '../../../src/display/numbers';
import { pricedEntry } from '../support/priced-entry';
import { LOCALES, catalog, useCatalog } from '../../support/messages';

const CUT: LedgerEntry = {
  ...pricedEntry({ promptTokens: 40, historyTokens: 15_960, answerTokens: 300 }),
  context: { windowTokens: 16_000, plan: 'free', codes: ['history-truncated'] },
};
const FIT = pricedEntry({ promptTokens: 40, historyTokens: 900, answerTokens: 300 });

afterEach(() => useCatalog('en'));

describe('the label’s context window', () => {
  it('names the window and what was left out, and nothing for a turn that fit', () => {
    useCatalog('en');
    const cut = footprintOf(CUT, undefined, 'en');
    expect(cut.context).toEqual({ windowTokens: 16_000, codes: ['history-truncated'] });
    expect(cut.texts.details).toContain('window of 16,000 tokens: oldest history left out');
    const fit = footprintOf(FIT, undefined, 'en');
    expect(fit).not.toHaveProperty('context');
    expect(fit.texts.details).not.toContain('window of');
  });

  it.each(LOCALES)('says it in %s, the window formatted', (locale) => {
    useCatalog(locale);
    const details = footprintOf(CUT, undefined, locale).texts.details;
    const message = catalog(locale).context_historyTruncated!.message;
    expect(details).toContain(message.slice(message.indexOf('$WINDOW$') + '$WINDOW$'.length));
    expect(details).toContain(formatCount(16_000, locale));
  });
});
