/**
 * The arithmetic of history share, the new-chat saving, the what-if figure and the period change
 * (src/core/what-if.ts), worked by hand from the formula in docs/methodology.md:
 * energy = rate × (0.5 × input + 1.5 × output) / 1,000 Wh.
 */
import { describe, expect, it } from 'vitest';
import { historyShare, newChatTip, whatIf, type ComputedTurn } from '../../../src/core/what-if';
import { relativeChange } from '../../../src/core/shares';
import models from '../../../data/models.json';
import { findModel } from '../../../src/core/tables';
import { readRepoFile, section, text } from '../support/markdown';

/** alpha-4o: 3.5 Wh per 1,000 tokens; global-avg: 475 g/kWh, 1.8 L/kWh. */
function turn(over: Partial<ComputedTurn> & Pick<ComputedTurn, 'promptTokens' | 'inputTokens' | 'outputTokens'>): ComputedTurn {
  const rate = over.customWhPer1k ?? findModel(over.modelKey ?? 'alpha-4o')!.rate!;
  const energyKwh = (rate * (0.5 * over.inputTokens + 1.5 * over.outputTokens)) / 1e6;
  return {
    modelKey: 'alpha-4o',
    region: 'global-avg',
    answerTokens: over.outputTokens,
    energyKwh,
    carbonG: energyKwh * 475,
    waterL: energyKwh * 1.8,
    ...over,
  };
}

/** The history's share of a turn's energy, as the tip reports it (a threshold of 0 always gives a tip). */
const historyEnergyShare = (t: Pick<ComputedTurn, 'promptTokens' | 'inputTokens' | 'outputTokens'>): number => newChatTip(turn(t), 0)!.historyEnergyShare;

/**
 * The smallest heaviest-to-lightest rate step within a model family of data/models.json: current
 * models priced per 1,000 tokens, a family being the key's prefix before its first hyphen.
 */
function smallestModelStep(): number {
  const families = new Map<string, number[]>();
  for (const m of models.models) {
    if (m.legacy || m.unit !== 'wh_per_1k_tokens' || typeof m.rate !== 'number') continue;
    const family = m.key.split('-')[0]!;
    families.set(family, [...(families.get(family) ?? []), m.rate]);
  }
  const steps = [...families.values()].filter((rates) => rates.length > 1).map((rates) => Math.max(...rates) / Math.min(...rates));
  return Math.min(...steps);
}
const NEW_CHAT_HISTORY_SHARE = 1 - 1 / smallestModelStep();

describe('history share', () => {
  it('is the input beyond the prompt over the input', () => {
    expect(historyShare({ promptTokens: 180, inputTokens: 1000 })).toBeCloseTo(0.82, 12);
    expect(historyShare({ promptTokens: 50, inputTokens: 50 })).toBe(0);
    expect(historyShare({ promptTokens: 0, inputTokens: 0 })).toBe(0);
  });

  it('of the energy weighs input by 0.5 and output by 1.5', () => {
    // history 800 × 0.5 = 400 of 0.5 × 1000 + 1.5 × 200 = 800: a half.
    expect(historyEnergyShare({ promptTokens: 200, inputTokens: 1000, outputTokens: 200 })).toBeCloseTo(0.5, 12);
  });
});

describe('the new-chat threshold', () => {
  it('is 1 - 1/(the smallest heaviest-to-lightest step within a model family of the table)', () => {
    const step = smallestModelStep();
    expect(step).toBeGreaterThan(1);
    // Without output the history's share of the energy is its share of the input: just above the threshold a tip, just below none.
    const input = 100_000;
    const at = (share: number) => newChatTip(turn({ promptTokens: Math.round(input * (1 - share)), inputTokens: input, outputTokens: 0 }));
    expect(at(1 - 1 / step + 1e-3)).not.toBeNull();
    expect(at(1 - 1 / step - 1e-3)).toBeNull();
  });
});

describe('the new-chat tip', () => {
  it('stays quiet on a short chat', () => {
    // Second turn of a chat: the history is the first prompt and answer.
    expect(newChatTip(turn({ promptTokens: 20, inputTokens: 20 + 320, outputTokens: 300 }))).toBeNull();
    expect(newChatTip(turn({ promptTokens: 20, inputTokens: 20, outputTokens: 300 }))).toBeNull();
  });

  it('prices the next turn here and in a new chat with the same prompt and answer lengths', () => {
    // 40 turns of 20 + 300 tokens: 39 × 320 = 12,480 tokens of history.
    const t = turn({ promptTokens: 20, inputTokens: 20 + 12_480, outputTokens: 300 });
    const tip = newChatTip(t)!;
    expect(tip).not.toBeNull();
    expect(tip.historyEnergyShare).toBeCloseTo((0.5 * 12_480) / (0.5 * 12_500 + 1.5 * 300), 12);
    // Here: input 12,500 + 20 + 300 = 12,820; in a new chat: 20. alpha-4o: 3.5 Wh per 1,000.
    expect(tip.hereKwh).toBeCloseTo((3.5 * (0.5 * 12_820 + 1.5 * 300)) / 1e6, 9);
    expect(tip.newChatKwh).toBeCloseTo((3.5 * (0.5 * 20 + 1.5 * 300)) / 1e6, 9);
    expect(1 - tip.newChatKwh / tip.hereKwh).toBeGreaterThanOrEqual(NEW_CHAT_HISTORY_SHARE);
  });

  it('keeps a custom model’s rate', () => {
    const tip = newChatTip(turn({ modelKey: 'custom', customWhPer1k: 2, promptTokens: 10, inputTokens: 10_010, outputTokens: 100 }))!;
    expect(tip.newChatKwh).toBeCloseTo((2 * (0.5 * 10 + 1.5 * 100)) / 1e6, 9);
  });
});

describe('what if', () => {
  const turns = [turn({ promptTokens: 100, inputTokens: 1000, outputTokens: 500 }), turn({ promptTokens: 50, inputTokens: 50, outputTokens: 200 })];

  it('prices the same tokens with another model', () => {
    const w = whatIf(turns, { modelKey: 'gamma-3.5-flash-lite' });
    // Weighted tokens: 0.5 × 1050 + 1.5 × 700 = 1575; at 3.5 and at 0.1 Wh per 1,000.
    expect(w.actual.energyKwh).toBeCloseTo((3.5 * 1575) / 1e6, 12);
    expect(w.instead.energyKwh).toBeCloseTo((0.1 * 1575) / 1e6, 9);
    expect(w.energyChange).toBeCloseTo(0.1 / 3.5 - 1, 5);
    expect(w.instead.carbonG).toBeCloseTo(w.instead.energyKwh * 475, 6);
    expect(w.unchanged).toBe(0);
  });

  it('prices the same energy in another region: carbon and water change, energy does not', () => {
    const w = whatIf(turns, { region: 'eu-sweden' });
    expect(w.instead.energyKwh).toBeCloseTo(w.actual.energyKwh, 9);
    expect(w.energyChange).toBeCloseTo(0, 5);
    expect(w.instead.carbonG).toBeCloseTo(w.actual.energyKwh * 20, 6);
    expect(w.instead.waterL).toBeCloseTo(w.actual.energyKwh * 0.3, 6);
  });

  it('leaves generated images as recorded under a model choice', () => {
    const images: ComputedTurn = { ...turn({ promptTokens: 0, inputTokens: 0, outputTokens: 2 }), modelKey: 'image-gen', energyKwh: 0.0058 };
    const w = whatIf([images], { modelKey: 'alpha-4o-mini' });
    expect(w.unchanged).toBe(1);
    expect(w.instead.energyKwh).toBeCloseTo(2 * 2.9e-3, 9);
  });
});

describe('period change', () => {
  it('is now over before, minus one; none without a before', () => {
    expect(relativeChange(123, 100)).toBeCloseTo(0.23, 12);
    expect(relativeChange(50, 100)).toBeCloseTo(-0.5, 12);
    expect(relativeChange(5, 0)).toBeNull();
  });
});

describe('docs/methodology.md on the new-chat threshold', () => {
  const said = text(section(readRepoFile('docs/methodology.md'), 'Numbers that point somewhere'));

  it('states the step and the threshold the table gives', () => {
    const step = smallestModelStep();
    expect(said).toContain(`smallest such step in \`data/models.json\` is ${step}×`);
    expect(said).toContain(`≥ 1 − 1 / ${step}`);
    expect(NEW_CHAT_HISTORY_SHARE).toBeCloseTo(2 / 3, 12);
    expect(said).toContain('two thirds');
  });

  it('gives the short-chat example as the arithmetic makes it', () => {
    const second = { promptTokens: 20, inputTokens: 20 + 320, outputTokens: 300 };
    expect(said).toContain(`${Math.round(historyShare(second) * 100)}% of its input but only ${Math.round(historyEnergyShare(second) * 100)}% of its energy`);
  });
});
