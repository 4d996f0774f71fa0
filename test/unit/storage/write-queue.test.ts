import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Counting } from '../../../src/counting/count-turn';
import type { TurnCompleted } from '../../../src/domain';
import { createWriteQueue } from '../../../src/storage/write-queue';
import { createWorkerStorage, type WorkerStorage } from '../../../src/storage/worker-storage';
import { dump, newLedger, resetBrowser } from '../support/ledger';
import { newCounting } from '../../support/counting';

let counting: Counting;
let storage: WorkerStorage;
const countTurn = (t: TurnCompleted) => counting.countTurn(t);
beforeEach(() => {
  resetBrowser();
  // One storage for the counting and the ledger, as the worker wires them (src/worker/start.ts).
  storage = createWorkerStorage();
  counting = newCounting({ storage });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const completed = (n: number): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-q',
  turnId: `a${n}`,
  promptId: `u${n}`,
  modelLabel: 'gpt-4o',
  promptText: `Question number ${n}?`,
  answerText: `Answer number ${n}.`,
  finishedAt: Date.UTC(2026, 10, 22, 12, 0, n),
});

const conversationKeys = async () => Object.keys(await dump()).filter((k) => k.startsWith('conversation:'));

describe('the one write queue', () => {
  it('runs tasks one at a time in arrival order, a failed task not stopping the next', async () => {
    const order: string[] = [];
    const queue = createWriteQueue();
    const slow = queue.run(async () => {
      order.push('slow start');
      await new Promise((r) => setTimeout(r, 5));
      order.push('slow end');
    });
    const failing = queue.run(async () => {
      order.push('failing');
      throw new Error('boom');
    });
    const last = queue.run(async () => void order.push('last'));
    await Promise.allSettled([slow, failing, last]);
    await expect(failing).rejects.toThrow('boom');
    expect(order).toEqual(['slow start', 'slow end', 'failing', 'last']);
  });

  it('holds the next task until a task’s late storage write has landed', async () => {
    const order: string[] = [];
    const queue = createWriteQueue();
    let land!: () => void;
    const landed = new Promise<void>((r) => (land = r)).then(() => void order.push('write landed'));
    const first = queue.run(
      async () => 'answered early',
      () => landed,
    );
    const second = queue.run(async () => void order.push('second'));
    expect(await first).toBe('answered early');
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual([]);
    land();
    await second;
    expect(order).toEqual(['write landed', 'second']);
  });

  it('"delete all data" cannot run between counting a turn and storing its history: nothing survives it', async () => {
    const ledger = newLedger({ storage });
    await ledger.start();
    // Counting answers from memory; the conversation's history is written a task later.
    const { counted, persisted } = await countTurn(completed(1));
    expect(counted.promptTokens).toBeGreaterThan(0);
    const cleared = ledger.clear();
    await Promise.all([persisted, cleared]);
    expect(await conversationKeys()).toEqual([]);
  });

  it('a turn counted right after "delete all data" starts from an empty history', async () => {
    // Wired as the worker wires it (src/worker/start.ts): no storage change event is waited for.
    const ledger = newLedger({ storage, onDataDeleted: () => counting.conversations.dropCached() });
    await ledger.start();
    await (
      await countTurn(completed(1))
    ).persisted;
    const cleared = ledger.clear();
    const next = await countTurn(completed(2));
    await Promise.all([cleared, next.persisted]);
    expect(next.counted.historyTokens).toBe(0);
    expect(await conversationKeys()).toEqual(['conversation:chatgpt:conv-q']);
  });

  it('is one per storage: a task held in one queue does not hold another storage’s', async () => {
    const other = createWorkerStorage();
    let release!: () => void;
    const held = storage.writes.run(() => new Promise<void>((r) => (release = r)));
    expect(await other.writes.run(async () => 'ran')).toBe('ran');
    release();
    await held;
  });
});

describe('the storage a counting and a ledger are given', () => {
  it('two countings with two storages share nothing: each keeps its own conversations in memory and its own copy of the settings', async () => {
    const storageA = createWorkerStorage();
    const storageB = createWorkerStorage();
    const a = newCounting({ storage: storageA });
    const b = newCounting({ storage: storageB });
    await Promise.all([storageA.settings.read(), storageB.settings.read()]);
    await (
      await a.countTurn(completed(1))
    ).persisted;
    expect(a.conversations.cached('chatgpt', 'conv-q')).toBeDefined();
    expect(b.conversations.cached('chatgpt', 'conv-q')).toBeUndefined();
    // A's ledger turns history off: A's counting sees it at once (nothing listens: they share the source), B keeps the copy it read.
    await newLedger({ storage: storageA }).updateSettings({ countHistory: false });
    expect(storageA.settings.loaded()?.countHistory).toBe(false);
    expect(storageB.settings.loaded()?.countHistory).toBe(true);
    const next = await a.countTurn(completed(2));
    await next.persisted;
    expect(next.counted.historyTokens).toBe(0);
  });
});
