/**
 * Perplexity's two bugs, in each browser, on its fixture page at its real host URL: an answer
 * followed by its sources count ("15 sources") and no "Prepared using …" line counts as Sonar, the
 * default model (`epsilon-70b`), not at the unlisted custom rate; and the popup's costliest chats say
 * how much of the chat's input is history without the answer's own search, which a new chat would
 * read too. The expected share is the stored turn's history over its input, formatted as the popup
 * formats a share.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShare } from '../../../src/display/numbers';
import type { DriverPage } from '../support/driver';
import { chunked, streamingFixture } from '../support/chat-pages';
import { popupState, send, storedValues } from '../support/extension-api';
import type { ScenarioContext } from '../support/scenario-context';
import { waitFor } from '../support/wait';

const ORIGIN = 'https://www.perplexity.ai';
const THREAD = 'offshore-wind-by-country-e2eSources15';
const PROMPT = 'Which countries built the most offshore wind?';
const ANSWER = ['China built most of the offshore wind added last year.', 'The United Kingdom and Germany follow.'];
/** Under the answer: its sources button, and no model line. */
const SOURCES_LINE = '<div class="font-sans text-sm text-quiet"><button type="button"><span>15 sources</span></button></div>';

export function perplexitySourcesScenario(ctx: ScenarioContext): void {
  describe('a Perplexity answer followed by its sources count and no model line', () => {
    let popup: DriverPage;
    let tab: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      await b.serveChatPage(ORIGIN, streamingFixture('perplexity-2026-en.html'));
      popup = await b.open(`${b.extensionOrigin}/popup.html`);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await tab?.close();
      await popup?.close();
    });

    it('counts as Sonar, with its search estimated, and the popup’s history share leaves the search out', async () => {
      tab = await ctx.browser().open(`${ORIGIN}/search/${THREAD}`);
      await waitFor('the history seed', async () => Object.keys(await storedValues(popup)).some((k) => k.includes(THREAD)));
      await tab.evaluate(
        ([paragraphs, line]) => {
          const w = window as unknown as { __nextAnswer: unknown; __modelLine: string };
          w.__nextAnswer = { paragraphs };
          w.__modelLine = line;
        },
        [ANSWER.map(chunked), SOURCES_LINE] as const,
      );
      await tab.fill('#ask-input', PROMPT);
      await tab.click('[data-send]');
      await tab.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, 30_000);
      const turn = await waitFor('the counted turn', async () => {
        const t = (await popupState(popup)).lastTurn;
        return t?.conversationId === THREAD && t;
      });
      // Sonar, Perplexity's default model, not the unlisted custom rate.
      expect(turn.modelKey).toBe('epsilon-70b');
      expect(turn.customWhPer1k).toBeUndefined();
      expect(turn.extras?.search).toMatchObject({ searches: 1 });
      expect(turn.historyTokens).toBeGreaterThan(0);

      // The share: the earlier messages re-read, over the whole input (prompt, history and the answer's own search).
      const share = turn.historyTokens / turn.inputTokens;
      expect(share).toBeLessThan(0.5);
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('[data-testid="costliest-chat"]');
      const row = await popup.text('[data-testid="costliest-chat"]');
      expect(row).toContain(`history: ${formatShare(share, 'en')} of input`);
    });
  });
}
