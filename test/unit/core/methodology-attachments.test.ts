/** docs/methodology.md's Attachments section against data/attachment-rules.json and the core. */
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_SOURCES, IMAGE_RULES, PDF_RULES, countAttachment, imageTokens } from '../../../src/core';
import { readRepoFile, section, tables } from '../support/markdown';

const doc = readRepoFile('docs/methodology.md');
const attachments = section(doc, 'Attachments');
const text = attachments.tokens.map((t) => t.raw).join('');
const [pictures, pdfs] = tables(attachments);

describe('methodology: attachments', () => {
  it('lists every picture rule and every PDF rule of the data, in order', () => {
    expect(pictures!.rows.map((r) => r[0])).toEqual(IMAGE_RULES.map((r) => r.id));
    expect(pdfs!.rows.map((r) => r[0])).toEqual(PDF_RULES.map((r) => r.id));
    expect(pictures!.rows.map((r) => r[1])).toEqual(IMAGE_RULES.map((r) => r.provider));
  });

  it('gives the worked examples the core computes', () => {
    const tiles = IMAGE_RULES.find((r) => r.id === 'openai-tiles')!;
    expect(pictures!.rows[0]![2]).toContain(`(1024 × 1024: ${imageTokens(tiles, 1024, 1024)})`);
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
    for (const source of ATTACHMENT_SOURCES.filter((s) => s.id !== 'attachment-stated-estimates')) {
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
