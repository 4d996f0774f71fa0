/**
 * Work out of sight, in each browser: on a chat site's fixture page at its real host URL, an answer
 * streamed without it is counted exactly as before (no `extras`), then the same answer showing the
 * work (a web search's sources on meta.ai, a deep research run's header on chatgpt.com, a generated
 * video on grok.com) is recorded with the estimate by the cited rule (src/features/work/rules.ts,
 * data/hidden-work.json, data/video-energy.json) and the same counts of its text. On the same
 * chatgpt.com page a third answer closes a voice chat (hand-made "Voice chat ended" row,
 * test/fixtures/sites/README.md): its audio tokens by OpenAI's Realtime rule replace its transcript's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateResearch } from '../../../src/features/research/rules';
import { estimateSearch } from '../../../src/features/search/rules';
import { estimateVideo, videoSite } from '../../../src/features/video/rules';
import { estimateVoice } from '../../../src/features/voice/rules';
import type { LedgerEntry } from '../../../src/domain/ledger';
import type { SiteId } from '../../../src/domain/site-ids';
import type { DriverPage } from '../support/driver';
import { chunked } from '../support/chat-pages';
import { CHATGPT, GROK, META, type ChatFixture } from '../support/chat-fixtures';
import { popupState, send, storedValue } from '../support/extension-api';
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
/** Under a ChatGPT answer's message, in its turn: the row that closes a voice chat, with the chat's length. */
const VOICE_SECONDS = 90;
const VOICE_ROW = '<div class="flex justify-center text-sm"><div class="flex flex-col items-center"><div>Voice chat ended</div><div>1m 30s</div></div></div>';

/** Markup an answer shows once written: in its text's element (`html`) or under its message (`turnHtml`), as stream.js adds them. */
type Shown = { html?: string; turnHtml?: string };
const FIRST = 'How much offshore wind is there?';
const SECOND = 'And who built it?';
const THIRD = 'Say that again, out loud?';

/** The fixture driver's end of the n-th streamed answer: functions that run in the page take no closure. */
const STREAM_DONE = [
  () => (window as unknown as { __streamDone: number }).__streamDone === 1,
  () => (window as unknown as { __streamDone: number }).__streamDone === 2,
  () => (window as unknown as { __streamDone: number }).__streamDone === 3,
];

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

export function hiddenWorkScenario(ctx: ScenarioContext): void {
  describe('work out of sight: searches, research runs, voice chats and videos the page shows', () => {
    let ext: DriverPage;

    beforeAll(async () => {
      const b = ctx.browser();
      for (const site of [CHATGPT, GROK, META]) await b.serveChatPage(site.origin, site.html);
      ext = await b.open(`${b.extensionOrigin}/popup.html`);
      expect(await send(ext, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
    });
    afterAll(async () => {
      await chatgptPage?.close();
      await ext?.close();
    });

    /** Streams `ANSWER` (with what it shows of the work) and resolves with the recorded turn. */
    async function streamTurn(page: DriverPage, site: ChatFixture, prompt: string, shown: Shown, n: number, after?: string): Promise<LedgerEntry> {
      await page.evaluate(([paragraphs, shown]) => void ((window as unknown as { __nextAnswer: unknown }).__nextAnswer = { paragraphs, ...shown }), [
        ANSWER.map(chunked),
        shown,
      ] as const);
      await page.fill(site.promptBox, prompt);
      await page.click('[data-send]');
      await page.waitForFunction(STREAM_DONE[n - 1], 30_000);
      const conversationId = new URL(site.url).pathname.split('/').pop()!;
      return waitFor(`the counted ${site.site} turn`, async () => {
        const t = (await popupState(ext)).lastTurn;
        return t?.site === site.site && t.conversationId === conversationId && t.turnId !== after && t;
      });
    }

    /** A plain answer, then the same answer showing the work: the first as today, the second with the estimate. `keep`: leave the page open. */
    async function plainThenShown(site: ChatFixture, shown: Shown, keep = false): Promise<[LedgerEntry, LedgerEntry, DriverPage]> {
      const count = siteCounter(site.site as SiteId);
      const history = site.history.reduce((n, t) => n + count(t), 0);
      const conversationId = new URL(site.url).pathname.split('/').pop()!;
      const page = await ctx.browser().open(site.url);
      await waitFor(
        `the ${site.site} history seed`,
        async () => (await storedValue<{ historyTokens?: number }>(ext, `conversation:${site.site}:${conversationId}`))?.historyTokens === history,
      );
      const plain = await streamTurn(page, site, FIRST, {}, 1);
      expect(plain).toMatchObject({ promptTokens: count(FIRST), historyTokens: history, answerTokens: count(text), inputTokens: count(FIRST) + history });
      expect(plain.extras).toBeUndefined();
      const withWork = await streamTurn(page, site, SECOND, shown, 2, plain.turnId);
      // The text is counted as it was without the work: the estimate is kept apart.
      expect(withWork).toMatchObject({ promptTokens: count(SECOND), historyTokens: history + count(FIRST) + count(text), answerTokens: count(text) });
      if (!keep) await page.close();
      return [plain, withWork, page];
    }
    let chatgptPage: DriverPage | undefined;

    it('records a search on meta.ai by its site’s rule, apart from the counted text', async () => {
      const [, shown] = await plainThenShown(META, { html: SEARCH_HTML });
      const rule = value(estimateSearch('meta', 1));
      expect(shown.extras?.search).toEqual({ searches: 1, tokens: rule.input_tokens, historyTokens: 0, rule: rule.rule });
    });

    it('records a deep research run on chatgpt.com at the low end of the published range, the high end kept', async () => {
      const [, shown, page] = await plainThenShown(CHATGPT, { html: RESEARCH_HTML }, true);
      chatgptPage = page;
      const run = value(estimateResearch(1));
      expect(shown.extras?.research).toEqual({ runs: 1, tokens: run.low_tokens, highTokens: run.high_tokens, rule: run.rule });
      expect(shown.extras?.search).toBeUndefined();
    });

    it('records the answer that closes a voice chat on chatgpt.com as audio tokens by OpenAI’s Realtime rule, in place of its transcript', async () => {
      const page = chatgptPage;
      if (!page) throw new Error('the research run’s chatgpt.com page is not open');
      const count = siteCounter('chatgpt');
      const before = (await popupState(ext)).lastTurn!;
      const voiced = await streamTurn(page, CHATGPT, THIRD, { turnHtml: VOICE_ROW }, 3, before.turnId);
      // The row's length, split by the spoken characters of the prompt's and the answer's transcripts.
      const said = (s: string) => s.replace(/\s+/g, '').length;
      const userSeconds = (VOICE_SECONDS * said(THIRD)) / (said(THIRD) + said(text));
      const voice = value(estimateVoice('chatgpt', [{ user_seconds: userSeconds, assistant_seconds: VOICE_SECONDS - userSeconds }]));
      expect(voiced.extras?.voice).toEqual({ inputTokens: voice.input_tokens, outputTokens: voice.output_tokens, rule: voice.rule });
      // The transcript is still counted as before (the row is not part of it); the request prices the audio instead.
      expect(voiced).toMatchObject({ promptTokens: count(THIRD), answerTokens: count(text) });
      expect(voiced).toMatchObject({ inputTokens: voice.input_tokens + voiced.historyTokens, outputTokens: voice.output_tokens });
      await page.close();
      chatgptPage = undefined;
    });

    it('records a generated video on grok.com by the site’s model row, with its default length and size', async () => {
      const [, shown] = await plainThenShown(GROK, { html: VIDEO_HTML });
      const row = videoSite('grok')!;
      const video = value(estimateVideo({ model: row.model, width: row.width, height: row.height, seconds: row.default_seconds, with_audio: row.with_audio }));
      expect(shown.extras?.video).toEqual({
        videos: 1,
        seconds: video.seconds,
        wh: video.wh.central,
        whLow: video.wh.low,
        whHigh: video.wh.high,
        rule: video.rule,
      });
    });
  });
}
