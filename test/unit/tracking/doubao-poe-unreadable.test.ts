/**
 * Doubao and Poe on a page of another layout: the tracker finds no messages, counts nothing, and
 * reports the site as not recognized once a prompt has been sent, never as a turn of zero tokens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteHealth } from '../../../src/domain';
import type { MessageResult } from '../../../src/messaging/messaging';
import { createPageTracker } from '../../../src/tracking/tracker';
import { ADAPTERS } from '../../support/adapters';
import { fixture, loadPage } from '../support/load-page';

/** Well past the grace a page without messages gets after a prompt. */
const NO_MESSAGES_WAITED_MS = 30_000;

const CASES = [
  {
    site: 'doubao',
    file: 'sites/doubao-2026-zh.html',
    url: 'https://www.doubao.com/chat/7301234567890123456',
    box: 'textarea[data-testid="chat_input_input"]',
    other: '<section class="conversation"><p class="q">海上风电多发多少电？</p><p class="a">约三分之一。</p></section>',
  },
  {
    site: 'poe',
    file: 'sites/poe-2026-en.html',
    url: 'https://poe.com/chat/2x7hq9kd3mz0ab1cd2e',
    box: 'textarea[class*="GrowingTextArea_textArea"]',
    other: '<article><p>How much?</p></article><article><p>A third more.</p></article>',
  },
] as const;

beforeEach(() => void vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Doubao and Poe on a page of another layout', () => {
  it.each(CASES)('$site: counts nothing and reports the site not recognized after a prompt', async ({ site, file, url, box, other }) => {
    const doc = loadPage(fixture(file), url);
    doc.getElementById('thread')!.innerHTML = other;
    const sent: Array<{ type: string; data: unknown }> = [];
    const send = vi.fn(async (type: string, data: unknown): Promise<MessageResult<never>> => {
      sent.push({ type, data: structuredClone(data) });
      return { ok: true, value: { ok: true } as never };
    });
    const tracker = createPageTracker({ adapter: ADAPTERS[site], doc, url: () => url, send: send as never });
    tracker.start();
    await vi.advanceTimersByTimeAsync(3_000);
    const input = doc.querySelector(box) as HTMLTextAreaElement;
    input.value = 'How much more do offshore turbines produce?';
    input.dispatchEvent(new doc.defaultView!.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event);
    await vi.advanceTimersByTimeAsync(NO_MESSAGES_WAITED_MS);
    expect(sent.filter((s) => s.type === 'turn/completed')).toEqual([]);
    expect(sent.filter((s) => s.type === 'conversation/seed')).toEqual([]);
    const health = sent.filter((s) => s.type === 'site/health').map((s) => s.data as SiteHealth);
    expect(health.at(-1)).toMatchObject({ site, status: 'not-recognized', reason: 'no-messages' });
    tracker.stop();
  });
});
