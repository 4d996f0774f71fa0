/**
 * The page label, in each browser: after a streamed answer on chatgpt.com (fixture page at its
 * real host URL), one label in an open shadow root right after the answer shows the figures of
 * the latest answer as the popup has them; the popup's switch for the site takes it off the open
 * tab and puts it back (the worker's `labels/switch` message to the chat tabs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carbonQuantity, energyQuantity, quantityText, waterQuantity } from '../../../src/display/scales';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { waitFor } from '../support/wait';
import { CHATGPT } from '../support/chat-fixtures';
import type { ScenarioContext } from '../support/scenario-context';
import { popupState, send, storedValues } from '../support/extension-api';

const URL_OF_CHAT = 'https://chatgpt.com/c/e2e-shared-label';
const ANSWER = ['A heat pump moves heat instead of making it.', 'It gives three to four units of heat for each unit of electricity.'];

/** The labels on the page: the tag of the element before each, and its button's text. */
const labelsOnPage = () =>
  [...document.querySelectorAll('ai-footprint-label')].map((host) => ({
    after: host.previousElementSibling?.getAttribute('data-message-author-role') ?? null,
    text: host.shadowRoot?.querySelector('button')?.textContent ?? null,
  }));

export function labelScenario(ctx: ScenarioContext): void {
  describe('the page label and the popup’s switch for it', () => {
    let popup: DriverPage;
    let tab: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      await b.serveChatPage(CHATGPT.origin, CHATGPT.html);
      popup = await b.open(`${b.extensionOrigin}/popup.html`);
      await popup.setViewport(380, 600);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await tab?.close();
      await popup?.close();
    });

    it('shows the latest answer’s figures after it, and the switch takes it off the open tab and back', async () => {
      tab = await ctx.browser().open(URL_OF_CHAT);
      const conversationId = new URL(URL_OF_CHAT).pathname.split('/').pop()!;
      await waitFor('the history seed', async () => Object.keys(await storedValues(popup)).some((k) => k.includes(conversationId)));
      await tab.evaluate((paragraphs) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs }), ANSWER.map(chunked));
      await tab.fill(CHATGPT.promptBox, 'What does a heat pump do?');
      await tab.click('[data-send]');
      await tab.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, 30_000);

      await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length > 0, 10_000);
      const last = (await popupState(popup)).lastTurn!;
      expect(last.conversationId).toBe(conversationId);
      // The answers already on the page were never counted: they get no label, the streamed one does.
      const expected = [energyQuantity(last.energyKwh, 'en'), carbonQuantity(last.carbonG, 'en'), waterQuantity(last.waterL, 'en')]
        .map(quantityText)
        .join(' · ');
      expect(await tab.evaluate(labelsOnPage, null)).toEqual([{ after: 'assistant', text: expected }]);

      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="totals"]');
      await popup.click('#tracking-panel summary');
      await popup.click('[data-testid="page-label-chatgpt"]');
      await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 0, 10_000);
      expect((await popupState(popup)).settings.pageLabels?.chatgpt).toBe(false);

      await popup.click('[data-testid="page-label-chatgpt"]');
      await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 1, 10_000);
      expect(await tab.evaluate(labelsOnPage, null)).toEqual([{ after: 'assistant', text: expected }]);
    });
  });
}
