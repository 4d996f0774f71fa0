/** The page label's estimated work out of sight: shown apart from the counted tokens, in all seven languages. */
import { describe, expect, it } from 'vitest';
import { footprintOf } from '../../../../src/counting/footprint';
import type { LedgerEntry } from '../../../../src/domain/ledger';
import type { TurnExtras } from '../../../../src/domain/turns';
import { pricedEntry } from '../../support/priced-entry';
import { LOCALES, useCatalog } from '../../../support/messages';

function entry(extras?: TurnExtras): LedgerEntry {
  return pricedEntry({ promptTokens: 40, historyTokens: 0, answerTokens: 640, inputTokens: 40 + (extras?.search?.tokens ?? 0), ...(extras ? { extras } : {}) });
}

const SEARCH = { searches: 3, tokens: 24_000, historyTokens: 0, rule: 'search-openai-fixed-block' };

describe('the label’s work out of sight', () => {
  it('says each part apart, estimated, after the counted tokens', () => {
    useCatalog('en');
    expect(footprintOf(entry({ search: SEARCH }), undefined, 'en').texts.details).toBe(
      '24,040 input tokens · 640 output tokens · search ≈ 24,000 tokens (est., 3 searches)',
    );
    const all = footprintOf(
      entry({
        search: { ...SEARCH, searches: 1, tokens: 8_000, historyTokens: 16_000 },
        research: { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' },
        voice: { inputTokens: 230, outputTokens: 190, rule: 'voice-openai-realtime' },
        video: { videos: 2, seconds: 16, wh: 1021.2, rule: 'video-ecologits' },
      }),
      undefined,
      'en',
    ).texts.details;
    expect(all).toContain(' · search ≈ 8,000 tokens (est., 1 search) · earlier searches ≈ 16,000 tokens (est.)');
    expect(all).toContain(' · research ≈ 300,000 tokens (est., 1 run, up to 1,200,000)');
    expect(all).toContain(' · voice audio ≈ 230 in + 190 out tokens (est.)');
    expect(all).toMatch(/ · 2 generated videos ≈\s1,000\sWh \(est\.\)$/);
  });

  it('says nothing more for an answer without such work', () => {
    useCatalog('en');
    expect(footprintOf(entry(), undefined, 'en').texts.details).toBe('40 input tokens · 640 output tokens');
    expect(footprintOf(entry(), undefined, 'en').hiddenWork).toBeUndefined();
  });

  it.each(LOCALES)('%s: says the search with its count and no placeholder left', (lang) => {
    useCatalog(lang);
    const details = footprintOf(entry({ search: SEARCH }), undefined, lang.replace('_', '-')).texts.details;
    expect(details).toMatch(/24[,.\s\u202f\u00a0]?000/);
    expect(details).toContain('3');
    expect(details).not.toMatch(/\$\w+\$/);
  });
});
