/**
 * Doubao in Chromium at www.doubao.com: the streaming scenario of support/streamed-site.ts (the
 * chat's messages seeded as history when it is opened again, an answer with its deep thinking that
 * pauses midway, a second turn, a new chat whose URL becomes /chat/local_<n> and then /chat/<id>),
 * counted in o200k (Doubao's tokenizer is not public: approximate) at the doubao custom rate.
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite } from './support/streamed-site';
import { openExtensionPage } from './support/extension-page';
import { DOUBAO } from './support/chat-fixtures';
import { customRate } from '../../src/core/custom-rates';

const rate = customRate('doubao').wh_per_1k;

const site = describeStreamedSite({
  site: 'doubao',
  origin: 'https://www.doubao.com',
  fixture: 'doubao-2026-zh.html',
  path: (id) => `/chat/${id}`,
  threadId: '7301234567890123456',
  promptBox: DOUBAO.promptBox,
  history: DOUBAO.history,
  // Doubao's models are not in the table: custom, at the rate data/custom-rates.json derives for them.
  model: { modelKey: 'custom', customWhPer1k: rate },
  think: true,
});

describe('the popup', () => {
  it('shows the rate a Doubao turn was counted with, and that its count is approximate', { timeout: 60_000 }, async () => {
    const popup = await openExtensionPage(site.context, site.ext.extensionId);
    await expect.poll(() => popup.page.locator('[data-testid="last-model"]').textContent(), { timeout: 15_000 }).toBe(`custom (${rate} Wh/1k tokens)`);
    expect(await popup.page.locator('[data-testid="last-tokenizer"]').textContent()).toBe('approximate (o200k)');
    await popup.page.close();
  });
});
