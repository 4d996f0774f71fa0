/** docs/methodology.md's reasoning and image sections against the data and the core. */
import { describe, expect, it } from 'vitest';
import speedsData from '../../../data/reasoning-speeds.json';
import { calculate, estimateHiddenReasoningTokens, findModel } from '../../../src/core';
import { readRepoFile, section, tables } from '../support/markdown';

const { speeds: REASONING_SPEEDS, sources: REASONING_SPEED_SOURCES } = speedsData;

const doc = readRepoFile('docs/methodology.md');

describe('methodology: reasoning the page hides', () => {
  const reasoning = section(doc, 'Reasoning the page hides');
  const speedTable = tables(reasoning).find((t) => t.header.includes('tokens/s'))!;

  it('lists exactly the speeds of data/reasoning-speeds.json, with their sources', () => {
    expect(speedTable.rows.map((r) => [r[0], Number(r[2])])).toEqual(REASONING_SPEEDS.map((s) => [s.family, s.tokens_per_second]));
    for (const [row, speed] of speedTable.rows.map((r, i) => [r, REASONING_SPEEDS[i]!] as const)) {
      const source = REASONING_SPEED_SOURCES.find((s) => s.id === speed.source)!;
      expect(row[3]).toContain(source.name);
    }
  });

  it('reproduces its worked example with the core', () => {
    const tokens = estimateHiddenReasoningTokens(30, 'alpha');
    expect(doc).toContain(`30 × 121 = ${tokens.toLocaleString('en')} estimated reasoning tokens`);
    const rate = findModel('alpha-5.5')!.rate!;
    expect(doc).toContain(`on \`alpha-5.5\` (${rate} Wh per 1,000 tokens)`);
    const result = calculate({ model: 'alpha-5.5', input_tokens: 0, output_tokens: tokens, region: 'global-avg' });
    expect(result.ok).toBe(true);
    if (result.ok) expect(doc).toContain(`= ${Number((result.value.energy_kwh * 1000).toPrecision(6))} Wh`);
  });

  it('names every speed source in the data sources section', () => {
    const sources = section(doc, 'Data sources')
      .tokens.map((t) => t.raw)
      .join('');
    for (const source of REASONING_SPEED_SOURCES) expect(sources).toContain(source.name);
  });
});
