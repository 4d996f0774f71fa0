/**
 * The worker checks what content scripts send, through the listener as the worker registers it
 * (src/worker/start.ts): the limits of the protocol schemas (MESSAGE_LIMITS), and that a site's
 * turns come only from a tab on that site's hosts. A refused message is answered with a code,
 * counted in the site's health and never recorded.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Counting } from '../../../src/counting/count-turn';
import { fromSiteTabs, noteRefusedMessage } from '../../../src/counting/guard';
import { countingHandlers } from '../../../src/counting/handlers';
import { MESSAGE_LIMITS, type ConversationSeed, type CountedTurn } from '../../../src/domain/turns';
import { registerHandlers, type MessageResult } from '../../../src/messaging/messaging';
import type { MessageType } from '../../../src/messaging/protocol';
import { siteHealthItem } from '../../../src/storage/items';
import { resetBrowser } from '../support/ledger';
import { completedTurn } from '../support/completed-turn';
import { newCounting } from '../../support/counting';

const CHATGPT_TAB = 'https://chatgpt.com/c/conv-l';
const recorded: CountedTurn[] = [];

let counting: Counting;
beforeEach(() => {
  resetBrowser();
  counting = newCounting();
  recorded.length = 0;
  registerHandlers(
    fromSiteTabs(countingHandlers({ counting, record: async (t) => void recorded.push(t) }), counting.health),
    Promise.resolve(),
    noteRefusedMessage(counting.health),
  );
});

/** As Chrome delivers a content script's message: the frame's URL and its tab. */
async function fromTab(type: MessageType, data: unknown, tabUrl = CHATGPT_TAB): Promise<MessageResult<unknown>> {
  // The worker answers through sendResponse (see registerHandlers).
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger({ type, data }, { url: tabUrl, tab: { id: 7, url: tabUrl } as never }, (answer: unknown) =>
      resolve(answer as MessageResult<unknown>),
    );
  });
}

const turn = completedTurn;
const seed = (messages: ConversationSeed['messages']): ConversationSeed => ({ site: 'chatgpt', conversationId: 'conv-l', messages });

/** The site's count of refused messages once it has reached `count` (the health is written after the refusal is answered). */
async function refusedCount(site: 'chatgpt' | 'claude', count = 1) {
  await vi.waitFor(async () => expect((await siteHealthItem.getValue())[site]?.refused?.count).toBe(count));
  return (await siteHealthItem.getValue())[site]!.refused!;
}

describe('limits on what a content script sends', () => {
  it('takes a turn within the limits, from a tab on its site', async () => {
    expect(await fromTab('turn/completed', turn())).toMatchObject({ ok: true });
    expect(recorded).toHaveLength(1);
  });

  it.each([
    ['a prompt', turn({ promptText: 'x'.repeat(MESSAGE_LIMITS.messageChars + 1) })],
    ['an answer', turn({ answerText: 'y'.repeat(MESSAGE_LIMITS.messageChars + 1) })],
    ['reasoning', turn({ reasoning: { text: 'z'.repeat(MESSAGE_LIMITS.messageChars + 1), summaryOnly: false, durationLabel: null } })],
    ['a turn id', turn({ turnId: 'i'.repeat(MESSAGE_LIMITS.idChars + 1) })],
    ['a conversation id', turn({ conversationId: 'c'.repeat(MESSAGE_LIMITS.idChars + 1) })],
    ['a model label', turn({ modelLabel: 'm'.repeat(MESSAGE_LIMITS.labelChars + 1) })],
  ])('refuses a turn with %s over its limit: OVER_LIMIT, counted in the site’s health, nothing recorded', async (_what, data) => {
    expect(await fromTab('turn/completed', data)).toMatchObject({ ok: false, error: { code: 'OVER_LIMIT' } });
    expect(await refusedCount('chatgpt')).toMatchObject({ count: 1, code: 'OVER_LIMIT' });
    expect(recorded).toEqual([]);
    expect(counting.conversations.cached('chatgpt', data.conversationId)).toBeUndefined();
  });

  it('refuses a seed batch with too many messages, too much text in all, or a message id over its limit', async () => {
    const many = Array.from({ length: MESSAGE_LIMITS.seedMessages + 1 }, (_, i) => ({ id: `m${i}`, role: 'user' as const, text: 'hi' }));
    const half = 'w'.repeat(MESSAGE_LIMITS.seedChars / 2 + 1);
    const large = ['a', 'b'].map((id) => ({ id, role: 'assistant' as const, text: half }));
    for (const messages of [many, large, [{ id: 'i'.repeat(MESSAGE_LIMITS.idChars + 1), role: 'user' as const, text: 'hi' }]]) {
      expect(await fromTab('conversation/seed', seed(messages))).toMatchObject({ ok: false, error: { code: 'OVER_LIMIT' } });
    }
    expect(await refusedCount('chatgpt', 3)).toMatchObject({ count: 3, code: 'OVER_LIMIT' });
    expect((await counting.conversations.read('chatgpt', 'conv-l')).historyTokens).toBe(0);
    // Just within the limits: taken.
    const fits = Array.from({ length: MESSAGE_LIMITS.seedMessages }, (_, i) => ({ id: `m${i}`, role: 'user' as const, text: 'hi' }));
    expect(await fromTab('conversation/seed', seed(fits))).toMatchObject({ ok: true });
  });

  it('refuses a turn, a seed or a sent prompt for a site from a tab on another site’s hosts (WRONG_SITE), counted in the tab’s site', async () => {
    expect(await fromTab('turn/completed', turn({ site: 'claude' }))).toMatchObject({ ok: false, error: { code: 'WRONG_SITE' } });
    expect(await fromTab('conversation/seed', { ...seed([{ id: 'u', role: 'user', text: 'hi' }]), site: 'claude' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_SITE' },
    });
    expect(await fromTab('turn/expected', { site: 'claude', conversationId: 'conv-l', modelLabel: null })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_SITE' },
    });
    expect(await refusedCount('chatgpt', 3)).toMatchObject({ count: 3, code: 'WRONG_SITE' });
    expect(recorded).toEqual([]);
    expect(counting.conversations.cached('claude', 'conv-l')).toBeUndefined();
  });

  it('refuses a turn from a tab on no chat site, or on a look-alike host', async () => {
    for (const url of ['https://evil.example/c/x', 'https://chatgpt.com.evil.example/c/x', 'http://chatgpt.com/c/x']) {
      expect(await fromTab('turn/completed', turn(), url)).toMatchObject({ ok: false, error: { code: 'WRONG_SITE' } });
    }
    expect(recorded).toEqual([]);
    expect(await refusedCount('chatgpt', 3)).toMatchObject({ count: 3 });
  });

  it("takes a turn from the extension's own page (no chat page's code runs there), and none from a page that only names it", async () => {
    const own = fakeBrowser.runtime.getURL('/popup.html');
    expect(await fromTab('turn/completed', turn(), own)).toMatchObject({ ok: true });
    expect(await fromTab('turn/completed', turn({ turnId: 'a2' }), `https://evil.example/${own}`)).toMatchObject({ ok: false, error: { code: 'WRONG_SITE' } });
    expect(recorded.map((t) => t.turnId)).toEqual(['a1']);
  });

  it('keeps the count of refused messages when the page reports its health again', async () => {
    await fromTab('turn/completed', turn({ answerText: 'y'.repeat(MESSAGE_LIMITS.messageChars + 1) }));
    await refusedCount('chatgpt');
    expect(await fromTab('site/health', { site: 'chatgpt', status: 'ok', reason: null, at: Date.now() + 1 })).toMatchObject({ ok: true });
    expect((await siteHealthItem.getValue()).chatgpt).toMatchObject({ status: 'ok', refused: { count: 1 } });
  });
});

describe('the popup', () => {
  it('says how many messages of a site were refused', async () => {
    const { healthRows } = await import('../../../src/popup/view');
    const rows = healthRows([{ site: 'chatgpt', status: 'ok', reason: null, at: 1, refused: { count: 3, code: 'OVER_LIMIT', at: 1 } }]);
    const text = rows.find((r) => r.site === 'chatgpt')!.text;
    expect(text).toContain('3 messages from its pages were refused');
  });
});
