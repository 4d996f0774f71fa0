/**
 * Qwen Chat in Chromium at chat.qwen.ai: the streaming scenario of support/streamed-site.ts (a
 * reopened chat's history, two turns with a mid-answer pause, a new chat whose URL becomes
 * /c/<uuid>), counted in Qwen3's own vocabulary at the qwen rate; a thinking answer, whose card names
 * no duration: the turn is counted without hidden reasoning and the site's health says why; and the
 * popup naming the rate and the tokenizer (exact: Qwen3's own).
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite } from './support/streamed-site';
import { openExtensionPage } from './support/extension-page';
import { siteCounter } from './support/site-tokens';
import { chunked } from './support/chat-pages';
import { QWEN } from './support/chat-fixtures';
import { waitFor } from './support/wait';
import { customRate } from '../../src/core/custom-rates';

const rate = customRate('qwen').wh_per_1k;

const site = describeStreamedSite({
  site: 'qwen',
  origin: 'https://chat.qwen.ai',
  fixture: 'qwen-2026-en.html',
  path: (id) => `/c/${id}`,
  threadId: '4a7e2c10-e2e0-4b1e-8d3c-0000000000aa',
  promptBox: QWEN.promptBox,
  history: QWEN.history,
  // Qwen's models are not in the table: custom, at the qwen rate of data/custom-rates.json.
  model: { modelKey: 'custom', customWhPer1k: rate },
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
    await page.locator(QWEN.promptBox).fill('Is that typical?');
    await page.locator('[data-send]').click();
    const turn = await waitFor('the counted turn', async () => Object.values((await site.conversation('qwen', id))?.turns ?? {})[0]);
    expect(turn).toMatchObject({
      modelKey: 'custom',
      customWhPer1k: rate,
      tokenizer: 'qwen3',
      promptTokens: siteCounter('qwen')('Is that typical?'),
      historyTokens: QWEN.history.reduce((sum, t) => sum + siteCounter('qwen')(t), 0),
      answerTokens: siteCounter('qwen')(answer),
    });
    expect(turn.reasoningTokens).toBeUndefined();
    expect(turn.estimatedReasoningTokens).toBeUndefined();
    await expect.poll(async () => (await site.siteHealth('qwen'))?.unreadableReasoningLabel, { timeout: 15_000 }).toBe('Thought completed');
    await page.close();
  });
});

describe('the popup', () => {
  it('shows the rate a Qwen turn was counted with, and that it was counted in Qwen3’s own tokens', { timeout: 60_000 }, async () => {
    const popup = await openExtensionPage(site.context, site.ext.extensionId);
    await expect.poll(() => popup.page.locator('[data-testid="last-model"]').textContent(), { timeout: 15_000 }).toBe(`custom (${rate} Wh/1k tokens)`);
    expect(await popup.page.locator('[data-testid="last-tokenizer"]').textContent()).toBe('Qwen3');
    await popup.page.close();
  });
});
