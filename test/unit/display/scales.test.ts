/**
 * Every rule of the human-scale numbers, with examples in English, German and
 * Japanese (the rules are the same; only separators change). Spaces are
 * no-break spaces in the output; `plain` turns them into ordinary ones.
 */
import { describe, expect, it } from 'vitest';
import {
  CARBON,
  DISTANCE,
  DURATION,
  ENERGY,
  WATER,
  carbonQuantity,
  dropsOf,
  energyQuantity,
  formatCount,
  formatDay,
  formatEstimate,
  formatFactor,
  formatUnitlessEstimate,
  formatShare,
  quantityText,
  sharedUnit,
  waterQuantity,
} from '../../../src/display';

const plain = (s: string) => s.replace(/\s/g, ' ');
const energy = (kwh: number, locale = 'en') => plain(quantityText(energyQuantity(kwh, locale)));
const carbon = (g: number, locale = 'en') => plain(quantityText(carbonQuantity(g, locale)));
const water = (l: number, locale = 'en') => plain(quantityText(waterQuantity(l, locale)));

describe('step down a unit instead of printing leading zeros', () => {
  it('shows mWh below 1 Wh', () => {
    expect(energy(0.00012)).toBe('≈ 120 mWh');
    expect(energy(0.0000034)).toBe('≈ 3.4 mWh');
    expect(energy(0.00012, 'de')).toBe('≈ 120 mWh');
    expect(energy(0.0000034, 'de')).toBe('≈ 3,4 mWh');
    expect(energy(0.0000034, 'ja')).toBe('≈ 3.4 mWh');
  });
  it('shows mg CO₂e below 1 g', () => {
    expect(carbon(0.0194)).toBe('≈ 19 mg CO₂e');
    expect(carbon(0.45, 'de')).toBe('≈ 450 mg CO₂e');
    expect(carbon(0.0012, 'ja')).toBe('≈ 1.2 mg CO₂e');
  });
  it('shows µL below 1 mL (and drops beside a single small amount)', () => {
    expect(water(0.00026)).toBe('≈ 260 µL');
    expect(water(0.0000042, 'de')).toBe('≈ 4,2 µL');
    expect(dropsOf(0.00026)).toBe(5); // 0.26 mL at 20 drops per mL: "about five drops"
    expect(dropsOf(0.0012)).toBeNull(); // 1.2 mL: from 1 mL on, millilitres say it
    expect(dropsOf(0.00001)).toBeNull(); // 0.01 mL is under half a drop
  });
  it('goes down as far as the scale goes, then says "<0.1" instead of more zeros', () => {
    expect(energy(0.00000004)).toBe('<0.1 mWh');
    expect(carbon(0.00002, 'de')).toBe('<0,1 mg CO₂e');
    expect(water(0.00000000001, 'ja')).toBe('<0.1 µL');
  });
});

describe('two significant figures with "≈" for estimates', () => {
  it('rounds to two significant figures in the locale', () => {
    expect(energy(0.0012345)).toBe('≈ 1.2 Wh');
    expect(energy(0.0012345, 'de')).toBe('≈ 1,2 Wh');
    expect(energy(0.0012345, 'ja')).toBe('≈ 1.2 Wh');
    expect(carbon(456.7)).toBe('≈ 460 g CO₂e');
    expect(carbon(1234, 'de')).toBe('≈ 1.200 g CO₂e');
    expect(water(0.0456, 'ja')).toBe('≈ 46 mL');
  });
  it('shows zero as a plain 0 in the home unit, without "≈"', () => {
    expect(energy(0)).toBe('0 Wh');
    expect(carbon(0, 'de')).toBe('0 g CO₂e');
    expect(water(0, 'ja')).toBe('0 mL');
  });
  it('applies the same rules to an estimate without a unit (a ratio, estimated tokens)', () => {
    const unitless = (v: number, locale = 'en') => plain(quantityText(formatUnitlessEstimate(v, locale)));
    expect(unitless(2.137)).toBe('≈ 2.1');
    expect(unitless(0.456, 'de')).toBe('≈ 0,46');
    expect(unitless(1234)).toBe('≈ 1,200');
    expect(unitless(0.04)).toBe('<0.1');
    expect(unitless(0)).toBe('0');
  });
});

describe('token counts stay exact integers', () => {
  it('groups digits by the locale and never rounds', () => {
    expect(formatCount(1_234_567, 'en')).toBe('1,234,567');
    expect(formatCount(1_234_567, 'de')).toBe('1.234.567');
    expect(formatCount(1_234_567, 'ja')).toBe('1,234,567');
    expect(formatCount(58_023, 'en')).toBe('58,023');
    expect(formatCount(7, 'de')).toBe('7');
  });
});

describe('no number with more than one zero after the decimal point', () => {
  const zerosAfterPoint = (number: string, locale: string) => {
    const point = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')!.value;
    return (number.split(point)[1] ?? '').split('').filter((c) => c === '0').length;
  };
  it('holds across eighteen decades of every scale', () => {
    for (const locale of ['en', 'de', 'ja']) {
      for (let e = -12; e <= 6; e++) {
        for (const m of [1, 1.05, 3.3, 9.96]) {
          const v = m * 10 ** e;
          for (const text of [energy(v, locale), carbon(v, locale), water(v, locale)]) {
            const number = text.replace(/^[≈<]\s?/, '').split(' ')[0]!;
            expect(zerosAfterPoint(number, locale), text).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });
  it('writes factors in a unit that needs no leading zeros: 0.3 Wh per web search, not 0.0003 kWh', () => {
    expect(plain(quantityText(formatFactor(ENERGY, 0.0003 * 1000, 'en')))).toBe('0.3 Wh');
    expect(plain(quantityText(formatFactor(ENERGY, 0.0003 * 1000, 'de')))).toBe('0,3 Wh');
    expect(plain(quantityText(formatFactor(ENERGY, 0.012 * 1000, 'ja')))).toBe('12 Wh');
    expect(plain(quantityText(formatFactor(WATER, 0.5 * 1000, 'en')))).toBe('500 mL');
    expect(plain(quantityText(formatFactor(CARBON, 170, 'de')))).toBe('170 g CO₂e');
  });
});

describe('switch up a unit at 10x, not at 1x', () => {
  it('keeps Wh up to 9,900 Wh and shows kWh from 10 kWh', () => {
    expect(energy(0.999)).toBe('≈ 1,000 Wh');
    expect(energy(1.5)).toBe('≈ 1,500 Wh');
    expect(energy(9.9, 'de')).toBe('≈ 9.900 Wh');
    expect(energy(10)).toBe('≈ 10 kWh');
    expect(energy(12.3, 'ja')).toBe('≈ 12 kWh');
    expect(energy(25_000)).toBe('≈ 25 MWh');
  });
  it('picks the unit on the rounded value, so 9,960 g is 10 kg, never "10,000 g"', () => {
    expect(carbon(9_960)).toBe('≈ 10 kg CO₂e');
    expect(carbon(9_940, 'de')).toBe('≈ 9.900 g CO₂e');
    expect(carbon(3_400_000, 'ja')).toBe('≈ 3,400 kg CO₂e');
    expect(carbon(34_000_000)).toBe('≈ 34 t CO₂e');
  });
  it('applies the same rule to litres, kilometres, minutes and hours', () => {
    expect(water(4.2)).toBe('≈ 4,200 mL');
    expect(water(12)).toBe('≈ 12 L');
    const d = (m: number, l = 'en') => plain(quantityText(formatEstimate(DISTANCE, m, l)));
    expect(d(0.67)).toBe('≈ 67 cm');
    expect(d(6_700, 'de')).toBe('≈ 6.700 m');
    expect(d(12_000)).toBe('≈ 12 km');
    const s = (sec: number, l = 'en') => plain(quantityText(formatEstimate(DURATION, sec, l)));
    expect(s(0.96, 'de')).toBe('≈ 0,96 s');
    expect(s(540)).toBe('≈ 540 s');
    expect(s(600)).toBe('≈ 10 min');
    expect(s(35_000, 'ja')).toBe('≈ 580 min');
    expect(s(36_000)).toBe('≈ 10 h');
  });
  it('is one function of the value: the same value always gets the same unit', () => {
    // sharedUnit() of one value is that value's unit; values of two significant figures are taken as they are.
    const unitFor = (v: number) => sharedUnit(ENERGY, [v]);
    for (const v of [0.9, 1, 9.9, 10, 990, 1000, 9900, 10_000]) expect(unitFor(v)).toBe(unitFor(v));
    expect(unitFor(9_900).symbol).toBe('Wh');
    expect(unitFor(10_000).symbol).toBe('kWh');
    expect(unitFor(0.99).symbol).toBe('mWh');
    expect(unitFor(1).symbol).toBe('Wh');
  });
});

describe('rows compared side by side share one unit', () => {
  it('uses the unit of the largest value for every row', () => {
    const rowsWh = [25_000, 1_200, 0.35];
    const unit = sharedUnit(ENERGY, rowsWh);
    expect(unit.symbol).toBe('kWh');
    expect(rowsWh.map((v) => plain(quantityText(formatEstimate(ENERGY, v, 'en', unit))))).toEqual(['≈ 25 kWh', '≈ 1.2 kWh', '<0.1 kWh']);
    expect(rowsWh.map((v) => plain(quantityText(formatEstimate(ENERGY, v, 'de', unit))))).toEqual(['≈ 25 kWh', '≈ 1,2 kWh', '<0,1 kWh']);
  });
  it('keeps small rows readable when the largest is small', () => {
    const rows = [0.0042, 0.0009, 0];
    const unit = sharedUnit(
      ENERGY,
      rows.map((k) => k * 1000),
    );
    expect(unit.symbol).toBe('Wh');
    expect(rows.map((k) => plain(quantityText(energyQuantity(k, 'ja', unit))))).toEqual(['≈ 4.2 Wh', '≈ 0.9 Wh', '0 Wh']);
  });
});

describe('locale-aware percentages and dates', () => {
  it('formats shares and days in the UI locale', () => {
    expect(plain(formatShare(0.456, 'en'))).toBe('46%');
    expect(plain(formatShare(0.456, 'de'))).toBe('46 %');
    expect(plain(formatShare(0.004, 'ja'))).toBe('<1%');
    expect(formatShare(0, 'en')).toBe('0%');
    expect(formatDay('2026-11-03', 'en')).toBe('Nov 3');
    expect(formatDay('2026-11-03', 'de')).toBe('3. Nov.');
    expect(formatDay('2026-11-03', 'ja')).toBe('11月3日');
    expect(formatDay('not-a-day', 'en')).toBe('not-a-day');
  });
  it('never throws on a locale tag Intl does not accept', () => {
    expect(plain(quantityText(energyQuantity(0.0012, 'not a locale!')))).toBe('≈ 1.2 Wh');
  });
});
