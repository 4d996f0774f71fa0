/**
 * Work out of sight, in each browser: on a chat site's fixture page at its real host URL, an answer
 * streamed without it is counted exactly as before (no `extras`), then the same answer showing the
 * work (a web search's sources on meta.ai, a deep research run's header on chatgpt.com, a generated
 * video on grok.com) is recorded with the estimate by the cited rule (src/core/hidden-work.ts,
 * data/hidden-work.json, data/video-energy.json) and the same counts of its text. No site shows a
 * voice exchange with its durations (test/fixtures/hidden-work-markup.md): voice has no scenario.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateResearch, estimateSearch, estimateVideo, videoSite } from '../../../src/core/hidden-work';
import type { LedgerEntry } from '../../../src/domain/ledger';
import type { SiteId } from '../../../src/domain/site-ids';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { CHATGPT, GROK, META, type ChatFixture } from '../support/chat-fixtures';
import { popupState, send, storedValues } from '../support/extension-api';
import type { ScenarioContext } from '../support/scenario-context';
import { siteCounter } from '../support/site-tokens';
import { waitFor } from '../support/wait';

const ANSWER = [
  'Offshore wind reached about 83 GW of capacity worldwide by the end of last year.',
  'China built most of what was added, then the United Kingdom and Germany.',
];
const text = ANSWER.join('\n');

/** What each site's page shows of the work, after the answer's text (its reader leaves it out of the text). */
const SEARCH_HTML =
  '<a data-testid="citation-pill" href="https://l.meta.ai/?u=https%3A%2F%2Fgwec.net%2Freport" aria-label="gwec.net"><span>gwec.net</span></a>' +
  '<a data-testid="citation-pill" href="https://l.meta.ai/?u=https%3A%2F%2Fiea.org%2Fwind" aria-label="iea.org"><span>iea.org</span></a>';
const RESEARCH_HTML = '<div><button type="button">Research completed in 4m · 21 sources · 37 searches</button></div>';
const VIDEO_HTML = '<div><video src="https://assets.grok.com/users/e2e/generated/v1/generated_video.mp4" muted playsinline></video></div>';

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

export function hiddenWorkScenario(ctx: ScenarioContext): void {
  describe('work out of sight: searches, research runs and videos the page shows', () => {
    let ext: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      for (const site of [CHATGPT, GROK, META]) await b.serveChatPage(site.origin, site.html);
      ext = await b.open(`${b.extensionOrigin}/popup.html`);
      expect(await send(ext, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await ext?.close();
    });

    /** Streams `ANSWER` (with `html` after it) and resolves with the recorded turn. */
    async function streamTurn(page: DriverPage, site: ChatFixture, prompt: string, html: string | undefined, n: number, after?: string): Promise<LedgerEntry> {
      await page.evaluate(([paragraphs, html]) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs, html }), [
        ANSWER.map(chunked),
        html,
      ] as const);
      await page.fill(site.promptBox, prompt);
      await page.click('[data-send]');
      // The driver's functions run in the page: no closure, one function per answer.
      await page.waitForFunction(
        n === 1
          ? () => (window as unknown as { __streamDone: number }).__streamDone === 1
          : () => (window as unknown as { __streamDone: number }).__streamDone === 2,
        30_000,
      );
      const conversationId = new URL(site.url).pathname.split('/').pop()!;
      return waitFor(`the counted ${site.site} turn`, async () => {
        const t = (await popupState(ext)).lastTurn;
        return t?.site === site.site && t.conversationId === conversationId && t.turnId !== after && t;
      });
    }

    /** A plain answer, then the same answer showing the work: the first as today, the second with the estimate. */
    async function plainThenShown(site: ChatFixture, html: string): Promise<[LedgerEntry, LedgerEntry]> {
      const count = siteCounter(site.site as SiteId);
      const history = site.history.reduce((n, t) => n + count(t), 0);
      const conversationId = new URL(site.url).pathname.split('/').pop()!;
      const page = await ctx.browser().open(site.url);
      await waitFor(`the ${site.site} history seed`, async () =>
        Object.entries(await storedValues(ext)).some(
          ([k, v]) => k.includes(conversationId) && (v as { historyTokens?: number } | null)?.historyTokens === history,
        ),
      );
      const first = 'How much offshore wind is there?';
      const plain = await streamTurn(page, site, first, undefined, 1);
      expect(plain).toMatchObject({ promptTokens: count(first), historyTokens: history, answerTokens: count(text), inputTokens: count(first) + history });
      expect(plain.extras).toBeUndefined();
      const second = 'And who built it?';
      const shown = await streamTurn(page, site, second, html, 2, plain.turnId);
      // The text is counted as it was without the work: the estimate is kept apart.
      expect(shown).toMatchObject({ promptTokens: count(second), historyTokens: history + count(first) + count(text), answerTokens: count(text) });
      await page.close();
      return [plain, shown];
    }

    it('records a search on meta.ai by its site’s rule, apart from the counted text', async () => {
      const [, shown] = await plainThenShown(META, SEARCH_HTML);
      const rule = value(estimateSearch('meta', 1));
      expect(shown.extras?.search).toEqual({ searches: 1, tokens: rule.input_tokens, historyTokens: 0, rule: rule.rule });
    });

    it('records a deep research run on chatgpt.com at the low end of the published range, the high end kept', async () => {
      const [, shown] = await plainThenShown(CHATGPT, RESEARCH_HTML);
      const run = value(estimateResearch(1));
      expect(shown.extras?.research).toEqual({ runs: 1, tokens: run.low_tokens, highTokens: run.high_tokens, rule: run.rule });
      expect(shown.extras?.search).toBeUndefined();
    });

    it('records a generated video on grok.com by the site’s model row, with its default length and size', async () => {
      const [, shown] = await plainThenShown(GROK, VIDEO_HTML);
      const row = videoSite('grok')!;
      const video = value(estimateVideo({ model: row.model, width: row.width, height: row.height, seconds: row.default_seconds, with_audio: row.with_audio }));
      expect(shown.extras?.video).toEqual({ videos: 1, seconds: video.seconds, wh: video.wh.central, rule: video.rule });
    });
  });
}
