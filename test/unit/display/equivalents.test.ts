/**
 * Equivalents as everyday scales: each in its own unit, the three most telling
 * first, counts only from 1. Factors come from data/equivalents.json.
 */
import { describe, expect, it } from 'vitest';
import { EQUIVALENTS, type EquivalentRow } from '../../../src/core/tables';
import { equivalentsFor, quantityText, type FootprintAmounts } from '../../../src/display';

const plain = (s: string) => s.replace(/\s/g, ' ');
const row = (field: string) => EQUIVALENTS.find((e) => e.field === field)!;
/** One row's equivalent, as equivalentsFor() shows it from a table of that row alone (null: it says nothing). */
const showEquivalent = (r: EquivalentRow, a: FootprintAmounts, locale: string) => {
  const view = equivalentsFor(a, locale, [r]);
  return [...view.top, ...view.more][0] ?? null;
};
const shown = (field: string, a: FootprintAmounts, locale = 'en') => {
  const e = showEquivalent(row(field), a, locale);
  return e && { form: e.form, text: plain(quantityText(e.quantity)), factor: plain(quantityText(e.factor)) };
};
// One short answer: 2.4 Wh, 1.14 g CO2e, 4.3 mL.
const ANSWER = { energyKwh: 0.0024, carbonG: 1.14, waterL: 0.0043 };
// A heavy month: 2.4 kWh, 1.14 kg CO2e, 4.3 L.
const MONTH = { energyKwh: 2.4, carbonG: 1140, waterL: 4.3 };
const TINY = { energyKwh: 0.0000024, carbonG: 0.00114, waterL: 0.0000043 };

describe('each equivalent scales its own unit', () => {
  it('distance driven: cm below 1 m, m, km from 10 km', () => {
    expect(shown('km_driven', TINY)!.text).toBe('≈ 0.67 cm');
    expect(shown('km_driven', ANSWER)!.text).toBe('≈ 6.7 m');
    expect(shown('km_driven', MONTH, 'de')!.text).toBe('≈ 6.700 m');
    expect(shown('km_driven', { ...MONTH, carbonG: 11_400 })!.text).toBe('≈ 67 km');
  });
  it('LED and video time: s, min from 10 min, h from 10 h', () => {
    expect(shown('led_hours', TINY)!.text).toBe('≈ 0.96 s');
    expect(shown('led_hours', ANSWER, 'ja')!.text).toBe('≈ 16 min');
    expect(shown('netflix_hours_sd', ANSWER, 'de')!.text).toBe('≈ 110 s');
    expect(shown('led_hours', MONTH)!.text).toBe('≈ 270 h');
  });
  it('phone charges: % of one charge below one, a count from one', () => {
    expect(shown('smartphones_charged', ANSWER)).toMatchObject({ form: 'share', text: '≈ 20%' });
    expect(shown('smartphones_charged', ANSWER, 'de')).toMatchObject({ form: 'share', text: '≈ 20 %' });
    expect(shown('smartphones_charged', TINY, 'ja')).toMatchObject({ form: 'share', text: '<0.1%' });
    expect(shown('smartphones_charged', MONTH)).toMatchObject({ form: 'count', text: '≈ 200' });
  });
  it('searches, bottles and emails: counts, only from 1', () => {
    expect(shown('google_searches', ANSWER)).toMatchObject({ form: 'count', text: '≈ 8' });
    expect(shown('google_searches', TINY)).toBeNull();
    expect(shown('water_bottles_500ml', ANSWER)).toBeNull(); // 4.3 mL is not a bottle
    expect(shown('water_bottles_500ml', MONTH, 'de')).toMatchObject({ form: 'count', text: '≈ 8,6' });
    expect(shown('emails_equivalent', ANSWER)).toBeNull(); // 1.14 g at 4 g per email
    expect(shown('emails_equivalent', MONTH)).toMatchObject({ form: 'count', text: '≈ 290' });
  });
  it('nothing for a period without use', () => {
    expect(equivalentsFor({ energyKwh: 0, carbonG: 0, waterL: 0 }, 'en')).toEqual({ top: [], more: [] });
  });
});

describe('the three most telling first, the rest behind "More"', () => {
  it('puts values between 1 and 999 in their unit first', () => {
    const view = equivalentsFor(ANSWER, 'en');
    expect(view.top).toHaveLength(3);
    for (const e of view.top) expect(e.inUnit >= 1 && e.inUnit < 1000, e.field).toBe(true);
    expect(view.top.map((e) => e.field)).toEqual(['km_driven', 'smartphones_charged', 'led_hours']);
    expect(view.more.map((e) => e.field).sort()).toEqual(['google_searches', 'netflix_hours_sd']);
  });
  it('moves an equivalent out of the top when its number leaves 1-999', () => {
    const view = equivalentsFor(MONTH, 'en');
    expect(view.top.map((e) => e.field)).not.toContain('km_driven'); // 6,700 m
    expect(view.more.map((e) => e.field)).toContain('km_driven');
    expect(view.more.at(-1)!.field).toBe('google_searches'); // ≈ 8,000: furthest from the range
  });
  it('still shows the scalable ones for a tiny amount, nearest to the range first', () => {
    const view = equivalentsFor(TINY, 'en');
    expect(view.top.map((e) => e.field)).toEqual(['led_hours', 'km_driven', 'netflix_hours_sd']);
  });
});

describe('each factor in a human unit, from data/equivalents.json', () => {
  it('writes every factor with at most one zero after the decimal point', () => {
    const factors = Object.fromEntries(
      EQUIVALENTS.map((r) => [
        r.field,
        showEquivalent(r, MONTH, 'en')?.factor ?? showEquivalent(r, { energyKwh: 1e3, carbonG: 1e6, waterL: 1e3 }, 'en')!.factor,
      ]),
    );
    expect(Object.fromEntries(Object.entries(factors).map(([k, q]) => [k, plain(quantityText(q))]))).toEqual({
      smartphones_charged: '12 Wh',
      km_driven: '170 g CO₂e',
      led_hours: '9 Wh',
      netflix_hours_sd: '77 Wh',
      google_searches: '0.3 Wh',
      water_bottles_500ml: '500 mL',
      emails_equivalent: '4 g CO₂e',
    });
  });
  it('follows the table, not a copy of it', () => {
    const changed = { ...row('google_searches'), per_unit: 0.0006 };
    const e = showEquivalent(changed, ANSWER, 'de')!;
    expect(plain(quantityText(e.factor))).toBe('0,6 Wh');
    expect(plain(quantityText(e.quantity))).toBe('≈ 4');
    expect(e.source).toBe('google-search-2009');
  });
});
