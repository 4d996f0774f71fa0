/**
 * Tracking, in each browser: on four chat sites (fixture pages at their real host URLs), the
 * messages already on the page are the history, a streamed answer is counted once with exact
 * counts (prompt, history, answer) by the site's tokenizer (o200k; Llama 3 on meta.ai, a
 * vocabulary the worker loads from the extension's files), the popup lists the sites and the model
 * (Grok's with the custom rate it was counted with), and the badge shows today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculate } from '../../../src/core';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { siteCounter } from '../support/site-tokens';
import type { SiteId } from '../../../src/domain/site-ids';
import { waitFor } from '../support/wait';
import { CHATGPT, CLAUDE, GROK, META, type ChatFixture } from '../support/chat-fixtures';
import type { ScenarioContext } from '../support/scenario-context';
import { badgeBackground, badgeShowsWh, badgeText, digits, popupState, send, storedValue } from '../support/extension-api';

const ANSWER = [
  'Wind turbines turn the kinetic energy of moving air into electricity with a rotor and a generator.',
  'Onshore turbines reach capacity factors of thirty to forty percent; offshore ones often more.',
];

export function trackingScenario(ctx: ScenarioContext): void {
  describe('tracking on four chat sites, with the history already on the page', () => {
    let ext: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      for (const site of [CHATGPT, CLAUDE, GROK, META]) await b.serveChatPage(site.origin, site.html);
      ext = await b.open(`${b.extensionOrigin}/popup.html`);
      expect(await send(ext, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await ext?.close();
    });

    async function streamTurn(site: ChatFixture, prompt: string): Promise<void> {
      const conversationId = new URL(site.url).pathname.split('/').pop()!;
      const countTokens = siteCounter(site.site as SiteId);
      const history = site.history.reduce((n, t) => n + countTokens(t), 0);
      const page = await ctx.browser().open(site.url);
      // The page's messages are seeded as history before anything is sent.
      await waitFor(
        `the ${site.site} history seed`,
        async () => (await storedValue<{ historyTokens?: number }>(ext, `conversation:${site.site}:${conversationId}`))?.historyTokens === history,
      );
      await page.evaluate((paragraphs) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs }), ANSWER.map(chunked));
      await page.fill(site.promptBox, prompt);
      await page.click('[data-send]');
      await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, 30_000);

      const last = await waitFor(`the counted ${site.site} turn`, async () => {
        const t = (await popupState(ext)).lastTurn;
        return t?.site === site.site && t.conversationId === conversationId && t;
      });
      const answerText = ANSWER.join('\n');
      expect(last).toMatchObject({
        promptTokens: countTokens(prompt),
        historyTokens: history,
        answerTokens: countTokens(answerText),
        inputTokens: countTokens(prompt) + history,
        outputTokens: countTokens(answerText),
        computedBy: 'local',
      });
      const custom = last.customWhPer1k === undefined ? {} : { custom_wh_per_1k: last.customWhPer1k };
      const want = calculate({ model: last.modelKey, input_tokens: last.inputTokens, output_tokens: last.outputTokens, region: last.region, ...custom });
      if (!want.ok) throw new Error(want.error.message);
      expect(last.energyKwh).toBe(want.value.energy_kwh);
      await page.close();
    }

    it('counts a turn streamed on chatgpt.com with the four messages on the page as history', async () => {
      await streamTurn(CHATGPT, 'Is wind power renewable?');
    });

    it('counts a turn streamed on claude.ai with the two messages on the page as history', async () => {
      await streamTurn(CLAUDE, 'How does a wind turbine make electricity?');
    });

    it('counts a turn streamed on meta.ai with Llama 3’s own tokenizer', async () => {
      await streamTurn(META, 'Does a turbine work in light wind?');
      expect((await popupState(ext)).lastTurn).toMatchObject({ site: 'meta', tokenizer: 'llama3' });
    });

    it('counts a turn streamed on grok.com as custom, at the rate of data/custom-rates.json', async () => {
      await streamTurn(GROK, 'How much does one turbine make?');
      expect((await popupState(ext)).lastTurn).toMatchObject({ site: 'grok', modelKey: 'custom', customWhPer1k: 2 });
    });

    it('shows the sites in the popup and today’s energy on the badge, each turn counted once', async () => {
      const s = await popupState(ext);
      expect(s.totals.today.turns).toBe(4);
      expect(s.bySite.map((r) => r.site).sort()).toEqual(['chatgpt', 'claude', 'grok', 'meta']);
      await ext.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await ext.waitForSelector('[data-testid="last-answer"]');
      expect(digits(await ext.text('[data-testid="last-prompt"]'))).toBe(String(s.lastTurn!.promptTokens));
      expect(digits(await ext.text('[data-testid="last-history"]'))).toBe(String(s.lastTurn!.historyTokens));
      expect(digits(await ext.text('[data-testid="last-input"]'))).toBe(String(s.lastTurn!.inputTokens));
      expect(digits(await ext.text('[data-testid="last-output"]'))).toBe(String(s.lastTurn!.outputTokens));
      // The latest turn is Grok's: its model with the rate it was counted with.
      expect(await ext.text('[data-testid="last-model"]')).toBe('custom (2 Wh/1k tokens)');
      await expect.poll(async () => badgeShowsWh(await badgeText(ext), s.totals.today.energyKwh * 1000), { timeout: 10_000 }).toBe(true);
      expect(await badgeBackground(ext)).toEqual([0x0b, 0x6e, 0x4f, 255]); // the icon's green (src/worker/badge.ts)
    });
  });
}
