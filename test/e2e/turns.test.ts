/**
 * One answer, one turn, in Chromium with the built extension at each site's real host URL (fixture
 * pages, no network): an answer ChatGPT streams in three assistant messages is counted once, and a
 * prompt sent at once after the page moved to another conversation in the same tab
 * (history.pushState: WXT's locationchange fires before the URL changes) is counted in that
 * conversation, on every site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION } from './support/extension-page';
import { chunked, storedConversation, storedSiteHealth, streamingFixture } from './support/chat-pages';
import { waitFor } from './support/wait';
import { joinParts } from '../../src/tracking/exchanges';
import { siteCounter } from './support/site-tokens';
import type { SiteId } from '../../src/domain/site-ids';

let ext: LaunchedExtension;
let context: BrowserContext;
const conversation = (site: string, id: string) => storedConversation(runningWorker(ext), site, id);

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  context = ext.context;
});

afterAll(async () => {
  await ext?.close();
});

const streamed = (page: Page, n: number) =>
  page.waitForFunction((k) => (window as unknown as { __streamDone: number }).__streamDone === k, n, { timeout: 30_000 });

/** Waits for the conversation's stored state to hold `turns` counted turns. */
const counted = (site: string, id: string, turns: number) =>
  waitFor(`${turns} counted turn(s) in ${site}:${id}`, async () => {
    const v = await conversation(site, id);
    return v && Object.keys(v.turns).length >= turns && v;
  });

describe('an answer ChatGPT writes in several messages', () => {
  const id = 'e2e-multipart';
  const PARTS = [
    ['A 3 MW turbine at a 35% capacity factor makes about 25 MWh a day.'],
    ['That covers roughly 2,500 European homes for the day.', 'Offshore, the same turbine would make more.'],
    ['(Continued) Capacity factors at sea reach forty to fifty percent.'],
  ];
  const answerText = joinParts(PARTS.map((p) => p.join('\n')));

  it('is one turn: the prompt charged once, the output of all three parts, the next turn’s history holding every part', async () => {
    await serveChatPage(context, 'https://chatgpt.com', streamingFixture('chatgpt-multipart.html'));
    const page = await context.newPage();
    await page.goto(`https://chatgpt.com/c/${id}`);
    const seeded = await waitFor('the seed', async () => {
      const v = await conversation('chatgpt', id);
      return v && v.historyTokens > 0 && v;
    });
    const prompt = 'How much does one turbine make in a day?';
    await page.evaluate(
      (parts) => Object.assign(window, { __nextAnswer: { parts } }),
      PARTS.map((p) => p.map(chunked)),
    );
    await page.locator('#prompt-textarea').fill(prompt);
    await page.locator('[data-send]').click();
    await streamed(page, 1);
    const first = await counted('chatgpt', id, 1);
    expect(Object.values(first.turns)).toEqual([
      expect.objectContaining({ promptTokens: countTokens(prompt), historyTokens: seeded.historyTokens, answerTokens: countTokens(answerText) }),
    ]);

    const next = 'And in a year?';
    await page.evaluate(() => Object.assign(window, { __nextAnswer: { paragraphs: [['About 9 GWh.']] } }));
    await page.locator('#prompt-textarea').fill(next);
    await page.locator('[data-send]').click();
    await streamed(page, 2);
    const second = await counted('chatgpt', id, 2);
    const turns = Object.values(second.turns).sort((a, b) => a.time - b.time);
    expect(turns).toHaveLength(2);
    expect(turns[1]).toMatchObject({ promptTokens: countTokens(next), historyTokens: seeded.historyTokens + countTokens(prompt) + countTokens(answerText) });
    await page.close();
  });
});

interface SiteCase {
  site: string;
  origin: string;
  /** The conversation the page opens on, and the one it moves to in the same tab. */
  from: string;
  to: string;
  fixture: string;
  promptBox: string;
}

const CASES: SiteCase[] = [
  { site: 'chatgpt', origin: 'https://chatgpt.com', from: '/c/e2e-nav-a', to: '/c/e2e-nav-b', fixture: 'chatgpt.html', promptBox: '#prompt-textarea' },
  {
    site: 'claude',
    origin: 'https://claude.ai',
    from: '/chat/e2e-nav-a',
    to: '/chat/e2e-nav-b',
    fixture: 'claude.html',
    promptBox: '[data-testid="chat-input"]',
  },
  { site: 'gemini', origin: 'https://gemini.google.com', from: '/app/e2e0nava', to: '/app/e2e0navb', fixture: 'gemini.html', promptBox: '.ql-editor' },
  {
    site: 'deepseek',
    origin: 'https://chat.deepseek.com',
    from: '/a/chat/s/e2e-nav-a',
    to: '/a/chat/s/e2e-nav-b',
    fixture: 'deepseek-2026-10.html',
    promptBox: 'textarea[name="search"]',
  },
  { site: 'mistral', origin: 'https://chat.mistral.ai', from: '/chat/e2e-nav-a', to: '/chat/e2e-nav-b', fixture: 'mistral.html', promptBox: 'textarea' },
  {
    site: 'meta',
    origin: 'https://www.meta.ai',
    from: '/prompt/e2e-nav-a',
    to: '/prompt/e2e-nav-b',
    fixture: 'meta-2026-en.html',
    promptBox: '[data-testid="composer-input"]',
  },
];

const ANSWER = ['Offshore turbines reach capacity factors of forty to fifty percent.', 'The wind at sea is stronger and steadier.'];

describe.each(CASES)('$site: a prompt sent at once after moving to another chat in the same tab', (c) => {
  it('is counted in the chat the page moved to, with exact counts', async () => {
    await serveChatPage(context, c.origin, streamingFixture(c.fixture));
    const page = await context.newPage();
    await page.goto(`${c.origin}${c.from}`);
    const idA = c.from.split('/').at(-1)!;
    const idB = c.to.split('/').at(-1)!;
    await waitFor('the first chat seeded', async () => ((await conversation(c.site, idA))?.historyTokens ?? 0) > 0);
    const healthBefore = await storedSiteHealth(runningWorker(ext), c.site);

    const prompt = `Is the ${c.site} wind stronger offshore?`;
    await page.evaluate((paragraphs) => Object.assign(window, { __nextAnswer: { paragraphs } }), ANSWER.map(chunked));
    // In one task, as a quick user does: the app moves to the other chat (pushState, no page load),
    // the prompt is typed and sent with Enter, and the page starts writing the answer.
    await page.evaluate(
      ([to, box, text]) => {
        history.pushState({}, '', to);
        const input = document.querySelector(box) as HTMLTextAreaElement | HTMLElement;
        if ('value' in input) input.value = text;
        else input.textContent = text;
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        (document.querySelector('[data-send]') as HTMLElement).click();
      },
      [c.to, c.promptBox, prompt] as const,
    );
    await streamed(page, 1);
    const conv = await counted(c.site, idB, 1);
    // The chat left behind is still on the page: none of it is the new chat's history.
    expect(Object.values(conv.turns)).toEqual([
      expect.objectContaining({
        conversationId: idB,
        promptTokens: siteCounter(c.site as SiteId)(prompt),
        historyTokens: 0,
        answerTokens: siteCounter(c.site as SiteId)(ANSWER.join('\n')),
      }),
    ]);
    expect(Object.keys((await conversation(c.site, idA))!.turns)).toEqual([]);
    const health = await storedSiteHealth(runningWorker(ext), c.site);
    expect(health).toMatchObject({ status: 'ok' });
    expect(health!.at).toBeGreaterThanOrEqual(healthBefore?.at ?? 0);
    await page.close();
  });
});
