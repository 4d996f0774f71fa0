/**
 * The built extension in Debian's Chromium on each chat site's real host URL (fixture pages, no
 * network). A script in the page streams an answer in chunks the way the site does; the test
 * checks the turn the worker counted, token for token, and that a reload counts nothing again.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { siteCounter } from './support/site-tokens';
import type { SiteId } from '../../src/domain/site-ids';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION } from './support/extension-page';
import { chunked, storedConversation as conversation, storedSiteHealth as siteHealth, streamingFixture } from './support/chat-pages';
import { waitFor } from './support/wait';
import { CHATGPT, CLAUDE, META } from './support/chat-fixtures';
import { SITE_IDS } from '../../src/domain/site-ids';
import { CONTENT_SCRIPT_BUDGET_BYTES } from '../../scripts/build/content-scripts';

interface SiteCase {
  site: string;
  url: string;
  fixture: string;
  promptBox: string;
  /** Texts of the messages on the fixture page: they seed the history. */
  history: string[];
  think?: boolean;
  modelKey: string;
}

const CASES: SiteCase[] = [
  {
    site: 'chatgpt',
    url: 'https://chatgpt.com/c/e2e-chatgpt',
    fixture: 'chatgpt.html',
    promptBox: CHATGPT.promptBox,
    history: CHATGPT.history,
    modelKey: 'alpha-4o',
  },
  {
    site: 'claude',
    url: 'https://claude.ai/chat/e2e-claude',
    fixture: 'claude.html',
    promptBox: CLAUDE.promptBox,
    history: CLAUDE.history,
    modelKey: 'beta-opus-4.5',
  },
  {
    site: 'gemini',
    url: 'https://gemini.google.com/app/e2e0gemini',
    fixture: 'gemini.html',
    promptBox: '.ql-editor',
    history: ['Name three renewable energy sources.', 'Solar, wind and hydropower.'],
    modelKey: 'gamma-3.1-pro-preview',
  },
  {
    site: 'deepseek',
    url: 'https://chat.deepseek.com/a/chat/s/e2e-deepseek',
    fixture: 'deepseek-2026-10.html',
    promptBox: 'textarea[name="search"]',
    // The answers without their reasoning (read apart, see test/e2e/deepseek.test.ts).
    history: [
      '用一句话解释向量召回',
      '向量召回就是：把用户查询和所有候选内容都转成向量，然后快速找出与查询向量最相似（距离最近）的那一批候选。',
      '向量召回和关键词召回有什么区别？',
      '两者的主要区别：\n关键词召回按字面词项匹配，速度快、可解释。\n向量召回按语义相似度匹配，能找到同义表达。',
    ],
    modelKey: 'delta-v4-flash',
  },
  {
    site: 'mistral',
    url: 'https://chat.mistral.ai/chat/e2e-mistral',
    fixture: 'mistral.html',
    promptBox: 'textarea',
    history: ['Write a haiku about wind turbines.', 'White arms turn slowly,\nthe hill exhales into light,\nwind becomes the lamp.'],
    modelKey: 'zeta-medium-3.5',
  },
  {
    site: 'meta',
    url: 'https://www.meta.ai/prompt/e2e-meta',
    fixture: 'meta-2026-en.html',
    promptBox: META.promptBox,
    history: META.history,
    modelKey: 'epsilon-4-maverick',
  },
];

const ANSWER = [
  'Wind turbines convert the kinetic energy of moving air into electricity through a rotor and a generator.',
  'Modern onshore turbines reach capacity factors of thirty to forty percent, offshore ones often more — 風力発電は再生可能エネルギーです。',
];
const THINK = 'The user asks about turbines; explain the energy conversion and typical output.';

let ext: LaunchedExtension;
const worker = () => runningWorker(ext);
let context: BrowserContext;
/** What each origin serves: a reload serves the page as it was left (with the streamed turn). */
const served = new Map<string, string>();

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
  context = ext.context;
  for (const c of CASES) {
    const origin = new URL(c.url).origin;
    served.set(origin, streamingFixture(c.fixture));
    await serveChatPage(context, origin, () => served.get(origin)!);
  }
});

afterAll(async () => {
  await ext?.close();
});

describe.each(CASES)('$site', (c) => {
  // With the site's own tokenizer where one is public (DeepSeek V3, Gemma 3, Llama 3), else o200k.
  const count = siteCounter(c.site as SiteId);
  const conversationId = new URL(c.url).pathname.split('/').filter(Boolean).at(-1)!;
  const expectedHistory = c.history.reduce((sum, t) => sum + count(t), 0);
  const prompt = `How much electricity does one ${c.site} wind turbine make?`;
  const answerText = [...(c.think ? [THINK] : []), ...ANSWER].join('\n');
  let page: Page;

  it('seeds the history from the page, then counts a streamed answer once with exact token counts', async () => {
    page = await context.newPage();
    await page.goto(c.url);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation(worker(), c.site, conversationId);
      return conv && conv.historyTokens > 0 && conv;
    });
    expect(seeded.historyTokens).toBe(expectedHistory);
    expect(Object.keys(seeded.turns)).toEqual([]);

    await page.evaluate(
      ([think, paragraphs]) => {
        (window as unknown as { __nextAnswer: unknown }).__nextAnswer = { think, paragraphs };
      },
      [c.think ? chunked(THINK) : null, ANSWER.map(chunked)] as const,
    );
    await page.locator(c.promptBox).fill(prompt);
    await page.locator('[data-send]').click();
    await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 30_000 });

    const conv = await waitFor('the counted turn', async () => {
      const v = await conversation(worker(), c.site, conversationId);
      return v && Object.keys(v.turns).length > 0 && v;
    });
    const turns = Object.values(conv.turns);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({
      site: c.site,
      conversationId,
      modelKey: c.modelKey,
      promptTokens: count(prompt),
      historyTokens: expectedHistory,
      answerTokens: count(answerText),
    });
    expect(conv.historyTokens).toBe(expectedHistory + count(prompt) + count(answerText));

    expect(await siteHealth(worker(), c.site)).toMatchObject({ status: 'ok', reason: null });
  });

  it('counts nothing again when the page is reloaded with the turn on it', async () => {
    const origin = new URL(c.url).origin;
    served.set(origin, await page.content());
    const before = await conversation(worker(), c.site, conversationId);
    const healthBefore = await siteHealth(worker(), c.site);
    await page.reload();
    // The reloaded page was recognized (a fresh 'ok' report) and its messages seeded...
    await waitFor('the reloaded page to be recognized', async () => (await siteHealth(worker(), c.site))!.at > healthBefore!.at);
    await page.waitForTimeout(3_000);
    // ...without counting anything again or growing the history.
    const after = await conversation(worker(), c.site, conversationId);
    expect(Object.keys(after!.turns)).toHaveLength(1);
    expect(after!.historyTokens).toBe(before!.historyTokens);
    await page.close();
  });
});

describe('never counting zero silently', () => {
  it('reports the site as not recognized when a prompt is sent on a page whose markup it does not know', async () => {
    const origin = 'https://chat.openai.com';
    const redesigned = `<!doctype html><html><body><main id="t"></main>
      <textarea id="prompt-textarea"></textarea><button data-testid="send-button" type="button">Send</button>
      <script>
        document.querySelector('button').addEventListener('click', () => {
          const box = document.getElementById('prompt-textarea');
          const q = document.createElement('div'); q.className = 'bubble-v9'; q.textContent = box.value; box.value = '';
          const a = document.createElement('div'); a.className = 'bubble-v9'; a.textContent = 'An answer in markup nobody has seen.';
          document.getElementById('t').append(q, a);
        });
      </script></body></html>`;
    await serveChatPage(context, origin, redesigned);
    const page = await context.newPage();
    await page.goto(`${origin}/c/redesigned`);
    await page.waitForTimeout(1_500);
    await page.locator('#prompt-textarea').fill('Are you there?');
    await page.locator('button').click();
    const health = await waitFor(
      'the not-recognized report',
      async () => {
        const h = await siteHealth(worker(), 'chatgpt');
        return h?.status === 'not-recognized' && h;
      },
      40_000,
    );
    expect(health.reason).toBe('no-messages');
    expect(await conversation(worker(), 'chatgpt', 'redesigned')).toBeUndefined();
    await page.close();
  });

  it('keeps the content script of each site within its budget, free of the tokenizer and of the other adapters', () => {
    // ChatGPT's (four markups) too: what a page needs only now and then (the readers of work out of
    // sight and of files a sent prompt shows, the page report, the page labels) loads when used, as
    // the file readers do.
    const dir = join(BUILT_EXTENSION, 'content-scripts');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
    expect(files.sort()).toEqual([...SITE_IDS].map((s) => `${s}.js`).sort());
    for (const f of files) {
      const file = join(dir, f);
      expect(statSync(file).size, f).toBeLessThanOrEqual(CONTENT_SCRIPT_BUDGET_BYTES);
      const code = readFileSync(file, 'utf8');
      expect(code, f).not.toMatch(/o200k|bpeRanks/);
      for (const other of SITE_IDS.filter((s) => `${s}.js` !== f)) expect(code, `${f} holds ${other}`).not.toContain(`site:\`${other}\``);
    }
  });

  it('keeps the site readers out of the popup and the worker, which need only the facts of each site', () => {
    const chunks = join(BUILT_EXTENSION, 'chunks');
    const popup = readdirSync(chunks).filter((f) => /^popup-.*\.js$/.test(f));
    expect(popup).toHaveLength(1);
    // Adapter methods, and a ChatGPT markup reader's own field and selector (they sit outside the adapter object).
    const readers = /findTurns|readText\(|streamingMarks|result-streaming/;
    expect(readFileSync(join(chunks, popup[0]), 'utf8')).not.toMatch(readers);
    expect(readFileSync(join(BUILT_EXTENSION, 'background.js'), 'utf8')).not.toMatch(readers);
  });
});

describe('the page report', () => {
  it('comes from the content script of the chat page on request: its structure and versions, none of its text', async () => {
    const url = 'https://chatgpt.com/c/e2e-report-0123456789';
    const page = await context.newPage();
    await page.goto(url);
    const answer = await waitFor('the report', async () => {
      const r = (await worker().evaluate(async (pageUrl) => {
        const chrome = (
          globalThis as unknown as {
            chrome: { tabs: { query(q: object): Promise<Array<{ id: number }>>; sendMessage(id: number, m: unknown): Promise<unknown> } };
          }
        ).chrome;
        const [tab] = await chrome.tabs.query({ url: pageUrl });
        return tab ? chrome.tabs.sendMessage(tab.id, { type: 'page/report', data: {} }).catch(() => undefined) : undefined;
      }, url)) as { ok: boolean; value?: { report: string } } | undefined;
      return r?.ok ? r : undefined;
    });
    const report = JSON.parse(answer.value!.report);
    expect(report).toMatchObject({ site: 'chatgpt', format: 3, saw: { conversationIdInUrl: true } });
    // The page as the first test left it: its two turns and the streamed one.
    expect(report.saw.user).toBeGreaterThanOrEqual(2);
    expect(report.saw.assistant).toBe(report.saw.user);
    expect(report.extensionVersion).toMatch(/^\d+\.\d+\.\d+/);
    for (const text of CASES[0].history) for (const line of text.split('\n')) expect(answer.value!.report).not.toContain(line);
    expect(answer.value!.report).not.toContain('e2e-report');
    await page.close();
  });
});

describe('when the worker stops', () => {
  it('counts a turn finished while the worker was stopped once, with exact counts, when it wakes up', async () => {
    const url = 'https://chatgpt.com/c/e2e-restart';
    const page = await context.newPage();
    await page.goto(url);
    const seeded = await waitFor('the seed', async () => {
      const conv = await conversation(worker(), 'chatgpt', 'e2e-restart');
      return conv && conv.historyTokens > 0 && conv;
    });
    await page.evaluate((paragraphs) => {
      (window as unknown as { __nextAnswer: unknown; __chunkMs: number }).__nextAnswer = { paragraphs };
      (window as unknown as { __chunkMs: number }).__chunkMs = 40;
    }, ANSWER.map(chunked));
    const prompt = 'Does the count survive a worker restart?';
    await page.locator('#prompt-textarea').fill(prompt);
    await page.locator('[data-send]').click();

    // Stop the extension's service worker while the answer streams.
    const cdp = await context.newCDPSession(page);
    const versions = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Array<{ versionId: string; scriptURL: string; runningStatus: string }> }) =>
      e.versions.filter((v) => v.scriptURL.startsWith(`chrome-extension://${ext.extensionId}/`)).forEach((v) => versions.set(v.versionId, v.runningStatus)),
    );
    await cdp.send('ServiceWorker.enable');
    await waitFor('the worker version', async () => versions.size > 0);
    for (const versionId of versions.keys()) await cdp.send('ServiceWorker.stopWorker', { versionId });
    await waitFor('the worker to stop', async () => [...versions.values()].includes('stopped'));
    await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 30_000 });

    const conv = await waitFor(
      'the counted turn',
      async () => {
        const v = await conversation(worker(), 'chatgpt', 'e2e-restart').catch(() => undefined);
        return v && Object.keys(v.turns).length > 0 && v;
      },
      30_000,
    );
    const answerText = ANSWER.join('\n');
    expect(Object.values(conv.turns)).toEqual([
      expect.objectContaining({ promptTokens: countTokens(prompt), historyTokens: seeded.historyTokens, answerTokens: countTokens(answerText) }),
    ]);
    await page.waitForTimeout(2_000);
    expect(Object.keys((await conversation(worker(), 'chatgpt', 'e2e-restart'))!.turns)).toHaveLength(1);
    await cdp.detach();
    await page.close();
  });
});
