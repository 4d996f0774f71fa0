/** Amounts as screen readers read them: the number, the unit's name in the plural the locale picks, "about" for ≈. */
import { describe, expect, it } from 'vitest';
import {
  CARBON,
  DISTANCE,
  DURATION,
  ENERGY,
  WATER,
  carbonQuantity,
  energyQuantity,
  formatEstimate,
  formatFactor,
  formatUnitlessEstimate,
  waterQuantity,
} from '../../../src/display';
import { spokenQuantity } from '../../../src/i18n/quantity';
import { LOCALES, catalog, useCatalog } from '../../support/messages';

const spoken = (lang: string, q: Parameters<typeof spokenQuantity>[0], locale = lang.replace('_', '-')) => {
  useCatalog(lang);
  return spokenQuantity(q, locale).replace(/\s/g, ' ');
};

describe('spokenQuantity', () => {
  it('says an estimate with "about" and the unit’s name, singular or plural by the number', () => {
    expect(spoken('en', energyQuantity(0.0092, 'en'))).toBe('about 9.2 watt-hours');
    expect(spoken('en', energyQuantity(0.001, 'en'))).toBe('about 1 watt-hour');
    expect(spoken('en', energyQuantity(25, 'en'))).toBe('about 25 kilowatt-hours');
    expect(spoken('en', carbonQuantity(3.4, 'en'))).toBe('about 3.4 grams of CO2 equivalent');
    expect(spoken('en', waterQuantity(0.00026, 'en'))).toBe('about 260 microlitres');
    expect(spoken('en', formatEstimate(DISTANCE, 67_000, 'en'))).toBe('about 67 kilometres');
    expect(spoken('en', formatEstimate(DURATION, 90, 'en'))).toBe('about 90 seconds');
  });

  it('says "less than" for an amount shown as <0.1, and a published factor as it is', () => {
    expect(spoken('en', energyQuantity(1e-9, 'en'))).toBe('less than 0.1 milliwatt-hours');
    expect(spoken('en', formatFactor(ENERGY, 0.3, 'en'))).toBe('0.3 watt-hours');
    expect(spoken('en', formatFactor(CARBON, 1, 'en'))).toBe('1 gram of CO2 equivalent');
    expect(spoken('en', formatUnitlessEstimate(2.1, 'en'))).toBe('about 2.1');
  });

  it('follows each language’s numbers, plural rule and word order', () => {
    expect(spoken('de', energyQuantity(0.0092, 'de'))).toBe('etwa 9,2 Wattstunden');
    expect(spoken('de', energyQuantity(0.001, 'de'))).toBe('etwa 1 Wattstunde');
    // French takes the singular below 2.
    expect(spoken('fr', energyQuantity(0.0015, 'fr'))).toBe('environ 1,5 wattheure');
    expect(spoken('fr', waterQuantity(12, 'fr'))).toBe('environ 12 litres');
    expect(spoken('es', carbonQuantity(25_000, 'es'))).toBe('aproximadamente 25 kilogramos de CO2 equivalente');
    expect(spoken('pt_BR', energyQuantity(0.0092, 'pt-BR'))).toBe('cerca de 9,2 watts-hora');
    expect(spoken('ja', energyQuantity(0.0092, 'ja'))).toBe('約9.2ワット時');
    expect(spoken('ja', energyQuantity(1e-9, 'ja'))).toBe('0.1ミリワット時未満');
    expect(spoken('zh_CN', waterQuantity(0.5, 'zh-CN'))).toBe('约500毫升');
  });

  it.each(LOCALES)('names every unit of every scale in %s, with no symbol and no key left in', (lang) => {
    const en = catalog('en');
    for (const s of [ENERGY, CARBON, WATER, DISTANCE, DURATION])
      for (const u of s.units)
        for (const n of [1, 2.5]) {
          const said = spoken(lang, { value: String(n), unit: u.symbol, approx: false, amount: n, unitName: u.name }, 'en');
          expect(en[`unit_${u.name}_one`], u.name).toBeDefined();
          expect(said, `${lang} ${u.symbol}`).not.toMatch(/unit_|Wh|CO₂e|µ/);
          expect(said.startsWith(String(n)), `${lang} ${u.symbol}: ${said}`).toBe(true);
        }
  });
});
