import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerEntry, PopupState } from '../../../src/domain';
import { comparedWithUsual, usualComparisonTexts } from '../../../src/popup/usual-answer';
import { addDays, localDay } from '../../../src/storage/days';
import { useCatalog } from '../../support/messages';
import { ledgerEntry, totalsOf } from '../support/popup-fixtures';

const NOW = Date.UTC(2026, 10, 25, 12, 0);
const TODAY = localDay(NOW);
const WINDOW = Array.from({ length: 30 }, (_, i) => addDays(TODAY, i - 29));

/** The popup state's parts the comparison reads, with the totals the ledger would keep for these entries. */
function stateOf(
  entries: LedgerEntry[],
  last: LedgerEntry,
  lastImages: LedgerEntry | null = null,
): Pick<PopupState, 'lastTurn' | 'lastImages' | 'totals' | 'daily'> {
  const inWindow = [...entries, ...(lastImages ? [lastImages] : [])].filter((e) => WINDOW.includes(localDay(e.time)));
  const last30 = totalsOf(inWindow);
  // An images record adds energy, not an answer (src/ledger/totals.ts).
  if (lastImages && inWindow.includes(lastImages)) last30.turns -= 1;
  return {
    lastTurn: last,
    lastImages,
    totals: { today: last30, last7: last30, last30, allTime: last30 },
    daily: WINDOW.map((day) => ({ day, energyKwh: 0, carbonG: 0, waterL: 0, turns: 0 })),
  };
}

const answer = (i: number, answerTokens: number, time = NOW - (i + 1) * 3_600_000) =>
  ledgerEntry({ turnId: `t${i}`, promptTokens: 100, historyTokens: 0, answerTokens, time });

describe('comparedWithUsual', () => {
  it('divides the latest answer by the mean of the other answers of the last 30 days', () => {
    const earlier = [answer(1, 400), answer(2, 400), answer(3, 400), answer(4, 400), answer(5, 400)];
    const last = answer(0, 1600, NOW);
    const c = comparedWithUsual(stateOf([...earlier, last], last))!;
    const mean = earlier.reduce((s, e) => s + e.energyKwh, 0) / earlier.length;
    expect(c.earlierAnswers).toBe(5);
    expect(c.ratio).toBeCloseTo(last.energyKwh / mean, 10);
    expect(c.ratio).toBeGreaterThan(2);
  });

  it('says nothing with fewer than five earlier answers, or none at all', () => {
    // docs/methodology.md: with fewer than 5 other answers in those days there is no usual answer.
    const earlier = Array.from({ length: 4 }, (_, i) => answer(i + 1, 400));
    const last = answer(0, 400, NOW);
    expect(comparedWithUsual(stateOf([...earlier, last], last))).toBeNull();
    expect(comparedWithUsual({ ...stateOf(earlier, last), lastTurn: null })).toBeNull();
  });

  it('counts the images an answer generated with it, on both sides of the comparison', () => {
    const earlier = Array.from({ length: 6 }, (_, i) => answer(i + 1, 400));
    const last = answer(0, 400, NOW);
    const images = { ...last, turnId: `${last.turnId}:images`, energyKwh: last.energyKwh * 3 };
    const c = comparedWithUsual(stateOf([...earlier, last], last, images))!;
    expect(c.earlierAnswers).toBe(6);
    expect(c.ratio).toBeCloseTo(4, 10);
  });

  it('leaves the latest answer out of the totals only when it is from the last 30 days', () => {
    const earlier = Array.from({ length: 5 }, (_, i) => answer(i + 1, 400));
    const old = answer(0, 800, NOW - 40 * 86_400_000);
    const c = comparedWithUsual(stateOf(earlier, old))!;
    expect(c.earlierAnswers).toBe(5);
    expect(c.ratio).toBeGreaterThan(1);
  });
});

describe('usualComparisonTexts', () => {
  afterEach(() => useCatalog('en'));

  it('gives the ratio two significant figures with "≈", short and in full, in the UI language', () => {
    useCatalog('en');
    expect(usualComparisonTexts({ ratio: 2.137, earlierAnswers: 1234 }, 'en')).toEqual({
      short: '≈\u00a02.1× usual',
      full: '≈\u00a02.1× the energy of your average answer in the last 30 days (1,234 answers)',
    });
    useCatalog('de');
    expect(usualComparisonTexts({ ratio: 0.456, earlierAnswers: 12 }, 'de')).toEqual({
      short: '≈\u00a00,46× üblich',
      full: '≈\u00a00,46-mal so viel Energie wie Ihre durchschnittliche Antwort der letzten 30 Tage (12 Antworten)',
    });
  });

  it('never shows more than one zero after the decimal point: "<0.1" below a tenth', () => {
    useCatalog('en');
    expect(usualComparisonTexts({ ratio: 0.04, earlierAnswers: 9 }, 'en').short).toBe('<0.1× usual');
    expect(usualComparisonTexts({ ratio: 13.6, earlierAnswers: 9 }, 'en').full).toMatch(/^≈\u00a014× the energy/);
  });
});
