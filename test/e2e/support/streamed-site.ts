/**
 * One site's chat page in Chromium at its real host URL (a fixture page, no network), with the built
 * extension: a thread whose messages seed the history, an answer that pauses midway for 4 s while
 * the page still shows it is generating (counted once, complete, never partially), a second turn that
 * re-reads the first as history, and a new chat at `/` whose URL becomes the conversation's while its
 * first answer is written. Each site's e2e file runs it with its own `SiteCase`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { CountedTurn, SiteHealth } from '../../../src/domain/turns';
import type { ConversationState } from '../../../src/domain/conversation';
import type { SiteId } from '../../../src/sites';
import { siteCounter, siteTokens, turnCounter } from './site-tokens';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './launch';
import { BUILT_EXTENSION } from './extension-page';
import { chunked, storedConversation, storedSiteHealth, streamingFixture } from './chat-pages';
import { waitFor } from './wait';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export interface SiteCase {
  site: SiteId;
  origin: string;
  fixture: string;
  /** A conversation's path on the site. */
  path: (id: string) => string;
  threadId: string;
  promptBox: string;
  /** The texts of the messages on the fixture page (answers without their reasoning). */
  history: string[];
  /** What the counted turns carry as their model (the fixture's label mapped by data/site-models.json). */
  model: Pick<CountedTurn, 'modelKey' | 'customWhPer1k'>;
  /** The site shows the thinking in full: counted exactly as reasoning. */
  think?: boolean;
  /** Driver settings of the page before a prompt is sent. */
  page?: Record<string, unknown>;
}

export const ANSWER = [
  'Offshore turbines reach capacity factors of forty to fifty percent, more than most onshore sites.',
  'The wind at sea is stronger and steadier — 洋上風力は陸上より安定しています。',
];
const SECOND = ['A 15 MW offshore turbine makes about 60 GWh a year.'];
export const THINK = 'The user asks about offshore output; compare capacity factors.';

/**
 * Sends a prompt and streams an answer that stops for 4 s after its 4th chunk, the page still
 * generating; `conversationId` must then hold only its `before` turns. Resolves when the answer ends.
 */
async function sendWithPause(
  session: StreamedSite,
  page: Page,
  c: SiteCase,
  prompt: string,
  paragraphs: string[],
  think: boolean,
  midway: { conversationId: string; before: number },
): Promise<void> {
  await page.evaluate(
    ([thinkChunks, chunks, extra]) => {
      Object.assign(window, { __nextAnswer: { think: thinkChunks, paragraphs: chunks }, __pauseAfter: 4, __pauseMs: 4_000, ...extra });
    },
    [think ? chunked(THINK) : null, paragraphs.map(chunked), c.page ?? {}] as const,
  );
  const done = await page.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone);
  await page.locator(c.promptBox).fill(prompt);
  await page.locator('[data-send]').click();
  // Midway through the pause: part of the answer is on the page, nothing may be counted yet.
  await page.waitForTimeout(2_500);
  expect(await page.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone)).toBe(done);
  expect(Object.keys((await session.conversation(c.site, midway.conversationId))?.turns ?? {})).toHaveLength(midway.before);
  await page.waitForFunction((n) => (window as unknown as { __streamDone: number }).__streamDone === n + 1, done, { timeout: 30_000 });
}

/** The conversation once it holds `n` counted turns, after a wait that would let a duplicate or a partial count arrive. */
async function turnsWhen(session: StreamedSite, site: string, id: string, n: number): Promise<CountedTurn[]> {
  await waitFor(`${n} counted turn(s)`, async () => {
    const v = await session.conversation(site, id);
    return v && Object.keys(v.turns).length >= n && v;
  });
  await new Promise((r) => setTimeout(r, 3_000));
  return Object.values((await session.conversation(site, id))!.turns).sort((a, b) => a.time - b.time);
}

/** The browser with the extension that a site's file shares between its tests. */
export interface StreamedSite {
  readonly ext: LaunchedExtension;
  readonly context: BrowserContext;
  conversation(site: string, id: string): Promise<ConversationState | undefined>;
  siteHealth(site: string): Promise<SiteHealth | undefined>;
}

/** Launches the built extension in Chromium before the file's tests and closes it after them. */
export function useExtension(): StreamedSite {
  let ext: LaunchedExtension | undefined;
  const session: StreamedSite = {
    get ext() {
      return ext!;
    },
    get context() {
      return ext!.context;
    },
    conversation: (site, id) => storedConversation(runningWorker(ext!), site, id),
    siteHealth: (site) => storedSiteHealth(runningWorker(ext!), site),
  };
  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  });
  afterAll(async () => {
    await ext?.close();
  });
  return session;
}

/** Serves a fixture page of test/fixtures/sites/ (with the streaming driver) for every page of an origin. */
export const serveFixture = (session: StreamedSite, origin: string, fixture: string): Promise<void> =>
  serveChatPage(session.context, origin, streamingFixture(fixture));

/** The conversation once it holds a counted turn. */
export const firstCounted = (session: StreamedSite, site: string, id: string): Promise<ConversationState> =>
  waitFor('the counted turn', async () => {
    const v = await session.conversation(site, id);
    return v && Object.keys(v.turns).length > 0 && v;
  });

/** The conversation once its messages on the page have been sent as history. */
export const seededConversation = (session: StreamedSite, site: string, id: string): Promise<ConversationState> =>
  waitFor('the seed', async () => {
    const conv = await session.conversation(site, id);
    return conv && conv.historyTokens > 0 && conv;
  });

/**
 * Sends a prompt and streams an answer (its reasoning first, then `images` drawn after placeholders)
 * that stops for 4 s after its 4th chunk, the page still generating. Resolves when the answer ends.
 */
export async function streamAnswer(page: Page, promptBox: string, prompt: string, answer: { think?: string; paragraphs: string[] }, images = 0): Promise<void> {
  await page.evaluate(
    ([think, paragraphs, images]) => {
      Object.assign(window, { __nextAnswer: { think, paragraphs }, __pauseAfter: 4, __pauseMs: 4_000, __nextImages: images });
    },
    [answer.think ? chunked(answer.think) : null, answer.paragraphs.map(chunked), images] as const,
  );
  const done = await page.evaluate(() => (window as unknown as { __streamDone: number }).__streamDone);
  await page.locator(promptBox).fill(prompt);
  await page.locator('[data-send]').click();
  await page.waitForFunction((n) => (window as unknown as { __streamDone: number }).__streamDone === n + 1, done, { timeout: 30_000 });
}

/** Launches the extension for the file, serves the site's fixture at its origin, and defines the site's streaming tests. */
export function describeStreamedSite(c: SiteCase): StreamedSite {
  const session = useExtension();
  beforeAll(() => serveFixture(session, c.origin, c.fixture));

  describe(`${c.site} at its real host`, () => {
    it('seeds the history, counts an answer that paused midway once and complete, then a second turn re-reading the first', { timeout: 120_000 }, async () => {
      const page = await session.context.newPage();
      await page.goto(`${c.origin}${c.path(c.threadId)}`);
      const seeded = await waitFor('the seed', async () => {
        const conv = await session.conversation(c.site, c.threadId);
        return conv && conv.historyTokens > 0 && conv;
      });
      expect(seeded.historyTokens).toBe(siteTokens(c.site, c.history));
      expect(Object.keys(seeded.turns)).toEqual([]);

      const prompt = 'How much more do offshore turbines produce?';
      await sendWithPause(session, page, c, prompt, ANSWER, !!c.think, { conversationId: c.threadId, before: 0 });
      // No wait for a late duplicate here: the second turn's midway check (2.5 s on) and its final count (3 s
      // after it) would see one, and the end checks that this turn was never revised.
      const [first] = Object.values((await firstCounted(session, c.site, c.threadId)).turns);
      expect(Object.keys((await session.conversation(c.site, c.threadId))!.turns)).toHaveLength(1);
      expect(first).toMatchObject({
        site: c.site,
        conversationId: c.threadId,
        ...c.model,
        promptTokens: siteCounter(c.site)(prompt),
        historyTokens: siteTokens(c.site, c.history),
        answerTokens: siteCounter(c.site)(ANSWER.join('\n')),
      });
      // Counted once when it ended, never first in part and then corrected.
      expect(first.revision).toBeUndefined();
      if (c.think) expect(first.reasoningTokens).toBe(siteCounter(c.site)(THINK));
      else expect(first.reasoningTokens).toBeUndefined();

      const prompt2 = 'And a 15 MW one?';
      await sendWithPause(session, page, c, prompt2, SECOND, false, { conversationId: c.threadId, before: 1 });
      const turns = await turnsWhen(session, c.site, c.threadId, 2);
      expect(turns).toHaveLength(2);
      expect(turns[0].turnId).toBe(first.turnId);
      expect(turns[0].revision).toBeUndefined();
      expect(turns[0].answerTokens).toBe(first.answerTokens);
      // The second turn re-reads the whole thread: the seeded messages, the first prompt and its answer (reasoning is never history).
      expect(turns[1]).toMatchObject({
        ...c.model,
        promptTokens: siteCounter(c.site)(prompt2),
        historyTokens: siteTokens(c.site, c.history) + siteCounter(c.site)(prompt) + siteCounter(c.site)(ANSWER.join('\n')),
        answerTokens: siteCounter(c.site)(SECOND[0]),
      });
      expect(await session.siteHealth(c.site)).toMatchObject({ status: 'ok', reason: null });
      await page.close();
    });

    it('counts the first answer of a new chat under the URL the chat gets while that answer is written', { timeout: 120_000 }, async () => {
      const page = await session.context.newPage();
      await page.goto(`${c.origin}/`);
      const newId = `${c.site}-new-${Date.now().toString(36)}`;
      await page.evaluate((id) => Object.assign(window, { __newThreadSlug: id, __newChatId: id, __urlSwitchMs: 300 }), newId);
      const prompt = 'Is offshore wind worth it?';
      const newChatCounter = turnCounter(c.site, c.model.modelKey);
      await sendWithPause(session, page, c, prompt, ANSWER, false, { conversationId: newId, before: 0 });
      expect(new URL(page.url()).pathname).toBe(c.path(newId));
      const turns = await turnsWhen(session, c.site, newId, 1);
      expect(turns).toEqual([
        expect.objectContaining({
          conversationId: newId,
          ...c.model,
          // A new chat's first count names the model, so its tokenizer is that model's (a custom rate's, the site's).
          promptTokens: newChatCounter(prompt),
          historyTokens: 0,
          answerTokens: newChatCounter(ANSWER.join('\n')),
        }),
      ]);
      // Nothing was counted under the page's URL before it had one.
      expect(await session.conversation(c.site, 'new')).toBeUndefined();
      await page.close();
    });
  });

  return session;
}

/** o200k tokens of several texts (the sites whose model family counts with o200k). */
export const tokens = (texts: string[]): number => texts.reduce((sum, t) => sum + countTokens(t), 0);
