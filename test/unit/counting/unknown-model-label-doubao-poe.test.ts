/**
 * A model label no rule of data/site-models.json knows, on a site whose labels name its models (a
 * Poe bot of a user's own, in English or Chinese; a Doubao mode): the turn is counted with the
 * site's default model and recorded, and the site's health names the label, kept through the page's
 * next report. A Doubao deep thinking whose time cannot be read is named in the health too.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Counting } from '../../../src/counting/count-turn';
import type { CountedTurn, TurnCompleted } from '../../../src/domain';
import { countingHandlers } from '../../../src/counting/handlers';
import { writeSiteHealth } from '../../../src/counting/health';
import { customRate } from '../../../src/core/custom-rates';
import { siteHealthItem } from '../../../src/storage/items';
import { forgetDefinedItems } from '../support/ledger';
import { newCounting } from '../../support/counting';

const turn = (site: TurnCompleted['site'], n: number, modelLabel: string | null): TurnCompleted => ({
  site,
  conversationId: `${site}-conv`,
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
  forgetDefinedItems();
  counting = newCounting();
});

describe('a model label no rule knows', () => {
  it('counts the turn as the site default and names the label in the site health, kept through the next report', async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    await handlers['turn/completed']!(turn('poe', 1, 'MyTutorBot'), {} as never);
    expect(recorded[0]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
    expect((await siteHealthItem.getValue()).poe?.unknownModelLabel?.label).toBe('MyTutorBot');
    await handlers['turn/completed']!(turn('doubao', 2, '视频生成'), {} as never);
    expect(recorded[1]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    expect((await siteHealthItem.getValue()).doubao?.unknownModelLabel?.label).toBe('视频生成');
    await writeSiteHealth({ site: 'poe', status: 'ok', reason: null, at: Date.now() + 1 });
    expect((await siteHealthItem.getValue()).poe).toMatchObject({ status: 'ok', unknownModelLabel: { label: 'MyTutorBot' } });
  });

  it('counts a Poe bot named in Chinese and a Doubao mode no rule knows as the site default, each named in its health', async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    await handlers['turn/completed']!(turn('poe', 1, '我的导师机器人'), {} as never);
    await handlers['turn/completed']!(turn('doubao', 2, 'Video Studio'), {} as never);
    expect(recorded[0]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
    expect(recorded[1]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    const health = await siteHealthItem.getValue();
    expect(health.poe?.unknownModelLabel?.label).toBe('我的导师机器人');
    expect(health.doubao?.unknownModelLabel?.label).toBe('Video Studio');
    // A Chinese label a rule knows is no note: a Poe bot named 豆包 counts at the doubao rate.
    await handlers['turn/completed']!(turn('poe', 3, '豆包'), {} as never);
    expect(recorded[2]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    expect((await siteHealthItem.getValue()).poe?.unknownModelLabel?.label).toBe('我的导师机器人');
  });

  it('counts no reasoning for a collapsed Doubao deep thinking it cannot time, and names its title in the health, never a silent zero', async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    const thought = (n: number, durationLabel: string): TurnCompleted => ({
      ...turn('doubao', n, '深度思考'),
      reasoning: { text: null, summaryOnly: false, durationLabel },
    });
    await handlers['turn/completed']!(thought(1, '已完成思考'), {} as never);
    expect(recorded[0]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    expect(recorded[0]!.reasoningTokens ?? 0).toBe(0);
    expect(recorded[0]!.estimatedReasoningTokens ?? 0).toBe(0);
    expect((await siteHealthItem.getValue()).doubao?.unreadableReasoningLabel).toBe('已完成思考');
    // A duration Doubao's page shows is read, but no decode speed is published for its models
    // (data/reasoning-speeds.json has no Doubao row): nothing is estimated and the title is named.
    await handlers['turn/completed']!(thought(2, '已深度思考（用时 25 秒）'), {} as never);
    expect(recorded[1]!.estimatedReasoningTokens ?? 0).toBe(0);
    expect((await siteHealthItem.getValue()).doubao?.unreadableReasoningLabel).toBe('已深度思考（用时 25 秒）');
  });

  it('notes nothing for a bot or a mode a rule knows', async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    await handlers['turn/completed']!(turn('poe', 1, 'Claude-Sonnet-4.6'), {} as never);
    await handlers['turn/completed']!(turn('doubao', 2, '深度思考'), {} as never);
    expect(recorded.map((t) => t.modelKey)).toEqual(['beta-sonnet-4.6', 'custom']);
    expect(await siteHealthItem.getValue()).toEqual({});
  });
});
