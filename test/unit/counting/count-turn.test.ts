import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Counting } from '../../../src/counting/count-turn';
import { countingHandlers } from '../../../src/counting/handlers';
import type { ConversationState } from '../../../src/domain';
import type { SettingsPatch } from '../../../src/domain/popup';
import { siteHealthItem } from '../../../src/storage/items';
import { createWorkerStorage, type WorkerStorage } from '../../../src/storage/worker-storage';
import { newLedger } from '../support/ledger';
import type { CountedTurn, TurnCompleted } from '../../../src/domain';
import { nodeCounter, nodeVocabularies } from '../../../scripts/build/vocabularies';
import { newCounting } from '../../support/counting';

const turn = (n: number, promptText: string, answerText: string, extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-1',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText,
  answerText,
  finishedAt: 1_700_000_000_000 + n,
  ...extra,
});

const P1 = 'How much energy does a chatbot answer take?';
const A1 = 'It depends on the model and the length of the answer; a short answer takes a fraction of a watt-hour.';
const P2 = '東京のデータセンターはどれくらい水を使いますか？';
const A2 = 'Cooling towers evaporate water.\n```python\nfor i in range(3):\n    print(i)\n```';
const P3 = 'Thanks!';
const A3 = 'You are welcome.';

let counting: Counting;
let storage: WorkerStorage;
/** A worker (re)started: a new storage, shared by its counting and its ledger as src/worker/start.ts shares it. */
function startWorker(deps: Parameters<typeof newCounting>[0] = {}): void {
  storage = createWorkerStorage();
  counting = newCounting({ ...deps, storage });
}
/** The user changes a setting: the worker's ledger handles settings/update. */
const updateSettings = (patch: SettingsPatch) => newLedger({ storage }).updateSettings(patch);
beforeEach(() => {
  fakeBrowser.reset();
  startWorker();
});

/** The conversation's state as stored (not the worker's memory). */
async function stored(site: string, id: string): Promise<ConversationState> {
  const key = `conversation:${site}:${id}`;
  return (await fakeBrowser.storage.local.get(key))[key] as ConversationState;
}

/** Counts a turn and waits until its history is stored. */
async function countTurn(t: TurnCompleted): Promise<CountedTurn> {
  const { counted, persisted } = await counting.countTurn(t);
  await persisted;
  return counted;
}

describe('counting turns', () => {
  it('counts prompt, history and answer separately, the history growing by each earlier prompt and answer', async () => {
    const t1 = await countTurn(turn(1, P1, A1));
    const t2 = await countTurn(turn(2, P2, A2));
    const t3 = await countTurn(turn(3, P3, A3));
    expect([t1.promptTokens, t1.historyTokens, t1.answerTokens]).toEqual([countTokens(P1), 0, countTokens(A1)]);
    expect([t2.promptTokens, t2.historyTokens, t2.answerTokens]).toEqual([countTokens(P2), countTokens(P1) + countTokens(A1), countTokens(A2)]);
    expect(t3.historyTokens).toBe(countTokens(P1) + countTokens(A1) + countTokens(P2) + countTokens(A2));
    expect(t3).toMatchObject({ turnId: 'a3', site: 'chatgpt', conversationId: 'conv-1', modelKey: 'alpha-4o', time: 1_700_000_000_003 });
  });

  it('a regenerated answer re-reads what its prompt re-read and replaces the earlier answer in the history', async () => {
    await countTurn(turn(1, P1, A1));
    const t2 = await countTurn(turn(2, P2, A2));
    const regenerated = await countTurn(turn(2, P2, A3, { turnId: 'a2-again' }));
    expect(regenerated.historyTokens).toBe(t2.historyTokens);
    expect(regenerated.answerTokens).toBe(countTokens(A3));
    const state = await stored('chatgpt', 'conv-1');
    expect(state.historyTokens).toBe(countTokens(P1) + countTokens(A1) + countTokens(P2) + countTokens(A3));
    // The next turn re-reads the conversation as it now stands: the regenerated answer, not the replaced one.
    const next = await countTurn(turn(3, P3, A1));
    expect(next.historyTokens).toBe(countTokens(P1) + countTokens(A1) + countTokens(P2) + countTokens(A3));
  });

  it('keeps conversations apart', async () => {
    await countTurn(turn(1, P1, A1));
    const other = await countTurn(turn(2, P2, A2, { conversationId: 'conv-2' }));
    expect(other.historyTokens).toBe(0);
  });

  it('is idempotent: the same turn again returns the same counts and does not grow history', async () => {
    const first = await countTurn(turn(1, P1, A1));
    const again = await countTurn(turn(1, P1, A1, { finishedAt: 9 }));
    expect(again).toEqual(first);
    const state = await stored('chatgpt', 'conv-1');
    expect(state.historyTokens).toBe(countTokens(P1) + countTokens(A1));
    expect((await countTurn(turn(2, P2, A2))).historyTokens).toBe(countTokens(P1) + countTokens(A1));
  });

  it('starts the history again after "delete all data" (the worker drops its copies in memory)', async () => {
    await countTurn(turn(1, P1, A1));
    await fakeBrowser.storage.local.clear();
    counting.conversations.dropCached(); // what deleteAllData's onDataDeleted is in the worker (src/worker/start.ts)
    expect((await countTurn(turn(2, P2, A2))).historyTokens).toBe(0);
  });

  it('follows settings changed while the worker runs (settings/update)', async () => {
    await countTurn(turn(1, P1, A1));
    await updateSettings({ countHistory: false });
    expect((await countTurn(turn(2, P2, A2))).historyTokens).toBe(0);
    await updateSettings({ countHistory: true });
    expect((await countTurn(turn(3, P3, A3))).historyTokens).toBeGreaterThan(0);
  });

  it('gives the same counts when turns arrive at once (writes are serialized)', async () => {
    const [t1, t2, t1again] = await Promise.all([countTurn(turn(1, P1, A1)), countTurn(turn(2, P2, A2)), countTurn(turn(1, P1, A1))]);
    expect(t1again).toEqual(t1);
    expect(t2.historyTokens).toBe(countTokens(P1) + countTokens(A1));
  });

  it('counts no history when the user turned history off', async () => {
    await updateSettings({ countHistory: false });
    await countTurn(turn(1, P1, A1));
    const t2 = await countTurn(turn(2, P2, A2));
    expect(t2.historyTokens).toBe(0);
    expect(t2.promptTokens).toBe(countTokens(P2));
  });

  it('uses the per-site override, else the page label, else the site default', async () => {
    expect((await countTurn(turn(1, P1, A1, { modelLabel: 'ChatGPT' }))).modelKey).toBe('alpha-5.6-terra');
    expect((await countTurn(turn(2, P1, A1, { modelLabel: 'o3-mini' }))).modelKey).toBe('o3-mini');
    await updateSettings({ modelOverride: { site: 'chatgpt', modelKey: 'alpha-5.5-pro' } });
    expect((await countTurn(turn(3, P1, A1, { modelLabel: 'o3-mini' }))).modelKey).toBe('alpha-5.5-pro');
  });

  it('stores counts only, never chat text', async () => {
    await countTurn(turn(1, P1, A1));
    await counting.seedConversation({ site: 'chatgpt', conversationId: 'conv-1', messages: [{ id: 'x', role: 'user', text: 'secret words here' }] });
    const everything = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(everything).not.toContain('secret');
    expect(everything).not.toContain('chatbot');
  });
});

describe('seeding history from the page', () => {
  const seed = (ids: string[], texts: string[]) => ({
    site: 'claude' as const,
    conversationId: 'c',
    messages: ids.map((id, i) => ({ id, role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', text: texts[i] })),
  });

  it('adds each seeded message once, however often the page is reloaded', async () => {
    expect(await counting.seedConversation(seed(['u1', 'a1'], [P1, A1]))).toEqual({ added: 2 });
    expect(await counting.seedConversation(seed(['u1', 'a1'], [P1, A1]))).toEqual({ added: 0 });
    const next = await countTurn(turn(2, P2, A2, { site: 'claude', conversationId: 'c' }));
    expect(next.historyTokens).toBe(countTokens(P1) + countTokens(A1));
  });

  it('accumulates a virtual list turn by turn: messages scrolled in later join the history', async () => {
    await counting.seedConversation(seed(['u5', 'a5'], [P2, A2]));
    await counting.seedConversation(seed(['u4', 'a4'], [P1, A1]));
    const next = await countTurn(turn(6, P3, A3, { site: 'claude', conversationId: 'c' }));
    expect(next.historyTokens).toBe(countTokens(P1) + countTokens(A1) + countTokens(P2) + countTokens(A2));
  });

  it('does not count a seeded prompt as its own history, nor count a counted turn again when a reload seeds it', async () => {
    await counting.seedConversation(seed(['u1'], [P1]));
    const t1 = await countTurn(turn(1, P1, A1, { site: 'claude', conversationId: 'c' }));
    expect(t1.historyTokens).toBe(0);
    await counting.seedConversation(seed(['u1', 'a1'], [P1, A1]));
    const t2 = await countTurn(turn(2, P2, A2, { site: 'claude', conversationId: 'c' }));
    expect(t2.historyTokens).toBe(countTokens(P1) + countTokens(A1));
  });
});

describe('the counting handlers', () => {
  it('count a turn, record it, then acknowledge it', async () => {
    const recorded: CountedTurn[] = [];
    const handlers = countingHandlers({ counting, record: async (t) => void recorded.push(t) });
    const ack = await handlers['turn/completed']!(turn(1, P1, A1), {});
    // A record that returns nothing: acknowledged, with no footprint for the page label (and why).
    expect(ack).toEqual({ ok: true, turnId: 'a1', footprint: null, notRecorded: 'duplicate-unknown' });
    expect(recorded).toEqual([expect.objectContaining({ turnId: 'a1', promptTokens: countTokens(P1), answerTokens: countTokens(A1) })]);
  });

  it('give the same counts to a turn resent after the worker stopped before recording it', async () => {
    const record = vi.fn().mockRejectedValueOnce(new Error('worker stopped')).mockResolvedValue(undefined);
    const handlers = countingHandlers({ counting, record });
    await countTurn(turn(1, P1, A1));
    await expect(handlers['turn/completed']!(turn(2, P2, A2), {})).rejects.toThrow('worker stopped');
    // The worker restarts: nothing in memory, only storage.
    await countingHandlers({ counting: newCounting(), record })['turn/completed']!(turn(2, P2, A2), {});
    expect(record).toHaveBeenCalledTimes(2);
    expect(record.mock.calls[1][0]).toEqual(record.mock.calls[0][0]);
    expect((await stored('chatgpt', 'conv-1')).historyTokens).toBe(countTokens(P1) + countTokens(A1) + countTokens(P2) + countTokens(A2));
  });

  it('store site health for the popup, the newest report winning', async () => {
    const handlers = countingHandlers({ counting, record: async () => {} });
    await handlers['site/health']!({ site: 'meta', status: 'not-recognized', reason: 'no-messages', at: 20 }, {});
    await handlers['site/health']!({ site: 'meta', status: 'ok', reason: null, at: 10 }, {});
    await handlers['site/health']!({ site: 'claude', status: 'ok', reason: null, at: 30 }, {});
    const health = Object.values(await siteHealthItem.getValue());
    expect(health).toEqual(
      expect.arrayContaining([
        { site: 'meta', status: 'not-recognized', reason: 'no-messages', at: 20 },
        { site: 'claude', status: 'ok', reason: null, at: 30 },
      ]),
    );
    expect(Object.keys(await siteHealthItem.getValue())).toHaveLength(2);
  });

  it('seed conversations through conversation/seed, with the site model’s tokenizer', { timeout: 120_000 }, async () => {
    const handlers = countingHandlers({ counting, record: async () => {} });
    await handlers['conversation/seed']!({ site: 'deepseek', conversationId: 'g', messages: [{ id: 'm', role: 'user', text: P2 }] }, {});
    const state = await stored('deepseek', 'g');
    expect(state.tokenizer).toBe('deepseek-v3');
    expect(state.historyTokens).toBe(nodeCounter('deepseek-v3')(P2));
  });
});

describe('memory and storage agree', () => {
  it('keeps every turn when many are counted back to back (own writes do not drop the copy in memory)', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => counting.countTurn(turn(i + 1, `${P1} ${i}`, `${A1} ${i}`))));
    await Promise.all(results.map((r) => r.persisted));
    const expected = results.reduce((sum, r) => sum + r.counted.promptTokens + r.counted.answerTokens, 0);
    startWorker(); // a restarted worker sees only storage
    const state = await stored('chatgpt', 'conv-1');
    expect(Object.keys(state.turns)).toHaveLength(8);
    expect(state.historyTokens).toBe(expected);
    expect(results.map((r) => r.counted.historyTokens)).toEqual(
      results.map((_, i) => results.slice(0, i).reduce((sum, r) => sum + r.counted.promptTokens + r.counted.answerTokens, 0)),
    );
  });
});

describe('pruning old conversations', () => {
  it('drops conversations untouched for 30 days, keeps recent ones, and at most once a day', async () => {
    await countTurn(turn(1, P1, A1, { conversationId: 'old' }));
    await countTurn(turn(2, P2, A2, { conversationId: 'recent' }));
    const later = Date.now() + 31 * 86_400_000;
    await fakeBrowser.storage.local.set({ 'conversation:chatgpt:recent': { ...(await stored('chatgpt', 'recent')), updatedAt: later - 86_400_000 } });
    expect(await counting.conversations.pruneDaily(later)).toBe(1);
    expect(await stored('chatgpt', 'old')).toBeUndefined();
    expect((await stored('chatgpt', 'recent')).historyTokens).toBe(countTokens(P2) + countTokens(A2));
    expect(await counting.conversations.pruneDaily(later + 1_000)).toBe(0);
    // A pruned conversation starts again from what the page shows.
    expect((await countTurn(turn(3, P3, A3, { conversationId: 'old' }))).historyTokens).toBe(0);
    expect(await stored('chatgpt', 'old')).toBeDefined();
  });
});

describe('the tokenizer of each conversation', () => {
  /** Counted and stored (a write left pending would land in the next test's storage). */
  const counted = async (t: TurnCompleted) => {
    const r = await counting.countTurn(t);
    await r.persisted;
    return r.counted;
  };
  const deepseek = (n: number, promptText: string, answerText: string) =>
    turn(n, promptText, answerText, { site: 'deepseek', conversationId: 'ds', modelLabel: 'DeepSeek-V3' });

  it('counts a DeepSeek conversation, its seeded history and its turns with the DeepSeek V3 tokenizer', { timeout: 120_000 }, async () => {
    const count = nodeCounter('deepseek-v3');
    await counting.seedConversation({ site: 'deepseek', conversationId: 'ds', messages: [{ id: 'seed', role: 'user', text: P1 }] });
    const first = await counted(deepseek(1, P2, A2));
    const second = await counted(deepseek(2, P3, A3));
    expect(first).toMatchObject({ tokenizer: 'deepseek-v3', modelKey: 'delta-v3', promptTokens: count(P2), answerTokens: count(A2), historyTokens: count(P1) });
    expect(second.historyTokens).toBe(count(P1) + count(P2) + count(A2));
    expect(count(P2)).not.toBe(countTokens(P2)); // the sample is one where the vocabularies differ
  });

  it('keeps the tokenizer of its first count when the model changes family, so history and turns stay in one kind of token', { timeout: 120_000 }, async () => {
    await counted(deepseek(1, P1, A1));
    await updateSettings({ modelOverride: { site: 'deepseek', modelKey: 'alpha-5.5' } });
    const later = await counted(deepseek(2, P2, A2));
    expect(later).toMatchObject({ modelKey: 'alpha-5.5', tokenizer: 'deepseek-v3', promptTokens: nodeCounter('deepseek-v3')(P2) });
  });

  it("loads the vocabulary of a sent prompt ahead of its turn: the model the page shows, else the conversation's own", { timeout: 120_000 }, async () => {
    const definition = vi.fn(nodeVocabularies.definition);
    startWorker({ vocabularies: { ...nodeVocabularies, definition } });
    // A new conversation: the page's model picks (DeepSeek V3's vocabulary).
    expect(await counting.prepareTurn({ site: 'deepseek', conversationId: 'ds', modelLabel: 'DeepSeek-V3' })).toBe('deepseek-v3');
    expect(definition.mock.calls).toEqual([['deepseek-v3']]);
    // Nothing is stored by getting ready.
    expect(await stored('deepseek', 'ds')).toBeUndefined();
    expect((await counted(deepseek(1, P1, A1))).promptTokens).toBe(nodeCounter('deepseek-v3')(P1));
    expect(definition).toHaveBeenCalledTimes(1); // the turn counts with the vocabulary loaded ahead of it
    // The conversation keeps its tokenizer whatever model is chosen later, and so does getting ready.
    await updateSettings({ modelOverride: { site: 'deepseek', modelKey: 'alpha-5.5' } });
    expect(await counting.prepareTurn({ site: 'deepseek', conversationId: 'ds', modelLabel: 'DeepSeek-V3' })).toBe('deepseek-v3');
    expect(await counting.prepareTurn({ site: 'deepseek', conversationId: 'other', modelLabel: 'DeepSeek-V3' })).toBe('o200k');
  });

  it('goes on in o200k for a conversation stored before turns recorded their tokenizer (its counts stay as they were)', async () => {
    await fakeBrowser.storage.local.set({
      'conversation:deepseek:ds': {
        historyTokens: 12,
        messages: { u0: 5, a0: 7 },
        turns: {
          a0: { turnId: 'a0', time: 1, site: 'deepseek', conversationId: 'ds', modelKey: 'delta-v3', promptTokens: 5, historyTokens: 0, answerTokens: 7 },
        },
        updatedAt: 1,
      },
      'conversation:deepseek:ds$': { v: 1 },
    });
    startWorker(); // as a worker started after the update: the item is defined (and migrated) on first read
    const next = await counted(deepseek(1, P2, A2));
    expect(next).toMatchObject({ tokenizer: 'o200k', historyTokens: 12, promptTokens: countTokens(P2) });
    const state = await stored('deepseek', 'ds');
    expect(state.tokenizer).toBe('o200k');
    expect(state.turns.a0).toMatchObject({ tokenizer: 'o200k', promptTokens: 5, answerTokens: 7 });
  });
});
