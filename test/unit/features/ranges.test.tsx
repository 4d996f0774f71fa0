// @vitest-environment happy-dom
/**
 * A range wherever a turn holds estimated parts: the record's parts give the energy's bounds, the
 * label and the popup's latest answer show them beside the central figure in every language, and
 * an answer counted exactly shows none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { footprintOf } from '../../../src/counting/footprint';
import { DEFAULT_SETTINGS } from '../../../src/domain/settings';
import type { CountedTurn } from '../../../src/domain/turns';
import { answerRanges, footprintRanges, periodRanges } from '../../../src/features/part';
import { PeriodRanges } from '../../../src/popup/components/Breakdown';
import { computeLocally, requestFor, turnUnderSettings } from '../../../src/ledger/compute';
import { LastAnswer } from '../../../src/popup/components/LastAnswer';
import { LOCALES, useCatalog } from '../../support/messages';
import { turn } from '../support/ledger';

afterEach(() => useCatalog('en'));

const RESEARCH = { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' };

function recorded(t: CountedTurn) {
  const under = turnUnderSettings(t, DEFAULT_SETTINGS);
  const r = computeLocally(under, requestFor(under, DEFAULT_SETTINGS));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const researched = recorded(turn({ promptTokens: 100, historyTokens: 0, answerTokens: 500, extras: { research: RESEARCH } }));
const exact = recorded(turn({ promptTokens: 100, historyTokens: 900, answerTokens: 500 }));

describe('the range of a turn with estimated parts', () => {
  it('is the energy with every estimate at its low and at its high end, carbon and water in step; none for an exact turn', () => {
    const r = footprintRanges(researched)!;
    // Weighted tokens: input 0.5, output 1.5. The research run is 300,000 at its central figure, 1,200,000 at its high end.
    const central = 0.5 * 300_100 + 1.5 * 500;
    expect(r.energyKwh.central).toBe(researched.energyKwh);
    expect(r.energyKwh.low).toBeCloseTo(researched.energyKwh, 15);
    expect(r.energyKwh.high / researched.energyKwh).toBeCloseTo((0.5 * 1_200_100 + 1.5 * 500) / central, 12);
    expect(r.carbonG.high / researched.carbonG).toBeCloseTo(r.energyKwh.high / researched.energyKwh, 12);
    expect(r.waterL.high / researched.waterL).toBeCloseTo(r.energyKwh.high / researched.energyKwh, 12);
    expect(footprintRanges(exact)).toBeUndefined();
    expect(answerRanges(exact)).toBeUndefined();
  });

  it.each(LOCALES)('%s: the label shows the range beside each figure of an estimated answer, none for an exact one', (lang) => {
    useCatalog(lang);
    const locale = lang.replace('_', '-');
    const label = footprintOf(researched, undefined, locale);
    expect(label.ranges?.energyKwh.high).toBeGreaterThan(researched.energyKwh);
    const plain = footprintOf(exact, undefined, locale);
    expect(plain.ranges).toBeUndefined();
    // Three figures, each with its two bounds: three more amounts than the exact label's.
    const amounts = (s: string) => s.match(/≈/g)?.length ?? 0;
    expect(amounts(label.texts.summary)).toBe(amounts(plain.texts.summary) + 6);
    expect(label.texts.summary).not.toMatch(/\$\w+\$/);
    expect(label.texts.spoken).not.toMatch(/\$\w+\$/);
    expect(label.texts.spoken.length).toBeGreaterThan(plain.texts.spoken.length);
  });

  it('the popup’s latest answer shows the bounds beside its figures, and none for an exact answer', () => {
    useCatalog('en');
    const root = document.createElement('div');
    render(<LastAnswer entry={researched} locale="en" />, root);
    const energy = root.querySelector('[data-testid="last-energy-range"]');
    expect(energy?.textContent).toMatch(/^ \(≈\s[\d.,]+\s\w+–≈\s[\d.,]+\s\w+\)$/);
    expect(energy?.getAttribute('aria-label')).toMatch(/between .+ and .+/);
    expect(root.querySelector('[data-testid="last-water-range"]')).not.toBeNull();
    const plain = document.createElement('div');
    render(<LastAnswer entry={exact} locale="en" />, plain);
    expect(plain.querySelector('[data-testid="last-energy-range"]')).toBeNull();
  });
});

describe('the range of a period', () => {
  it('adds up its answers: the estimated ones with their bounds, the exact ones as they are', () => {
    const week = periodRanges([exact, researched])!;
    const own = footprintRanges(researched)!;
    expect(week.energyKwh.central).toBeCloseTo(exact.energyKwh + researched.energyKwh, 15);
    expect(week.energyKwh.low).toBeCloseTo(exact.energyKwh + own.energyKwh.low, 15);
    expect(week.energyKwh.high).toBeCloseTo(exact.energyKwh + own.energyKwh.high, 15);
    expect(week.waterL.high).toBeCloseTo(exact.waterL + own.waterL.high, 15);
    expect(periodRanges([exact, exact])).toBeUndefined();
  });

  it.each(LOCALES)('%s: the popup says it for the period, and nothing for a period counted exactly', (lang) => {
    useCatalog(lang);
    const locale = lang.replace('_', '-');
    const root = document.createElement('div');
    render(<PeriodRanges label="Today" ranges={periodRanges([exact, researched])} locale={locale} />, root);
    const text = root.querySelector('[data-testid="period-range"]')?.textContent ?? '';
    expect(text).toContain('Today');
    expect(text.match(/≈/g)).toHaveLength(9);
    expect(text).not.toMatch(/\$\w+\$/);
    const none = document.createElement('div');
    render(<PeriodRanges label="Today" ranges={periodRanges([exact])} locale={locale} />, none);
    expect(none.textContent).toBe('');
  });
});
