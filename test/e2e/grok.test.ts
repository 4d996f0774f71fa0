/**
 * Grok in Chromium at grok.com: the streaming scenario of support/streamed-site.ts, and the popup
 * showing the rate a custom turn was counted with (Grok's models are not in the model table).
 */
import { describe, expect, it } from 'vitest';
import { describeStreamedSite } from './support/streamed-site';
import { openExtensionPage } from './support/extension-page';
import { GROK } from './support/chat-fixtures';

const site = describeStreamedSite({
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
});

describe('the popup', () => {
  it('shows the rate a custom turn was counted with', { timeout: 60_000 }, async () => {
    const popup = await openExtensionPage(site.context, site.ext.extensionId);
    await expect.poll(() => popup.page.locator('[data-testid="last-model"]').textContent(), { timeout: 15_000 }).toBe('custom (2 Wh/1k tokens)');
    await expect.poll(() => popup.page.locator('[data-testid="by-model"]').textContent(), { timeout: 15_000 }).toContain('custom (2 Wh/1k tokens)');
    await popup.page.close();
  });
});
