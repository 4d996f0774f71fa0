/**
 * Doubao and Poe in Firefox (firefox-esr, the Firefox build as a temporary add-on, one browser for
 * the file), at their real host URLs: the streaming scenario of support/streamed-site.ts run through
 * the driver both browsers share. A chat opened again has its messages seeded as history; an answer
 * with its thinking pauses for 4 s midway while the page still shows it is generating, and is counted
 * once and complete; a second turn re-reads the first. A new chat's first answer is counted under
 * the URL the chat gets while it is written, in the tokenizer of the model its bot names (Poe's Llama
 * and DeepSeek bots: their own). Each count is made here with the site's own tokenizer (Doubao:
 * o200k, approximate; Poe's Claude bot: its family's, o200k, approximate). Files attached on both
 * sites are counted in attachments.firefox.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '../../src/domain/site-ids';
import type { SiteHealth } from '../../src/domain/turns';
import { customRate } from '../../src/core/custom-rates';
import { DOUBAO, POE } from './support/chat-fixtures';
import type { DriverBrowser, DriverPage } from './support/driver';
import { launchFirefoxDriver } from './support/firefox-driver';
import { modelCounter, siteCounter, siteTokens } from './support/site-tokens';
import { ANSWER, THINK } from './support/streamed-site';
import { drivenSites, turnsOf } from './support/driven-site';
import { waitFor } from './support/wait';

let browser: DriverBrowser;
let ext: DriverPage;
beforeAll(async () => {
  browser = await launchFirefoxDriver();
  ext = await browser.open(`${browser.extensionOrigin}/popup.html`);
});
afterAll(async () => {
  await browser?.close();
});

const { stored, conversation, sendWithPause } = drivenSites(() => ext);

const CASES = [
  { fixture: DOUBAO, id: '7301234567890123456', model: { modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k } },
  { fixture: POE, id: '2x7hq9kd3mz0ab1cd2e', model: { modelKey: 'beta-sonnet-4.6' } },
] as const;

describe('Firefox: Doubao and Poe at their real hosts', () => {
  it.each(CASES)(
    '$fixture.site: seeds the reopened chat, counts a paused answer with its thinking once, then a second turn',
    { timeout: 120_000 },
    async ({ fixture, id, model }) => {
      const site = fixture.site as SiteId;
      const count = siteCounter(site);
      await browser.serveChatPage(fixture.origin, fixture.html);
      const page = await browser.open(`${fixture.origin}/chat/${id}`);
      const seeded = await waitFor('the seed', async () => {
        const c = await conversation(site, id);
        return c && c.historyTokens > 0 && c;
      });
      expect(seeded.historyTokens).toBe(siteTokens(site, fixture.history));

      const prompt = 'How much more do offshore turbines produce?';
      await sendWithPause(page, fixture, id, prompt, ANSWER, true, 0);
      const [first] = turnsOf(await waitFor('the first turn', async () => turnsOf(await conversation(site, id)).length === 1 && conversation(site, id)));
      expect(first).toMatchObject({
        site,
        conversationId: id,
        ...model,
        promptTokens: count(prompt),
        historyTokens: siteTokens(site, fixture.history),
        answerTokens: count(ANSWER.join('\n')),
        reasoningTokens: count(THINK),
      });
      expect(first!.revision).toBeUndefined();

      const prompt2 = 'And a 15 MW one?';
      const second = ['A 15 MW offshore turbine makes about 60 GWh a year.'];
      await sendWithPause(page, fixture, id, prompt2, second, false, 1);
      const turns = turnsOf(await waitFor('two turns', async () => turnsOf(await conversation(site, id)).length === 2 && conversation(site, id)));
      expect(turns[0]).toEqual(first);
      expect(turns[1]).toMatchObject({
        ...model,
        promptTokens: count(prompt2),
        historyTokens: siteTokens(site, fixture.history) + count(prompt) + count(ANSWER.join('\n')),
        answerTokens: count(second[0]!),
      });
      expect(await stored<Record<string, SiteHealth>>('siteHealth').then((h) => h?.[site])).toMatchObject({ status: 'ok', reason: null });
      await page.close();
    },
  );
});

const NEW_CHATS = [
  {
    label: 'Doubao, its picked mode',
    fixture: DOUBAO,
    start: '/chat/',
    bot: null,
    think: true,
    model: { modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k },
  },
  { label: 'Poe, a Llama bot', fixture: POE, start: '/', bot: 'Llama-3.3-70B', think: false, model: { modelKey: 'epsilon-70b' } },
  { label: 'Poe, a DeepSeek bot that thinks', fixture: POE, start: '/', bot: 'DeepSeek-R1', think: true, model: { modelKey: 'delta-r1' } },
] as const;

describe('Firefox: a new chat on Doubao and Poe', () => {
  it.each(NEW_CHATS)(
    '$label: its first answer counted under the URL the chat gets, in the tokenizer of the model the bot names',
    { timeout: 120_000 },
    async ({ fixture, start, bot, think, model }) => {
      const site = fixture.site as SiteId;
      const count = modelCounter(model.modelKey);
      await browser.serveChatPage(fixture.origin, fixture.html);
      const page = await browser.open(`${fixture.origin}${start}`);
      const id = `${site}-new-${Date.now().toString(36)}`;
      await page.evaluate(
        ([chatId, botName]) => void Object.assign(window, { __newChatId: chatId, __urlSwitchMs: 300, ...(botName ? { __bot: botName } : {}) }),
        [id, bot] as const,
      );
      const prompt = 'Is offshore wind worth it?';
      await sendWithPause(page, fixture, id, prompt, ANSWER, think, 0);
      const [turn] = turnsOf(await waitFor('the new chat’s turn', async () => turnsOf(await conversation(site, id)).length === 1 && conversation(site, id)));
      expect(turn).toMatchObject({
        site,
        conversationId: id,
        ...model,
        promptTokens: count(prompt),
        historyTokens: 0,
        answerTokens: count(ANSWER.join('\n')),
        ...(think ? { reasoningTokens: count(THINK) } : {}),
      });
      if (!think) expect(turn!.reasoningTokens).toBeUndefined();
      await page.close();
    },
  );
});
