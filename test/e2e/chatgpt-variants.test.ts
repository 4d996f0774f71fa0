/**
 * ChatGPT's variant b (logged out, ol[data-conversation-transcript]) and variant c (the new UI,
 * [data-turn-key] turns) in Chromium at https://chatgpt.com, each from a fixture derived from a
 * live capture. The answer streams, pauses midway for longer than the tracker's quiet time while
 * the page still shows it is generating, then finishes: nothing may be counted during the pause,
 * and afterwards exactly one turn with the counts gpt-tokenizer gives.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { launchWithExtension, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION } from './support/extension-page';
import { storedConversation } from './support/chat-pages';
import { waitFor } from './support/wait';

const fixturesDir = new URL('../fixtures/sites/', import.meta.url);
const streamScript = readFileSync(new URL('stream.js', fixturesDir), 'utf8');

interface VariantCase {
  name: string;
  fixture: string;
  url: string;
  conversationId: string;
  promptBox: string;
  history: string[];
}

const CASES: VariantCase[] = [
  {
    name: 'b, zh-CN UI, /uc/<id> (from the 2026-10-03 live capture)',
    fixture: 'chatgpt-b-zh.html',
    url: 'https://chatgpt.com/uc/6ac003a8-d54c-83ea-bb04-28d7229e9e47',
    conversationId: '6ac003a8-d54c-83ea-bb04-28d7229e9e47',
    promptBox: 'textarea[name="prompt"]',
    history: [
      '用一句话解释向量召回',
      '向量召回就是把查询和候选内容转换成向量，通过计算向量相似度快速找出语义最相关的内容。',
      '向量召回和关键词召回有什么区别？',
      '关键词召回按字面词项匹配，速度快、可解释；向量召回按语义相似度匹配，能找到同义表达。\n实际系统常把两者结合使用。',
    ],
  },
  {
    name: 'c, en UI, a project conversation (from the 2026-09-25 live recording)',
    fixture: 'chatgpt-c-en.html',
    url: 'https://chatgpt.com/g/g-p-00000000000000000000000000000000-project/c/6aa2ce8d-3010-83ea-befd-6a9df1d7008e',
    conversationId: '6aa2ce8d-3010-83ea-befd-6a9df1d7008e',
    promptBox: 'form[data-chatgpt-composer] [contenteditable="true"]',
    history: [
      'Omega theta order case point theta vector index. Lambda lambda.lambda point gamma field case. Lambda point limit kappa, case Epsilon matrix matrix index table_1 + beta_4, theta proof ring zeta bound alpha. Table value lambda value 99 graph. Value omega case ring bound.',
      'Point_Prime_24989181\nalpha_5 + sigma_6 = 4 + 72 = 13\nDelta matrix: delta.ring',
      'Zeta value vector vector sum. Table table curve omega field claim delta limit bound; gamma sum field. Gamma vector field Beta_Kappa_34697418 zeta sigma Case node zeta lambda lambda omega index sum beta. Limit gamma lambda 97 bound; limit field lambda table sum curve limit matrix proof.',
      'Omega_Theta_17013741\n58^7 = 631',
    ],
  },
];

const ANSWER = [
  'Wind turbines convert the kinetic energy of moving air into electricity through a rotor and a generator.',
  'Modern onshore turbines reach capacity factors of thirty to forty percent, offshore ones often more — 風力発電は再生可能エネルギーです。',
];
const chunked = (text: string): string[] => text.match(/\S+\s*/g) ?? [];
/** Longer than the tracker's quiet time: a pause like a web search or a tool call. */
const PAUSE_MS = 5_000;

interface Conversation {
  historyTokens: number;
  turns: Record<string, { promptTokens: number; historyTokens: number; answerTokens: number; conversationId: string; site: string; images?: number }>;
}

const IMAGES_URL = 'https://chatgpt.com/c/6ad01f3e-7a10-83ea-9c2b-1d2e3f405060';

let ext: LaunchedExtension;
let context: BrowserContext;
const worker = (): Worker => context.serviceWorkers().at(-1) ?? ext.worker;

const conversation = async (site: string, id: string): Promise<Conversation | undefined> =>
  (await storedConversation(worker(), site, id)) as Conversation | undefined;

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  context = ext.context;
  // Each conversation path gets its variant's page, as the site serves them side by side.
  await context.route('https://chatgpt.com/**', (route) => {
    if (route.request().resourceType() !== 'document') return route.fulfill({ status: 404, body: '' });
    const path = new URL(route.request().url()).pathname;
    const file = path === new URL(IMAGES_URL).pathname ? 'chatgpt-images.html' : CASES.find((v) => new URL(v.url).pathname === path)?.fixture;
    if (!file) return route.fulfill({ status: 404, body: '' });
    const html = readFileSync(new URL(file, fixturesDir), 'utf8').replace('</body>', `<script>${streamScript}</script></body>`);
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
  });
});

afterAll(async () => {
  await ext?.close();
});

describe.each(CASES)('ChatGPT variant $name', (c) => {
  const expectedHistory = c.history.reduce((sum, t) => sum + countTokens(t), 0);
  const prompt = 'How much electricity does one wind turbine make in a year?';
  const answerText = ANSWER.join('\n');
  let page: Page;

  it('seeds the history, counts nothing while the answer pauses midway, then one turn with exact counts', { timeout: 120_000 }, async () => {
    page = await context.newPage();
    await page.goto(c.url);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation('chatgpt', c.conversationId);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(expectedHistory);
    expect(Object.keys(seeded.turns)).toEqual([]);

    await page.evaluate(
      ([paragraphs, pauseMs]) => {
        const w = window as unknown as { __nextAnswer: unknown; __pauseAfter: number; __pauseMs: number };
        w.__nextAnswer = { paragraphs };
        w.__pauseAfter = 6;
        w.__pauseMs = pauseMs;
      },
      [ANSWER.map(chunked), PAUSE_MS] as const,
    );
    await page.locator(c.promptBox).fill(prompt);
    await page.locator('[data-send]').click();

    // Mid-pause: part of the answer is on the page, the page still shows it is generating.
    await page.waitForTimeout(PAUSE_MS - 1_000);
    const midway = await conversation('chatgpt', c.conversationId);
    expect(Object.keys(midway?.turns ?? {})).toEqual([]);

    await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 60_000 });
    const conv = await waitFor('the counted turn', async () => {
      const v = await conversation('chatgpt', c.conversationId);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    // Give a second count (a duplicate, or a correction) the time to arrive before checking there is none.
    await page.waitForTimeout(3_000);
    const final = (await conversation('chatgpt', c.conversationId))!;
    const turns = Object.values(final.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      site: 'chatgpt',
      conversationId: c.conversationId,
      promptTokens: countTokens(prompt),
      historyTokens: expectedHistory,
      answerTokens: countTokens(answerText),
    });
    expect(conv.historyTokens).toBeGreaterThan(0);
    expect(final.historyTokens).toBe(expectedHistory + countTokens(prompt) + countTokens(answerText));
    await page.close();
  });
});

describe('ChatGPT generated images (variant c)', () => {
  it(
    "records an answer's two images once, after their placeholders became images, and never the upload, favicons or the chart",
    { timeout: 120_000 },
    async () => {
      const page = await context.newPage();
      await page.goto(IMAGES_URL);
      // The page opens with an answer still drawing its image: it finishes before anything is seeded.
      await page.waitForTimeout(1_000);
      await page.evaluate(() => (window as unknown as { chatSite: { finishPending(): void } }).chatSite.finishPending());
      // The answer that was generating when the page opened is counted once, with its one image
      // (a placeholder first): the page was watched while it finished.
      const before = await waitFor('the first answer', async () => {
        const conv = await conversation('chatgpt', '6ad01f3e-7a10-83ea-9c2b-1d2e3f405060');
        return conv && Object.keys(conv.turns).length > 0 && conv;
      });
      expect(Object.values(before.turns).map((t) => t.images)).toEqual([1]);

      const answer = 'Here are two more, in blue and in green.';
      await page.evaluate(
        (paragraphs) => {
          const w = window as unknown as { __nextAnswer: unknown; __images: number; __pauseAfter: number; __pauseMs: number };
          w.__nextAnswer = { paragraphs };
          w.__images = 2;
          w.__pauseAfter = 3;
          w.__pauseMs = 4_000;
        },
        [chunked(answer)],
      );
      const prompt = 'Two more logos, please.';
      await page.locator('form[data-chatgpt-composer] [contenteditable="true"]').fill(prompt);
      await page.locator('[data-send]').click();
      await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 60_000 });
      await waitFor('the counted turn', async () => {
        const v = await conversation('chatgpt', '6ad01f3e-7a10-83ea-9c2b-1d2e3f405060');
        return v && Object.keys(v.turns).length > 1 && v;
      });
      await page.waitForTimeout(3_000);
      const turns = Object.entries((await conversation('chatgpt', '6ad01f3e-7a10-83ea-9c2b-1d2e3f405060'))!.turns);
      expect(turns).toHaveLength(2);
      const added = turns.find(([id]) => !(id in before.turns))![1];
      expect(added).toMatchObject({ promptTokens: countTokens(prompt), answerTokens: countTokens(answer), images: 2 });
      await page.close();
    },
  );
});
