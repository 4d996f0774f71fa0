/**
 * Qwen Chat and Kimi in Firefox (firefox-esr, the Firefox build as a temporary add-on, one browser
 * for the file), at their real host URLs, through the driver both browsers share. A chat opened again
 * has its messages seeded as history; a thinking answer pauses for 4 s midway while the page still
 * shows it is generating, and is counted once and complete; a second turn re-reads the first. Kimi
 * shows its thinking in full: counted as reasoning. Qwen's card says only that it thought, with no
 * duration: no reasoning is counted, and the site's health names the card's title. Each count is made
 * here with the site's own tokenizer (Qwen: Qwen3, exact; Kimi: o200k, approximate).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteId } from '../../src/domain/site-ids';
import type { SiteHealth } from '../../src/domain/turns';
import { customRate } from '../../src/core/custom-rates';
import { KIMI, QWEN } from './support/chat-fixtures';
import type { DriverBrowser, DriverPage } from './support/driver';
import { launchFirefoxDriver } from './support/firefox-driver';
import { siteCounter, siteTokens } from './support/site-tokens';
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
const healthOf = async (site: string) => (await stored<Record<string, SiteHealth>>('siteHealth'))?.[site];

const CASES = [
  {
    fixture: QWEN,
    path: '/c/4a7e2c10-e2e0-4b1e-8d3c-0000000ff0aa',
    model: { modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k, tokenizer: 'qwen3' },
    thinkingShown: false,
  },
  {
    fixture: KIMI,
    path: '/chat/d4f2k8qb1s0c7m3vff0a',
    model: { modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k, tokenizer: 'o200k' },
    thinkingShown: true,
  },
] as const;

describe('Firefox: Qwen Chat and Kimi at their real hosts', () => {
  it.each(CASES)(
    '$fixture.site: seeds the reopened chat, counts a paused thinking answer once, then a second turn',
    { timeout: 120_000 },
    async ({ fixture, path, model, thinkingShown }) => {
      const site = fixture.site as SiteId;
      const id = path.split('/').at(-1)!;
      const count = siteCounter(site);
      await browser.serveChatPage(fixture.origin, fixture.html);
      const page = await browser.open(`${fixture.origin}${path}`);
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
      });
      if (thinkingShown) expect(first!.reasoningTokens).toBe(count(THINK));
      else {
        // The thinking text never reaches the page: nothing is counted for it, and health says what the card showed.
        expect(first!.reasoningTokens).toBeUndefined();
        expect(first!.estimatedReasoningTokens).toBeUndefined();
        await expect.poll(async () => (await healthOf(site))?.unreadableReasoningLabel, { timeout: 15_000 }).toBe('Thought completed');
      }
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
      expect(await healthOf(site)).toMatchObject({ status: 'ok', reason: null });
      await page.close();
    },
  );
});
