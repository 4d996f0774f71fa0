/**
 * The page label in Debian's Chromium on chatgpt.com (fixture page, no network), with the browser's
 * UI in English, German and Japanese: after a streamed answer, a label in its shadow root right
 * after the answer shows the figures the popup shows for the latest answer, the token counts on
 * keyboard focus; the site's switch hides it. Screenshots page-label*.png (support/screenshots.ts says where).
 * After a reload the label of an answer counted before comes back, and nothing is counted twice.
 * And the first run: installing opens the welcome page.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCount } from '../../src/display/numbers';
import { carbonQuantity, energyQuantity, quantityText, waterQuantity } from '../../src/display/scales';
import type { PopupState } from '../../src/domain';
import { storedConversation } from './support/chat-pages';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION, openExtensionPage } from './support/extension-page';
import { screenshotPath } from './support/screenshots';
import { waitFor } from './support/wait';

const fixturesDir = new URL('../fixtures/sites/', import.meta.url);
const page = readFileSync(new URL('chatgpt.html', fixturesDir), 'utf8').replace(
  '</body>',
  `<script>${readFileSync(new URL('stream.js', fixturesDir), 'utf8')}</script></body>`,
);
const ANSWER = ['Wind turbines turn the kinetic energy of moving air into electricity.', 'A modern onshore turbine makes about seven gigawatt-hours a year.'];
const chunked = (text: string) => text.match(/\S+\s*/g) ?? [];

/** Resolves once the page's messages have seeded the history of conversation `id`. */
const seeded = (ext: LaunchedExtension, id: string) =>
  waitFor('the seed', async () => ((await storedConversation(runningWorker(ext), 'chatgpt', id))?.historyTokens ?? 0) > 0);

const LOCALES = [
  { locale: 'en', numbers: 'en', suffix: '', inputWord: 'input tokens' },
  { locale: 'de', numbers: 'de', suffix: '-de', inputWord: 'Eingabe-Tokens' },
  { locale: 'ja', numbers: 'ja', suffix: '-ja', inputWord: '入力' },
];

async function streamAnswer(tab: Page, prompt: string): Promise<void> {
  await tab.evaluate((paragraphs) => {
    const w = window as unknown as { __nextAnswer: unknown; __streamDone: number; __doneAt?: number; __labelAt?: number; __chunkMs?: number };
    w.__nextAnswer = { think: null, paragraphs };
    // About 1.8 s of streaming: longer than the tracker's settle period, so it sees the page generating
    // and finds the end by polling, as with any real answer.
    w.__chunkMs = 80;
    // In-page clock: when the stream ended, and when a label was put in the page.
    let done = w.__streamDone;
    Object.defineProperty(w, '__streamDone', {
      get: () => done,
      set: (v: number) => {
        done = v;
        w.__doneAt = performance.now();
      },
    });
    new MutationObserver((records) => {
      if (records.some((r) => [...r.addedNodes].some((n) => n.nodeName === 'AI-FOOTPRINT-LABEL'))) w.__labelAt ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  }, ANSWER.map(chunked));
  await tab.locator('#prompt-textarea').fill(prompt);
  await tab.locator('[data-send]').click();
  await tab.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 30_000 });
}

describe.each(LOCALES)('the page label, UI in $locale', ({ locale, numbers, suffix, inputWord }) => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION, locale });
    await serveChatPage(ext.context, 'https://chatgpt.com', page);
  });
  afterAll(async () => ext?.close());

  it('appears after the streamed answer with the popup’s figures, tokens on focus, and the switch hides it', async () => {
    const tab = await ext.context.newPage();
    await tab.setViewportSize({ width: 900, height: 700 });
    await tab.goto(`https://chatgpt.com/c/label-${locale}`);
    await seeded(ext, `label-${locale}`);
    await streamAnswer(tab, 'How much electricity does one wind turbine make?');

    const label = tab.locator('[data-message-author-role="assistant"] + ai-footprint-label').last();
    await label.waitFor({ state: 'attached', timeout: 10_000 });
    // Within 1 s of the answer finishing (in-page clock), so the label reads as part of the answer: at most
    // one streaming poll (250 ms), the settle period (400 ms), then the worker's reply.
    const latency = await tab.evaluate(() => {
      const w = window as unknown as { __doneAt: number; __labelAt: number };
      return Math.round(w.__labelAt - w.__doneAt);
    });
    console.info(`page label (${locale}) ${latency} ms after the stream ended`);
    expect(latency).toBeLessThan(1_000);
    // Right after the last answer element, in the page flow.
    expect(await tab.evaluate(() => [...document.querySelectorAll('[data-message-author-role="assistant"]')].at(-1)!.nextElementSibling?.tagName)).toBe(
      'AI-FOOTPRINT-LABEL',
    );
    expect(await label.evaluate((host) => ({ shadow: host.shadowRoot !== null, position: getComputedStyle(host).position }))).toEqual({
      shadow: true,
      position: 'static',
    });

    const popup = await openExtensionPage(ext.context, ext.extensionId);
    const state = await popup.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    const last = state.value.lastTurn!;
    const button = label.locator('button');
    const expected = [energyQuantity(last.energyKwh, numbers), carbonQuantity(last.carbonG, numbers), waterQuantity(last.waterL, numbers)]
      .map(quantityText)
      .join(' · ');
    expect(await button.textContent()).toBe(expected);

    const details = label.locator('#details');
    expect(await details.isVisible()).toBe(false);
    await button.focus();
    expect(await details.isVisible()).toBe(true);
    const detailsText = (await details.textContent())!;
    expect(detailsText).toContain(formatCount(last.inputTokens, numbers));
    expect(detailsText).toContain(formatCount(last.outputTokens, numbers));
    expect(detailsText).toContain(inputWord);
    // Described by the whole sentence as a screen reader says it, the counts included.
    expect(await button.getAttribute('aria-describedby')).toBe('spoken');
    expect(await label.locator('#spoken').textContent()).toContain(detailsText);

    await tab.bringToFront();
    await tab.locator('[data-message-author-role="assistant"]').last().scrollIntoViewIfNeeded();
    await button.focus();
    await tab.screenshot({ path: screenshotPath(`page-label${suffix}.png`) });

    // The popup's switch for ChatGPT (in the collapsed tracking settings) hides it, and shows it again.
    await popup.page.reload();
    await popup.page.locator('#tracking-panel summary').click();
    const toggle = popup.page.locator('[data-testid="page-label-chatgpt"]');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 0, null, { timeout: 5_000 });
    await toggle.check();
    await tab.waitForFunction(() => document.querySelectorAll('ai-footprint-label').length === 1, null, { timeout: 5_000 });
  });
});

describe('the page label after a reload', () => {
  let ext: LaunchedExtension;
  /** What chatgpt.com serves: a reload serves the page as it was left, with the counted answer on it. */
  let served = page;
  beforeAll(async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
    await serveChatPage(ext.context, 'https://chatgpt.com', () => served);
  });
  afterAll(async () => ext?.close());

  it('comes back on the answer counted before, with the same text, and nothing is counted twice', async () => {
    const tab = await ext.context.newPage();
    await tab.goto('https://chatgpt.com/c/label-reload');
    await seeded(ext, 'label-reload');
    await streamAnswer(tab, 'How much electricity does one wind turbine make?');
    const counted = tab.locator('[data-message-author-role="assistant"]').last();
    const answerId = (await counted.getAttribute('data-message-id'))!;
    const label = tab.locator(`[data-message-id="${answerId}"] + ai-footprint-label`);
    await label.waitFor({ state: 'attached', timeout: 10_000 });
    const read = () =>
      label.evaluate((host) => ({
        state: (host as HTMLElement).dataset.state,
        summary: host.shadowRoot!.querySelector('button')!.textContent,
        details: host.shadowRoot!.getElementById('details')!.textContent,
      }));
    const before = await read();
    expect(before.state).toBe('counted');
    const conversationBefore = (await storedConversation(runningWorker(ext), 'chatgpt', 'label-reload'))!;
    expect(Object.keys(conversationBefore.turns)).toEqual([answerId]);

    // The page as it was left, without our label (the site's own markup has none).
    served = await tab.evaluate(() => {
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('ai-footprint-label').forEach((host) => host.remove());
      return `<!doctype html>${copy.outerHTML}`;
    });
    await tab.reload();
    await label.waitFor({ state: 'attached', timeout: 10_000 });
    expect(await read()).toEqual(before);
    // The fixture's two answers from before the extension was installed get no label at all.
    expect(await tab.locator('ai-footprint-label').count()).toBe(1);

    await tab.waitForTimeout(3_000); // longer than the tracker's quiet period: anything it would count, it has sent
    const conversationAfter = (await storedConversation(runningWorker(ext), 'chatgpt', 'label-reload'))!;
    expect(conversationAfter.turns).toEqual(conversationBefore.turns);
    expect(conversationAfter.historyTokens).toBe(conversationBefore.historyTokens);
    const popup = await openExtensionPage(ext.context, ext.extensionId);
    const state = await popup.send<PopupState>('popup/state', {});
    if (!state.ok) throw new Error(state.error.message);
    expect(state.value.daily.at(-1)!.turns).toBe(1);
  });
});

describe('first run', () => {
  let ext: LaunchedExtension;
  afterAll(async () => ext?.close());

  it('opens the welcome page on install, in the UI language', async () => {
    ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION, locale: 'de' });
    const url = `chrome-extension://${ext.extensionId}/welcome.html`;
    const welcome =
      ext.context.pages().find((p) => p.url() === url) ?? (await ext.context.waitForEvent('page', { predicate: (p) => p.url() === url, timeout: 10_000 }));
    await welcome.locator('h1').waitFor();
    expect(await welcome.locator('h1').textContent()).toBe('Willkommen bei AI Chat Footprint');
    expect(await welcome.locator('[data-testid="welcome-region"]').inputValue()).toBe('global-avg');
    await welcome.setViewportSize({ width: 900, height: 1100 });
    await welcome.screenshot({ path: screenshotPath('welcome-de.png'), fullPage: true });
    await welcome.locator('[data-testid="welcome-history"]').uncheck();
    await welcome.locator('[data-testid="welcome-status"]', { hasText: 'Gespeichert.' }).waitFor();
    const popup = await openExtensionPage(ext.context, ext.extensionId);
    const state = await popup.send<PopupState>('popup/state', {});
    expect(state.ok && state.value.settings.countHistory).toBe(false);
  });
});
