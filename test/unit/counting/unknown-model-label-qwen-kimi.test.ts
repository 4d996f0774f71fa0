/**
 * Qwen Chat and Kimi: every turn counts as `custom` at the site's own rate, Qwen's in Qwen3's own
 * vocabulary and Kimi's in o200k. A label no rule of data/site-models.json knows (Kimi's Chinese UI
 * names the mode, "长思考", not the model) is counted the same way, and the site's health names it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Counting } from '../../../src/counting/count-turn';
import type { CountedTurn, TurnCompleted } from '../../../src/domain';
import { countingHandlers } from '../../../src/counting/handlers';
import { customRate } from '../../../src/core/custom-rates';
import { siteHealthItem } from '../../../src/storage/items';
import { newCounting } from '../../support/counting';

const turn = (site: TurnCompleted['site'], n: number, modelLabel: string | null): TurnCompleted => ({
  site,
  conversationId: `${site}-conv-${n}`,
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel,
  promptText: `Question ${n}.`,
  answerText: `Answer ${n}.`,
  finishedAt: 1_700_000_000_000 + n,
});

let counting: Counting;
beforeEach(() => {
  fakeBrowser.reset();
  counting = newCounting();
});

// Each test loads Qwen3's vocabulary from the build's definition, as count-turn.test.ts's tests load theirs.
describe('Qwen Chat and Kimi turns', () => {
  it('count at their own rates, Qwen in Qwen3 tokens and Kimi in o200k, with no note for a label a rule knows', { timeout: 120_000 }, async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    await handlers['turn/completed']!(turn('qwen', 1, 'Qwen3.6-Plus'), {} as never);
    await handlers['turn/completed']!(turn('qwen', 2, '千问3.6-Plus'), {} as never);
    await handlers['turn/completed']!(turn('kimi', 3, 'K2.6'), {} as never);
    expect(recorded.map((t) => [t.site, t.modelKey, t.customWhPer1k, t.tokenizer])).toEqual([
      ['qwen', 'custom', customRate('qwen').wh_per_1k, 'qwen3'],
      ['qwen', 'custom', customRate('qwen').wh_per_1k, 'qwen3'],
      ['kimi', 'custom', customRate('kimi').wh_per_1k, 'o200k'],
    ]);
    expect(await siteHealthItem.getValue()).toEqual({});
  });

  it('count a label no rule knows with the site default and name it in the site health, kept through the next report', { timeout: 120_000 }, async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    await handlers['turn/completed']!(turn('kimi', 1, '长思考'), {} as never);
    expect(recorded[0]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k, tokenizer: 'o200k' });
    expect((await siteHealthItem.getValue()).kimi?.unknownModelLabel?.label).toBe('长思考');
    await handlers['turn/completed']!(turn('qwen', 2, '深度研究'), {} as never);
    expect(recorded[1]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k, tokenizer: 'qwen3' });
    expect((await siteHealthItem.getValue()).qwen?.unknownModelLabel?.label).toBe('深度研究');
    await counting.health.write({ site: 'kimi', status: 'ok', reason: null, at: Date.now() + 1 });
    expect((await siteHealthItem.getValue()).kimi).toMatchObject({ status: 'ok', unknownModelLabel: { label: '长思考' } });
  });
});
