/**
 * Poe in Chromium at poe.com: the streaming scenario of support/streamed-site.ts (the chat's messages
 * seeded as history when it is opened again, an answer with its thinking that pauses midway, a
 * second turn, a new chat whose URL becomes /chat/<id>), each answer counted as the model its bot
 * names (Claude-Sonnet-4.6: beta-sonnet-4.6), in that family's tokenizer; a new chat with a DeepSeek
 * bot that thinks, counted in DeepSeek's own tokenizer; and a bot no rule knows, counted as the
 * site's default with the reason in the site's health.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER, THINK, describeStreamedSite, streamAnswer } from './support/streamed-site';
import { modelCounter } from './support/site-tokens';
import { POE } from './support/chat-fixtures';
import { customRate } from '../../src/core/custom-rates';
import { waitFor } from './support/wait';

const site = describeStreamedSite({
  site: 'poe',
  origin: 'https://poe.com',
  fixture: 'poe-2026-en.html',
  path: (id) => `/chat/${id}`,
  threadId: '2x7hq9kd3mz0ab1cd2e',
  promptBox: POE.promptBox,
  history: POE.history,
  model: { modelKey: 'beta-sonnet-4.6' },
  think: true,
});

describe('a bot no rule knows', () => {
  it('counts its answer as the site default (custom, the unlisted rate) and names it in the site health', { timeout: 90_000 }, async () => {
    const page = await site.context.newPage();
    const id = 'poe-unknown-bot';
    await page.goto(`https://poe.com/chat/${id}`);
    await page.evaluate(() => Object.assign(window, { __bot: 'MyTutorBot' }));
    await streamAnswer(page, POE.promptBox, 'Explain capacity factors simply.', { paragraphs: ['It is the share of the year a plant runs at full power.'] });
    const conv = await waitFor('the counted turn', async () => {
      const v = await site.conversation('poe', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    expect(Object.values(conv.turns)[0]).toMatchObject({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
    await expect.poll(async () => (await site.siteHealth('poe'))?.unknownModelLabel?.label, { timeout: 15_000 }).toBe('MyTutorBot');
    await page.close();
  });
});

describe('a bot of another family', () => {
  it('counts a new chat with a DeepSeek bot, its thinking too, in DeepSeek’s own tokenizer', { timeout: 90_000 }, async () => {
    const page = await site.context.newPage();
    await page.goto('https://poe.com/');
    const id = `poe-deepseek-${Date.now().toString(36)}`;
    await page.evaluate((chatId) => Object.assign(window, { __bot: 'DeepSeek-R1', __newChatId: chatId, __urlSwitchMs: 300 }), id);
    const prompt = 'Is offshore wind worth it?';
    await streamAnswer(page, POE.promptBox, prompt, { think: THINK, paragraphs: ANSWER });
    const conv = await waitFor('the counted turn', async () => {
      const v = await site.conversation('poe', id);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    const count = modelCounter('delta-r1');
    expect(Object.values(conv.turns)[0]).toMatchObject({
      modelKey: 'delta-r1',
      promptTokens: count(prompt),
      historyTokens: 0,
      answerTokens: count(ANSWER.join('\n')),
      reasoningTokens: count(THINK),
    });
    await page.close();
  });
});
