/**
 * Ids cannot break counting: message and conversation ids are the page's, any string, including
 * every name Object.prototype has (`__proto__`, `constructor`, `toString`, `hasOwnProperty`, ...).
 * Each run goes the whole count path: a page with those ids, the tracker, the protocol schemas the
 * worker validates with, the worker's seed and turn handlers, the conversation's stored history and
 * the ledger; a reload of the same page counts nothing again.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { countingHandlers } from '../../../src/counting/handlers';
import type { CountedTurn } from '../../../src/domain';
import { protocol } from '../../../src/messaging/protocol';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { newLedger } from '../support/ledger';
import { testSite, trackTestSite, type TestPage } from '../support/test-site';
import { newCounting } from '../../support/counting';

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const id = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ minLength: 1, maxLength: 40 }));
const conversationId = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/));

/** Adds a message whose id is set as an attribute value (any string, quotes included). */
function add(page: TestPage, role: 'user' | 'assistant', messageId: string, text: string): void {
  const el = page.add(role, 'x', text);
  el.setAttribute('data-id', messageId);
}

/** The page's messages through the tracker: what it sends when it loads (seeds) and after one prompt (the turn). */
async function tracked(conversation: string, ids: string[], reload = false) {
  vi.useFakeTimers();
  try {
    const page = trackTestSite(testSite(), `https://test.example/c/${conversation}`);
    add(page, 'user', ids[0], 'Earlier question');
    add(page, 'assistant', ids[1], 'Earlier answer');
    if (reload) {
      add(page, 'user', ids[2], 'New question');
      add(page, 'assistant', ids[3], 'New answer, counted once.');
    }
    page.tracker.start();
    await vi.advanceTimersByTimeAsync(SETTLE_MS.quiet + 500);
    if (!reload) {
      page.type('New question');
      add(page, 'user', ids[2], 'New question');
      page.busy(true);
      await vi.advanceTimersByTimeAsync(300);
      add(page, 'assistant', ids[3], 'New answer, counted once.');
      page.busy(false);
      await vi.advanceTimersByTimeAsync(SETTLE_MS.quiet + 500);
    }
    page.tracker.stop();
    return page;
  } finally {
    vi.useRealTimers();
  }
}

describe('ids named like built-in object properties', () => {
  it('are counted like any other id, the whole way from the page to the ledger', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(conversationId, fc.uniqueArray(id, { minLength: 4, maxLength: 4 }), async (conversation, ids) => {
        fakeBrowser.reset();
        const counting = newCounting();
        const ledger = newLedger();
        const recorded: CountedTurn[] = [];
        const handlers = countingHandlers({
          counting,
          record: async (t) => {
            recorded.push(t);
            const o = await ledger.record(t);
            return o.entry ? { entry: o.entry, images: o.images } : null;
          },
        });
        /** What the worker does with a message: validate it with the protocol schema, then handle it. */
        const deliver = async (page: TestPage) => {
          for (const { type, data } of page.sent) {
            if (type === 'conversation/seed') await handlers['conversation/seed']!(protocol['conversation/seed'].request.parse(data), {});
            if (type === 'turn/completed') await handlers['turn/completed']!(protocol['turn/completed'].request.parse(data), {});
          }
        };

        const page = await tracked(conversation, ids);
        expect(page.seeds().flatMap((s) => s.messages.map((m) => m.id))).toEqual([ids[0], ids[1]]);
        expect(page.turns()).toEqual([expect.objectContaining({ conversationId: conversation, turnId: ids[3], promptId: ids[2] })]);
        await deliver(page);

        const earlier = countTokens('Earlier question') + countTokens('Earlier answer');
        const prompt = countTokens('New question');
        const answer = countTokens('New answer, counted once.');
        expect(recorded).toEqual([expect.objectContaining({ turnId: ids[3], promptTokens: prompt, historyTokens: earlier, answerTokens: answer })]);
        const state = await counting.conversations.read('chatgpt', conversation);
        expect(state.historyTokens).toBe(earlier + prompt + answer);
        expect(Object.keys(state.turns)).toEqual([ids[3]]);
        expect(Object.keys(state.messages).sort()).toEqual([...ids].sort());

        // A reload (a worker that reads the history back from storage): the same page seeds the same
        // ids and counts nothing again.
        counting.conversations.dropCached();
        const reloaded = await tracked(conversation, ids, true);
        expect(reloaded.turns()).toEqual([]);
        await deliver(reloaded);
        const after = await counting.conversations.read('chatgpt', conversation);
        expect(after.historyTokens).toBe(earlier + prompt + answer);
        expect(Object.keys(after.turns)).toEqual([ids[3]]);
        expect(recorded).toHaveLength(1);
      }),
      {
        numRuns: 60,
        examples: [
          ['__proto__', ['__proto__', 'constructor', 'toString', 'valueOf']],
          ['constructor', ['hasOwnProperty', '__proto__', 'isPrototypeOf', 'toLocaleString']],
        ],
      },
    );
  });
});
