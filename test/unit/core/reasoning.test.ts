import { describe, expect, it } from 'vitest';
import { MODELS } from '../../../src/core/tables';
import speedsData from '../../../data/reasoning-speeds.json';
import { estimateHiddenReasoningTokens, reasoningSpeed } from '../../../src/core/reasoning';

const { speeds: REASONING_SPEEDS, sources: REASONING_SPEED_SOURCES } = speedsData;

describe('hidden reasoning estimate', () => {
  it('is the shown duration times the family decode speed, rounded to whole tokens', () => {
    expect(estimateHiddenReasoningTokens(30, 'alpha')).toBe(30 * reasoningSpeed('alpha')!.tokens_per_second);
    expect(estimateHiddenReasoningTokens(2.5, 'delta')).toBe(Math.round(2.5 * reasoningSpeed('delta')!.tokens_per_second));
  });

  it('estimates nothing without a usable duration or a known family', () => {
    expect(estimateHiddenReasoningTokens(0, 'alpha')).toBe(0);
    expect(estimateHiddenReasoningTokens(-4, 'alpha')).toBe(0);
    expect(estimateHiddenReasoningTokens(Number.NaN, 'alpha')).toBe(0);
    expect(estimateHiddenReasoningTokens(30, 'no-such-family')).toBe(0);
  });

  it('has one speed per model family of the model table, each citing a listed source', () => {
    const families = new Set(MODELS.filter((m) => m.unit === 'wh_per_1k_tokens').map((m) => m.key.split('-')[0]));
    const sourceIds = new Set(REASONING_SPEED_SOURCES.map((s) => s.id));
    for (const row of REASONING_SPEEDS) {
      expect(families).toContain(row.family);
      expect(sourceIds).toContain(row.source);
      expect(row.tokens_per_second).toBeGreaterThan(0);
    }
    expect(new Set(REASONING_SPEEDS.map((r) => r.family)).size).toBe(REASONING_SPEEDS.length);
  });
});
