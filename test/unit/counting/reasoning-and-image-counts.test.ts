import { describe, expect, it } from 'vitest';
import { estimateHiddenReasoningTokens } from '../../../src/core';
import type { TurnCompleted } from '../../../src/domain/turns';
import { answerExtras } from '../../../src/counting/answer-extras';
import { nodeCounter } from '../../../scripts/build/vocabularies';

const base: TurnCompleted = {
  site: 'chatgpt',
  conversationId: 'c',
  turnId: 't',
  modelLabel: null,
  promptText: 'p',
  answerText: 'a',
  finishedAt: 1,
};
const countTokens = nodeCounter('o200k');
const THOUGHTS = 'First, consider the sum of the digits. Then check whether it is divisible by three.';

describe("an answer's reasoning tokens and generated images", () => {
  it('counts full reasoning text exactly and estimates nothing on top, even with a duration', () => {
    const extras = answerExtras(
      { ...base, site: 'deepseek', reasoning: { text: THOUGHTS, summaryOnly: false, durationLabel: 'Thought for 25 seconds' } },
      'delta-v4-pro',
      countTokens,
    );
    expect(extras).toMatchObject({ reasoningTokens: countTokens(THOUGHTS), estimatedReasoningTokens: 0, unreadableDuration: null });
  });

  it('estimates hidden reasoning from a duration with the model family speed', () => {
    const extras = answerExtras({ ...base, reasoning: { text: null, summaryOnly: false, durationLabel: 'Thought for 15m 31s' } }, 'alpha-5.5', countTokens);
    expect(extras).toMatchObject({ reasoningTokens: 0, estimatedReasoningTokens: estimateHiddenReasoningTokens(931, 'alpha') });
    expect(extras.estimatedReasoningTokens).toBeGreaterThan(0);
  });

  it("falls back to the site's family for a model key without one (o1 on chatgpt.com)", () => {
    const extras = answerExtras({ ...base, reasoning: { text: null, summaryOnly: false, durationLabel: 'Réfléchi pendant 10s' } }, 'o1', countTokens);
    expect(extras.estimatedReasoningTokens).toBe(estimateHiddenReasoningTokens(10, 'alpha'));
  });

  it('estimates from the duration instead of counting a summary shown with it', () => {
    const extras = answerExtras(
      { ...base, site: 'claude', reasoning: { text: 'Pondered the request', summaryOnly: true, durationLabel: '8s' } },
      'beta-sonnet-5',
      countTokens,
    );
    expect(extras).toMatchObject({ reasoningTokens: 0, estimatedReasoningTokens: estimateHiddenReasoningTokens(8, 'beta') });
  });

  it('counts a summary when no duration is shown', () => {
    const extras = answerExtras(
      { ...base, site: 'claude', reasoning: { text: 'Pondered the request', summaryOnly: true, durationLabel: null } },
      'beta-sonnet-5',
      countTokens,
    );
    expect(extras).toMatchObject({ reasoningTokens: countTokens('Pondered the request'), estimatedReasoningTokens: 0, unreadableDuration: null });
  });

  it('estimates nothing for an unreadable label and reports it', () => {
    const extras = answerExtras(
      { ...base, reasoning: { text: null, summaryOnly: false, durationLabel: 'Thought for a couple of seconds' } },
      'alpha-5.5',
      countTokens,
    );
    expect(extras).toMatchObject({ reasoningTokens: 0, estimatedReasoningTokens: 0, unreadableDuration: 'Thought for a couple of seconds' });
  });

  it('counts distinct generated image keys', () => {
    expect(answerExtras({ ...base, images: ['file-a', 'file-b', 'file-a'] }, 'alpha-5.5', countTokens).images).toBe(2);
    expect(answerExtras(base, 'alpha-5.5', countTokens)).toEqual({ reasoningTokens: 0, estimatedReasoningTokens: 0, images: 0, unreadableDuration: null });
  });
});
