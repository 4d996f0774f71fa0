/**
 * A chat whose page keeps only its newest turns mounted: first read that way, its history is what
 * the page showed, marked incomplete in the counted turn and in the site's health, never exact; a
 * chat counted before keeps the history it has in storage, however little of it a later page shows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countingHandlers } from '../../../src/counting/handlers';
import type { ConversationSeed, TurnCompleted, TurnRecorded } from '../../../src/domain/turns';
import { protocol } from '../../../src/messaging/protocol';
import { siteHealthItem } from '../../../src/storage/items';
import { newLedger } from '../support/ledger';
import { newCounting } from '../../support/counting';

const AT = Date.UTC(2026, 10, 20, 12, 0, 0);
const Q = (n: number) => `Question ${n}: how much energy does a long answer take?`;
const A = (n: number) => `Answer ${n}: it depends on the model, the tokens and the data center's grid.`;

const turn = (conversationId: string, n: number): TurnCompleted => ({
  site: 'chatgpt',
  conversationId,
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText: Q(n),
  answerText: A(n),
  finishedAt: AT + n,
});

const seedOf = (conversationId: string, turns: number[], partial?: true): ConversationSeed => ({
  site: 'chatgpt',
  conversationId,
  messages: turns.flatMap((i) => [
    { id: `u${i}`, role: 'user' as const, text: Q(i) },
    { id: `a${i}`, role: 'assistant' as const, text: A(i) },
  ]),
  ...(partial ? { partial } : {}),
});

function worker() {
  const ledger = newLedger();
  const counting = newCounting();
  const handlers = countingHandlers({
    counting,
    record: async (t) => {
      const o = await ledger.record(t);
      return o.entry ? { entry: o.entry, images: o.images } : null;
    },
  });
  return {
    counting,
    count: async (t: TurnCompleted) => protocol['turn/completed'].response.parse(await handlers['turn/completed']!(t, {})) as TurnRecorded,
    seed: async (s: ConversationSeed) => protocol['conversation/seed'].request.parse(s) && handlers['conversation/seed']!(s, {}),
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a chat whose page shows only its newest turns', () => {
  it('first read so: its history is what the page showed, and the turn and the health say it is incomplete', async () => {
    const w = worker();
    await w.seed(seedOf('long', [7, 8], true));
    const seeded = await w.counting.conversations.read('chatgpt', 'long');
    expect(seeded.history).toBe('incomplete');
    const history = seeded.historyTokens;
    await w.count(turn('long', 9));
    const state = await w.counting.conversations.read('chatgpt', 'long');
    expect(state.turns.a9).toMatchObject({ historyTokens: history, historyIncomplete: true });
    expect((await siteHealthItem.getValue()).chatgpt?.historyIncomplete).toEqual({ at: AT + 9 });
  });

  it('counted before: keeps the history it has in storage, and stays exact', async () => {
    const w = worker();
    await w.seed(seedOf('known', [1]));
    await w.count(turn('known', 2));
    await w.count(turn('known', 3));
    const before = (await w.counting.conversations.read('chatgpt', 'known')).historyTokens;
    // Reopened: the page mounts only the newest turn (counted here) and says earlier ones exist.
    await w.seed(seedOf('known', [3], true));
    await w.count(turn('known', 4));
    const state = await w.counting.conversations.read('chatgpt', 'known');
    expect(state.history).toBeUndefined();
    expect(state.turns.a4.historyTokens).toBe(before);
    expect(state.turns.a4.historyIncomplete).toBeUndefined();
    expect((await siteHealthItem.getValue()).chatgpt?.historyIncomplete).toBeUndefined();
  });

  it('read from its start: exact, as before', async () => {
    const w = worker();
    await w.seed(seedOf('whole', [1, 2]));
    await w.count(turn('whole', 3));
    expect((await w.counting.conversations.read('chatgpt', 'whole')).turns.a3.historyIncomplete).toBeUndefined();
  });
});
