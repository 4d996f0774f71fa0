/**
 * An answer counted and then extended (it paused longer than the tracker waited) comes again as the
 * same turnId with a higher revision: the worker replaces its counts, in the conversation's history
 * and in the ledger. One turn, final counts, never two.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Counting } from '../../../src/counting/count-turn';
import { countingHandlers } from '../../../src/counting/handlers';
import type { TurnCompleted } from '../../../src/domain';
import { newLedger } from '../support/ledger';
import { newCounting } from '../../support/counting';

const PROMPT = 'How much water does a data center use?';
const PARTIAL = 'It depends on the cooling system';
const FULL = 'It depends on the cooling system and the climate; evaporative cooling uses the most.';

const turn = (answerText: string, extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-r',
  turnId: 'a1',
  promptId: 'u1',
  modelLabel: 'gpt-4o',
  promptText: PROMPT,
  answerText,
  finishedAt: Date.UTC(2026, 10, 22, 12, 0, 0),
  ...extra,
});

let counting: Counting;
const countTurn = (t: TurnCompleted) => counting.countTurn(t);
beforeEach(() => {
  fakeBrowser.reset();
  counting = newCounting();
});

describe('a revised turn', () => {
  it('replaces the counts and the history it added, and the next turn re-reads the final answer', async () => {
    const first = (await countTurn(turn(PARTIAL))).counted;
    const revised = (await countTurn(turn(FULL, { revision: 1, finishedAt: first.time + 5_000 }))).counted;
    expect(revised).toMatchObject({ turnId: 'a1', time: first.time, historyTokens: first.historyTokens, answerTokens: countTokens(FULL), revision: 1 });
    const next = (await countTurn(turn('Yes.', { turnId: 'a2', promptId: 'u2', promptText: 'Really?' }))).counted;
    expect(next.historyTokens).toBe(countTokens(PROMPT) + countTokens(FULL));
  });

  it('is ignored when it is not newer than what was counted (a resend after a restart)', async () => {
    await countTurn(turn(PARTIAL));
    const revised = (await countTurn(turn(FULL, { revision: 1 }))).counted;
    const resent = (await countTurn(turn(FULL, { revision: 1 }))).counted;
    const stale = (await countTurn(turn(PARTIAL))).counted;
    expect(resent).toEqual(revised);
    expect(stale).toEqual(revised);
  });

  it('leaves one ledger entry with the final counts', async () => {
    const ledger = newLedger();
    const handlers = countingHandlers({ counting, record: async (t) => void (await ledger.record(t)) });
    await handlers['turn/completed']!(turn(PARTIAL), {} as never);
    await handlers['turn/completed']!(turn(FULL, { revision: 1 }), {} as never);
    await handlers['turn/completed']!(turn(FULL, { revision: 1 }), {} as never);
    const json = JSON.parse((await ledger.exportLedger('json')).content) as { turns: Array<{ turnId: string; answerTokens: number }> };
    expect(json.turns.map((t) => [t.turnId, t.answerTokens])).toEqual([['a1', countTokens(FULL)]]);
    expect((await ledger.popupState()).totals.allTime.turns).toBe(1);
  });
});
