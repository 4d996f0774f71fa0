/**
 * The message catalogues in public/_locales: every locale has every English
 * key with the same placeholders, and the English texts that restate a data
 * table or an error sentence say exactly what that table says.
 */
import { describe, expect, it } from 'vitest';
import regionsData from '../../../data/regions.json';
import { REGIONS } from '../../../src/core/tables';
import { LOCALES, catalog, placeholdersUsed, renderMessage } from '../../support/messages';

const en = catalog('en');
const REQUIRED_LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'pt_BR', 'zh_CN'];

describe('locales', () => {
  it('ships English (the default locale) and the six translations', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(REQUIRED_LOCALES));
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key and no other', (lang) => {
    const keys = Object.keys(catalog(lang)).sort();
    expect(keys).toEqual(Object.keys(en).sort());
  });

  it.each(LOCALES)('%s: every message is non-empty and uses exactly the placeholders English declares, with the same positions', (lang) => {
    for (const [key, entry] of Object.entries(catalog(lang))) {
      expect(entry.message.trim(), `${lang}/${key}`).not.toBe('');
      const declared = Object.keys(en[key]?.placeholders ?? {})
        .map((p) => p.toLowerCase())
        .sort();
      expect(placeholdersUsed(entry.message), `${lang}/${key} uses`).toEqual(declared);
      const contents = (e: typeof entry) => Object.fromEntries(Object.entries(e.placeholders ?? {}).map(([k, v]) => [k.toLowerCase(), v.content]));
      expect(contents(entry), `${lang}/${key} placeholder contents`).toEqual(contents(en[key]!));
    }
  });

  it('pairs every plural message: a `_one` has its `_other`', () => {
    for (const key of Object.keys(en).filter((k) => k.endsWith('_one'))) expect(en[key.replace(/_one$/, '_other')], key).toBeDefined();
  });

  it('keeps the manifest description within the stores’ 132 characters in every locale', () => {
    for (const lang of LOCALES) expect(catalog(lang).extDescription!.message.length, lang).toBeLessThanOrEqual(132);
  });

  it('keeps units untranslated: an amount placeholder carries its unit, no message but the units’ spoken names spells one out', () => {
    for (const lang of LOCALES) {
      for (const [key, entry] of Object.entries(catalog(lang)).filter(([k]) => !k.startsWith('unit_'))) {
        expect(entry.message, `${lang}/${key}`).not.toMatch(/\b(kilowatt|watt-hour|milligram|Kilowatt|Milligramm|ミリグラム|毫克)/i);
      }
    }
  });
});

describe('English texts tied to their one home', () => {
  it('restates the water-stress meanings of data/regions.json word for word', () => {
    for (const s of regionsData.stress_classes) expect(en[`stress_meaning_${s.level}`]!.message).toBe(s.meaning);
  });

  it('names every region of data/regions.json, in English with its label', () => {
    for (const r of REGIONS) expect(en[`region_name_${r.key.replace(/-/g, '_')}`]?.message, r.key).toBe(r.label);
  });

  it('has every worker error sentence as err_<CODE>, word for word', () => {
    const modules = import.meta.glob<{ WORKER_ERROR_SENTENCES: Record<string, string> }>(['../../../src/domain/errors.ts', '../../../src/remote/errors.ts'], {
      eager: true,
    });
    const sentences = Object.values(modules).find((m) => m.WORKER_ERROR_SENTENCES)?.WORKER_ERROR_SENTENCES;
    expect(sentences).toBeDefined();
    for (const [code, sentence] of Object.entries(sentences!)) expect(en[`err_${code}`]?.message, code).toBe(sentence);
  });
});

describe('rendering like browser.i18n.getMessage', () => {
  it('fills placeholders by position, whatever order the language puts them in', () => {
    expect(renderMessage(en, 'last_inputSplit', ['12', '340'])).toBe('(prompt 12 + history 340)');
    expect(renderMessage(catalog('ja'), 'chart_peak', ['≈ 1.2 Wh', '11月3日'])).toBe('最大：11月3日の ≈ 1.2 Wh。');
    expect(renderMessage({ k: { message: 'Cost: $$5 for $WHO$', placeholders: { who: { content: '$1' } } } }, 'k', ['you'])).toBe('Cost: $5 for you');
  });
});
