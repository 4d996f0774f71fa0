/**
 * Perplexity, Microsoft Copilot and Grok in Chromium, at each site's real host URL (fixture pages,
 * no network), with the built extension. For each site: a thread whose messages seed the history,
 * an answer that pauses midway for 4 s while the page still shows it is generating (counted once,
 * complete, never partially), a second turn that re-reads the first as history, and a new chat at
 * `/` whose URL becomes the conversation's while its first answer is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { modelCounter, siteCounter, siteTokens } from './support/site-tokens';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION, openExtensionPage } from './support/extension-page';
import { chunked, storedConversation, storedSiteHealth, streamingFixture } from './support/chat-pages';
import { waitFor } from './support/wait';
import type { CountedTurn } from '../../src/domain/turns';
import { GROK } from './scenarios/chat-fixtures';

let ext: LaunchedExtension;
let context: BrowserContext;
const conversation = (site: string, id: string) => storedConversation(runningWorker(ext), site, id);
const siteHealth = (site: string) => storedSiteHealth(runningWorker(ext), site);

interface SiteCase {
  site: 'perplexity' | 'copilot' | 'grok';
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

const CASES: SiteCase[] = [
  {
    site: 'perplexity',
    origin: 'https://www.perplexity.ai',
    fixture: 'perplexity-2026-en.html',
    path: (id) => `/search/${id}`,
    threadId: 'how-much-co2-does-a-wind-turb-Xq3vR8sTQ2uYlM0aB1cD2e',
    promptBox: '#ask-input',
    history: [
      'How much CO2 does a wind turbine save per year?',
      'A modern 3 MW onshore turbine produces about 7 GWh a year.\nReplacing grid power at 400 g CO2e per kWh, that saves roughly 2,800 tonnes of CO2 a year.',
      'And offshore?',
      'Offshore turbines are larger, often 12 MW or more, and run at capacity factors near 45%.\nOne such turbine saves about 19,000 tonnes of CO2 a year.',
    ],
    // The answer's own line: "Prepared using Claude Sonnet 4.6".
    model: { modelKey: 'beta-sonnet-4.6' },
    page: { __model: 'Claude Sonnet 4.6' },
  },
  {
    site: 'copilot',
    origin: 'https://copilot.microsoft.com',
    fixture: 'copilot-2026-en.html',
    path: (id) => `/chats/${id}`,
    threadId: 'wQ7e2RkP9mNc4Tz',
    promptBox: '#userInput',
    history: [
      'Which uses less water, a solar farm or a coal plant?',
      'A solar farm uses far less water.\nPhotovoltaic panels need water only for cleaning, about 0.1 litres per kWh, while a coal plant withdraws around 2 litres per kWh for cooling.',
      'And wind?',
      'Wind turbines use almost no water while they run.',
    ],
    // The mode picker reads "Smart (GPT-5)".
    model: { modelKey: 'alpha-5.6-terra' },
  },
  {
    site: 'grok',
    origin: 'https://grok.com',
    fixture: 'grok-2026-en.html',
    path: (id) => `/c/${id}`,
    threadId: '3f9d2c1b-7a6e-4d5c-9b8a-0e1f2a3b4c5d',
    promptBox: GROK.promptBox,
    history: GROK.history,
    // Grok's models are not in the table: custom, at the rate of data/custom-rates.json.
    model: { modelKey: 'custom', customWhPer1k: 2 },
    think: true,
  },
];

const ANSWER = [
  'Offshore turbines reach capacity factors of forty to fifty percent, more than most onshore sites.',
  'The wind at sea is stronger and steadier — 洋上風力は陸上より安定しています。',
];
const SECOND = ['A 15 MW offshore turbine makes about 60 GWh a year.'];
const THINK = 'The user asks about offshore output; compare capacity factors.';

/**
 * Sends a prompt and streams an answer that stops for 4 s after its 4th chunk, the page still
 * generating; `conversationId` must then hold only its `before` turns. Resolves when the answer ends.
 */
async function sendWithPause(
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
  expect(Object.keys((await conversation(c.site, midway.conversationId))?.turns ?? {})).toHaveLength(midway.before);
  await page.waitForFunction((n) => (window as unknown as { __streamDone: number }).__streamDone === n + 1, done, { timeout: 30_000 });
}

/** The conversation once it holds `n` counted turns, after a wait that would let a duplicate or a partial count arrive. */
async function turnsWhen(site: string, id: string, n: number): Promise<CountedTurn[]> {
  await waitFor(`${n} counted turn(s)`, async () => {
    const v = await conversation(site, id);
    return v && Object.keys(v.turns).length >= n && v;
  });
  await new Promise((r) => setTimeout(r, 3_000));
  return Object.values((await conversation(site, id))!.turns).sort((a, b) => a.time - b.time);
}

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  context = ext.context;
  for (const c of CASES) await serveChatPage(context, c.origin, streamingFixture(c.fixture));
});

afterAll(async () => {
  await ext?.close();
});

describe.each(CASES)('$site at its real host', (c) => {
  it('seeds the history, counts an answer that paused midway once and complete, then a second turn re-reading the first', { timeout: 120_000 }, async () => {
    const page = await context.newPage();
    await page.goto(`${c.origin}${c.path(c.threadId)}`);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation(c.site, c.threadId);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(siteTokens(c.site, c.history));
    expect(Object.keys(seeded.turns)).toEqual([]);

    const prompt = 'How much more do offshore turbines produce?';
    await sendWithPause(page, c, prompt, ANSWER, !!c.think, { conversationId: c.threadId, before: 0 });
    const [first] = await turnsWhen(c.site, c.threadId, 1);
    expect(Object.keys((await conversation(c.site, c.threadId))!.turns)).toHaveLength(1);
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
    await sendWithPause(page, c, prompt2, SECOND, false, { conversationId: c.threadId, before: 1 });
    const turns = await turnsWhen(c.site, c.threadId, 2);
    expect(turns).toHaveLength(2);
    // The second turn re-reads the whole thread: the seeded messages, the first prompt and its answer (reasoning is never history).
    expect(turns[1]).toMatchObject({
      ...c.model,
      promptTokens: siteCounter(c.site)(prompt2),
      historyTokens: siteTokens(c.site, c.history) + siteCounter(c.site)(prompt) + siteCounter(c.site)(ANSWER.join('\n')),
      answerTokens: siteCounter(c.site)(SECOND[0]),
    });
    expect(await siteHealth(c.site)).toMatchObject({ status: 'ok', reason: null });
    await page.close();
  });

  it('counts the first answer of a new chat under the URL the chat gets while that answer is written', { timeout: 120_000 }, async () => {
    const page = await context.newPage();
    await page.goto(`${c.origin}/`);
    const newId = `${c.site}-new-${Date.now().toString(36)}`;
    await page.evaluate((id) => Object.assign(window, { __newThreadSlug: id, __newChatId: id, __urlSwitchMs: 300 }), newId);
    const prompt = 'Is offshore wind worth it?';
    await sendWithPause(page, c, prompt, ANSWER, false, { conversationId: newId, before: 0 });
    expect(new URL(page.url()).pathname).toBe(c.path(newId));
    const turns = await turnsWhen(c.site, newId, 1);
    expect(turns).toEqual([
      expect.objectContaining({
        conversationId: newId,
        ...c.model,
        // A new chat's first count names the model, so its tokenizer is that model's.
        promptTokens: modelCounter(c.model.modelKey)(prompt),
        historyTokens: 0,
        answerTokens: modelCounter(c.model.modelKey)(ANSWER.join('\n')),
      }),
    ]);
    // Nothing was counted under the page's URL before it had one.
    expect(await conversation(c.site, 'new')).toBeUndefined();
    await page.close();
  });
});

describe('a redesigned page', () => {
  it('is reported as not recognized within the turn a prompt is sent on it, and nothing is counted', { timeout: 90_000 }, async () => {
    // perplexity.ai without www, with a markup the adapter does not know.
    const origin = 'https://perplexity.ai';
    await serveChatPage(
      context,
      origin,
      `<!doctype html><html><body><main id="t"></main><div id="ask-input" contenteditable="true"></div><button aria-label="Submit" type="button">Ask</button>
      <script>
        document.querySelector('button').addEventListener('click', () => {
          const box = document.getElementById('ask-input');
          const q = document.createElement('div'); q.className = 'query-v9'; q.textContent = box.textContent; box.textContent = '';
          const a = document.createElement('div'); a.className = 'answer-v9'; a.textContent = 'An answer in markup nobody has seen.';
          document.getElementById('t').append(q, a);
        });
      </script></body></html>`,
    );
    const page = await context.newPage();
    await page.goto(`${origin}/search/redesigned-thread`);
    await page.waitForTimeout(1_500);
    await page.locator('#ask-input').fill('Are you there?');
    await page.locator('button').click();
    const health = await waitFor(
      'the not-recognized report',
      async () => {
        const h = await siteHealth('perplexity');
        return h?.status === 'not-recognized' && h;
      },
      40_000,
    );
    expect(health.reason).toBe('no-messages');
    expect(await conversation('perplexity', 'redesigned-thread')).toBeUndefined();
    await page.close();
  });
});

describe('the popup', () => {
  it('shows the rate a custom turn was counted with', { timeout: 60_000 }, async () => {
    const popup = await openExtensionPage(context, ext.extensionId);
    // Grok's turns were the last counted (CASES run in order): the latest answer is Grok's.
    await expect.poll(() => popup.page.locator('[data-testid="last-model"]').textContent(), { timeout: 15_000 }).toBe('custom (2 Wh/1k tokens)');
    await expect.poll(() => popup.page.locator('[data-testid="by-model"]').textContent(), { timeout: 15_000 }).toContain('custom (2 Wh/1k tokens)');
    await popup.page.close();
  });
});
