/**
 * Kimi in Chromium at www.kimi.com: the streaming scenario of support/streamed-site.ts (a reopened
 * chat's history, two turns with a mid-answer pause and the thinking shown in full, a new chat whose
 * URL becomes /chat/<id>), counted at the kimi rate in o200k (approximate: no package ships Kimi's
 * vocabulary); a model label no rule knows (the Chinese UI's "长思考" names the mode, not the model),
 * counted with the site default and named in the site's health; and the popup.
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite, streamAnswer } from './support/streamed-site';
import { openExtensionPage } from './support/extension-page';
import { KIMI } from './support/chat-fixtures';
import { siteCounter } from './support/site-tokens';
import { waitFor } from './support/wait';
import { customRate } from '../../src/core/custom-rates';

const rate = customRate('kimi').wh_per_1k;

const site = describeStreamedSite({
  site: 'kimi',
  origin: 'https://www.kimi.com',
  fixture: 'kimi-2026-en.html',
  path: (id) => `/chat/${id}`,
  threadId: 'd4f2k8qb1s0c7m3ve2e0',
  promptBox: KIMI.promptBox,
  history: KIMI.history,
  // Kimi's models are not in the table: custom, at the kimi rate of data/custom-rates.json.
  model: { modelKey: 'custom', customWhPer1k: rate },
  think: true,
});

describe('a model label no rule knows', () => {
  it('counts the answer with the site default (the kimi rate) and names the label in the site health', { timeout: 90_000 }, async () => {
    const page = await site.context.newPage();
    const id = 'd4f2k8qb1s0c7m3vzh01';
    await page.goto(`https://www.kimi.com/chat/${id}`);
    await waitFor('the seed', async () => (await site.conversation('kimi', id))?.historyTokens ?? 0);
    await page.evaluate(() => void (document.querySelector('.current-model .name')!.textContent = '长思考'));
    const answer = '海上风机的容量因数约为 45%。';
    await streamAnswer(page, KIMI.promptBox, '海上风电划算吗？', { paragraphs: [answer] });
    const turn = await waitFor('the counted turn', async () => Object.values((await site.conversation('kimi', id))?.turns ?? {})[0]);
    expect(turn).toMatchObject({
      modelKey: 'custom',
      customWhPer1k: rate,
      tokenizer: 'o200k',
      promptTokens: siteCounter('kimi')('海上风电划算吗？'),
      answerTokens: siteCounter('kimi')(answer),
    });
    await expect.poll(async () => (await site.siteHealth('kimi'))?.unknownModelLabel?.label, { timeout: 15_000 }).toBe('长思考');
    await page.close();
  });
});

describe('the popup', () => {
  it('shows the rate a Kimi turn was counted with, and that its count is approximate', { timeout: 60_000 }, async () => {
    const popup = await openExtensionPage(site.context, site.ext.extensionId);
    await expect.poll(() => popup.page.locator('[data-testid="last-model"]').textContent(), { timeout: 15_000 }).toBe(`custom (${rate} Wh/1k tokens)`);
    expect(await popup.page.locator('[data-testid="last-tokenizer"]').textContent()).toBe('approximate (o200k)');
    await popup.page.close();
  });
});
