/**
 * The page label's split of the input into text and attached files ("input: 42 text + 9,180
 * attachments (2 files)"), the estimated part said apart, in all seven languages; the prompt's own
 * files are not counted as history.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { footprintOf } from '../../../../src/counting/footprint';
import type { LedgerEntry } from '../../../../src/domain/ledger';
import type { TurnExtras } from '../../../../src/domain/turns';
import { pricedEntry } from '../../support/priced-entry';
import { LOCALES, catalog, useCatalog } from '../../../support/messages';

function entry(promptTokens: number, historyTokens: number, attachments: NonNullable<TurnExtras['attachments']>): LedgerEntry {
  const inputTokens = promptTokens + historyTokens + attachments.tokens + attachments.historyTokens;
  return pricedEntry({ promptTokens, historyTokens, answerTokens: 300, inputTokens, extras: { attachments } });
}

const TWO_FILES = entry(42, 0, { files: 2, tokens: 9180, estimatedTokens: 0, historyTokens: 0, estimatedHistoryTokens: 0 });
const ESTIMATED = entry(42, 0, { files: 1, tokens: 2296, estimatedTokens: 2296, historyTokens: 0, estimatedHistoryTokens: 0 });
const LATER = entry(10, 500, { files: 0, tokens: 0, estimatedTokens: 0, historyTokens: 765, estimatedHistoryTokens: 0 });

afterEach(() => useCatalog('en'));

describe('the label’s attachment split', () => {
  it('says the text and the files apart, exact counts without an estimate', () => {
    useCatalog('en');
    const f = footprintOf(TWO_FILES, undefined, 'en');
    expect(f.attachments).toEqual({ textTokens: 42, attachmentTokens: 9180, earlierTokens: 0, estimatedTokens: 0, files: 2 });
    expect(f.texts.details).toContain('input: 42 text + 9,180 attachments (2 files)');
    expect(f.texts.details).not.toContain('estimated');
    expect(f.texts.spoken).toContain('9,180 attachments');
  });

  it('says how much is estimated where any is, and one file in the singular', () => {
    useCatalog('en');
    const f = footprintOf(ESTIMATED, undefined, 'en');
    expect(f.texts.details).toContain('input: 42 text + 2,296 attachments (1 file)');
    expect(f.texts.details).toContain('≈ 2,296 attachment tokens estimated');
  });

  it('a later turn of the chat says its files were re-read', () => {
    useCatalog('en');
    const f = footprintOf(LATER, undefined, 'en');
    expect(f.texts.details).toContain('input: 510 text + 765 attachments (earlier files re-read)');
  });

  it('does not count the prompt’s own files as history', () => {
    useCatalog('en');
    const f = footprintOf(TWO_FILES, undefined, 'en');
    expect(f.historyShare).toBeUndefined();
    expect(f.newChat).toBeUndefined();
  });

  it('a turn without files says nothing of them', () => {
    useCatalog('en');
    const plain = { ...TWO_FILES, extras: undefined, inputTokens: 42 };
    const f = footprintOf(plain, undefined, 'en');
    expect(f.attachments).toBeUndefined();
    expect(f.texts.details).not.toContain('attachments');
  });

  it.each(LOCALES)('is said in %s with the numbers in place', (locale) => {
    useCatalog(locale);
    const f = footprintOf(ESTIMATED, undefined, locale);
    const message = catalog(locale)['label_inputFiles_one']!.message;
    expect(message).toContain('$TEXT$');
    expect(f.texts.details).toMatch(/2[\s,.  ]?296/);
    expect(f.texts.details).not.toContain('$');
    expect(f.texts.details).not.toMatch(/label_/);
  });
});
