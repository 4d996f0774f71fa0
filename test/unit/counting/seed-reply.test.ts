/**
 * The worker's reply to conversation/seed brings back the page labels of answers counted before a
 * reload: the footprint recorded for each seeded answer that is a counted turn of the conversation,
 * the same one turn/completed answered with. Answers never counted, prompts and turns whose record
 * was pruned get none; each day of the ledger is read once per batch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countingHandlers } from '../../../src/counting/handlers';
import type { ConversationSeed, ConversationSeeded, TurnCompleted, TurnRecorded } from '../../../src/domain/turns';
import { protocol } from '../../../src/messaging/protocol';
import { localDay } from '../../../src/storage/days';
import { STORAGE_ITEMS } from '../../../src/storage/items';
import { createWorkerStorage } from '../../../src/storage/worker-storage';
import { newLedger } from '../support/ledger';
import { newCounting } from '../../support/counting';

const DAY_1 = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY_2 = Date.UTC(2026, 10, 21, 12, 0, 0);

const turn = (n: number, finishedAt: number, extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-s',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText: `Question ${n}: how much energy does a long answer take?`,
  answerText: `Answer ${n}: it depends on the model, the tokens and the data center's grid.`,
  finishedAt,
  ...extra,
});

/** The page as a reload shows it: every prompt and answer, in order. */
const seedOf = (...n: number[]): ConversationSeed => ({
  site: 'chatgpt',
  conversationId: 'conv-s',
  messages: n.flatMap((i) => [
    { id: `u${i}`, role: 'user' as const, text: `Question ${i}: how much energy does a long answer take?` },
    { id: `a${i}`, role: 'assistant' as const, text: `Answer ${i}: it depends on the model, the tokens and the data center's grid.` },
  ]),
});

function worker(recordedBy?: Parameters<typeof countingHandlers>[0]['recorded']) {
  // One storage for the ledger and the counting, as the worker wires them (src/worker/start.ts).
  const start = () => {
    const storage = createWorkerStorage();
    const ledger = newLedger({ storage });
    return countingHandlers({
      counting: newCounting({ storage }),
      record: async (t) => {
        const o = await ledger.record(t);
        return o.entry ? { entry: o.entry, images: o.images } : null;
      },
      recorded: recordedBy ?? ledger.recordsOf,
    });
  };
  let handlers = start();
  return {
    /** The worker restarts: nothing in memory, only storage. */
    restart: () => void (handlers = start()),
    count: async (t: TurnCompleted) => protocol['turn/completed'].response.parse(await handlers['turn/completed']!(t, {})) as TurnRecorded,
    seed: async (s: ConversationSeed) => protocol['conversation/seed'].response.parse(await handlers['conversation/seed']!(s, {})) as ConversationSeeded,
  };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the reply to conversation/seed', () => {
  it('carries the recorded footprint of each seeded answer counted before, the same as turn/completed answered', async () => {
    const w = worker();
    const first = await w.count(turn(1, DAY_1));
    const second = await w.count(turn(2, DAY_2));
    // A reload after the worker slept: the conversation comes from storage.
    w.restart();
    const reply = await w.seed(seedOf(1, 2));
    expect(reply.footprints).toEqual({ a1: first.footprint, a2: second.footprint });
    expect(reply.footprints.a1.texts.summary).toMatch(/^≈\s.+ · ≈\s.+ · ≈\s.+$/);
  });

  it('leaves out answers never counted (before install) and prompts', async () => {
    const w = worker();
    await w.count(turn(2, DAY_1));
    const reply = await w.seed(seedOf(1, 2, 3));
    expect(Object.keys(reply.footprints)).toEqual(['a2']);
  });

  it('leaves out a counted turn whose record was pruned, without an error', async () => {
    const w = worker();
    await w.count(turn(1, DAY_1));
    const kept = await w.count(turn(2, DAY_2));
    await fakeBrowser.storage.local.remove([`turns:${localDay(DAY_1)}`, `turns:${localDay(DAY_1)}$`]);
    const reply = await w.seed(seedOf(1, 2));
    expect(reply).toEqual({ ok: true, footprints: { a2: kept.footprint } });
  });

  it('adds the generated images’ record to an answer that made images', async () => {
    const w = worker();
    const counted = await w.count(turn(1, DAY_1, { images: ['img-1', 'img-2'] }));
    const reply = await w.seed(seedOf(1));
    expect(reply.footprints.a1.images).toBe(2);
    expect(reply.footprints.a1).toEqual(counted.footprint);
  });

  it('reads each day of the ledger once per batch, however many of its answers are seeded', async () => {
    const w = worker();
    for (const n of [1, 2, 3]) await w.count(turn(n, DAY_1 + n * 60_000));
    await w.count(turn(4, DAY_2));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const reply = await w.seed(seedOf(1, 2, 3, 4));
    expect(Object.keys(reply.footprints)).toEqual(['a1', 'a2', 'a3', 'a4']);
    const dayPrefix = STORAGE_ITEMS.dayTurns.keyOf('').replace(/^local:/, '');
    const dayReads = get.mock.calls.flatMap(([keys]) => [keys ?? []].flat()).filter((k) => String(k).startsWith(dayPrefix));
    expect(dayReads.sort()).toEqual([`${dayPrefix}${localDay(DAY_1)}`, `${dayPrefix}${localDay(DAY_2)}`]);
  });

  it('still acknowledges the seed, without footprints, when the ledger cannot be read', async () => {
    const w = worker(async () => {
      throw new Error('LEDGER_CORRUPT');
    });
    await w.count(turn(1, DAY_1));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await w.seed(seedOf(1))).toEqual({ ok: true, footprints: {} });
    expect(warn).toHaveBeenCalled();
  });

  it('has no footprints when the worker was built without the ledger lookup', async () => {
    const handlers = countingHandlers({ counting: newCounting(), record: async () => null });
    expect(await handlers['conversation/seed']!(seedOf(1), {})).toEqual({ ok: true, footprints: {} });
  });
});
