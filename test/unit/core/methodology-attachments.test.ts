/** docs/methodology.md's Attachments section against data/attachment-rules.json and the core. */
import { describe, expect, it } from 'vitest';
import rules from '../../../data/attachment-rules.json';
import { countAttachment } from '../../../src/features/attachments/rules';
import { readRepoFile, section, tables } from '../support/markdown';

const doc = readRepoFile('docs/methodology.md');
const attachments = section(doc, 'Attachments');
const text = attachments.tokens.map((t) => t.raw).join('');
const [pictures, pdfs] = tables(attachments);

describe('methodology: attachments', () => {
  it('lists every picture rule and every PDF rule of the data, in order', () => {
    expect(pictures!.rows.map((r) => r[0])).toEqual(rules.image_rules.map((r) => r.id));
    expect(pdfs!.rows.map((r) => r[0])).toEqual(rules.pdf_rules.map((r) => r.id));
    expect(pictures!.rows.map((r) => r[1])).toEqual(rules.image_rules.map((r) => r.provider));
  });

  it('gives the worked examples the core computes', () => {
    // The first picture rule, openai-tiles, is how ChatGPT's models read a picture.
    const square = countAttachment({ kind: 'image', mime: 'image/png', bytes: 1, width: 1024, height: 1024 }, { modelKey: 'alpha-5.5', site: 'chatgpt' });
    expect(square).toMatchObject({ ok: true, value: { rules: [pictures!.rows[0]![0]] } });
    expect(pictures!.rows[0]![2]).toContain(`(1024 × 1024: ${square.ok ? square.value.tokens : square.skip})`);
    const pdf = { kind: 'pdf' as const, mime: 'application/pdf', bytes: 40_000, pages: 3, textTokens: 300 };
    const tokens = (modelKey: string, site: string) => {
      const r = countAttachment(pdf, { modelKey, site });
      return r.ok ? r.value.tokens.toLocaleString('en') : r.skip;
    };
    expect(text).toContain(`= ${tokens('beta-sonnet-5.5', 'claude')} tokens on Claude`);
    expect(text).toContain(`= ${tokens('gamma-3.5-flash', 'gemini')} on Gemini 3`);
    expect(text).toContain(`= ${tokens('gamma-2.0-flash', 'gemini')} on Gemini 2.0`);
  });

  it('names every provider source of the rules, with its address', () => {
    for (const source of rules.sources.filter((s) => s.id !== 'attachment-stated-estimates')) {
      expect(text).toContain(`**${source.name}**`);
      const url = /https:\/\/[^\s,;)']+/.exec(source.citation)![0].replace(/[:.]$/, '');
      expect(text).toContain(url);
    }
  });

  it('says the rules are applied to turns, as input and history, and can be switched off', () => {
    expect(text).toContain('The extension counts them');
    expect(text).toContain('history of every later turn');
    expect(text).toContain('a switch for attachments');
  });
});
