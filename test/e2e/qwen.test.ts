/**
 * Qwen Chat in Chromium at chat.qwen.ai: the streaming scenario of support/streamed-site.ts (a
 * reopened chat's history, two turns with a mid-answer pause, a new chat), counted in Qwen3's own
 * vocabulary at the qwen rate; and a thinking answer, whose card names no duration: the turn is
 * counted without hidden reasoning and the site's health says why.
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite } from './support/streamed-site';
import { siteCounter } from './support/site-tokens';
import { chunked } from './support/chat-pages';
import { waitFor } from './support/wait';

const HISTORY = [
  'How much does an offshore wind turbine produce in a year?',
  'A 15 MW offshore turbine makes about 60 GWh a year.\nThat is a capacity factor near 45%.',
  'Draw one at dusk.',
  'Here is an offshore wind farm at dusk.',
];

const site = describeStreamedSite({
  site: 'qwen',
  origin: 'https://chat.qwen.ai',
  fixture: 'qwen-2026-en.html',
  path: (id) => `/c/${id}`,
  threadId: '4a7e2c10-e2e0-4b1e-8d3c-0000000000aa',
  promptBox: 'textarea.message-input-textarea',
  history: HISTORY,
  // Qwen's models are not in the table: custom, at the qwen rate of data/custom-rates.json.
  model: { modelKey: 'custom', customWhPer1k: 0.57 },
});

describe('a thinking answer on chat.qwen.ai', () => {
  it('is counted in Qwen3 tokens without hidden reasoning, its card’s label in the site’s health', { timeout: 120_000 }, async () => {
    const id = '4a7e2c10-e2e0-4b1e-8d3c-0000000000bb';
    const page = await site.context.newPage();
    await page.goto(`https://chat.qwen.ai/c/${id}`);
    await waitFor('the seed', async () => (await site.conversation('qwen', id))?.historyTokens ?? 0);
    const answer = 'Yes: offshore turbines run at about 45% of their capacity over a year.';
    await page.evaluate(([think, paragraph]) => Object.assign(window, { __nextAnswer: { think, paragraphs: [paragraph] } }), [
      chunked('The user wants a capacity factor.'),
      chunked(answer),
    ] as const);
    await page.locator('textarea.message-input-textarea').fill('Is that typical?');
    await page.locator('[data-send]').click();
    const turn = await waitFor('the counted turn', async () => Object.values((await site.conversation('qwen', id))?.turns ?? {})[0]);
    expect(turn).toMatchObject({
      modelKey: 'custom',
      customWhPer1k: 0.57,
      tokenizer: 'qwen3',
      promptTokens: siteCounter('qwen')('Is that typical?'),
      answerTokens: siteCounter('qwen')(answer),
    });
    expect(turn.reasoningTokens).toBeUndefined();
    expect(turn.estimatedReasoningTokens).toBeUndefined();
    await expect.poll(async () => (await site.siteHealth('qwen'))?.unreadableReasoningLabel, { timeout: 15_000 }).toBe('Thought completed');
    await page.close();
  });
});
