/**
 * The page's outbox (src/tracking/outbox.ts): messages to the worker in order, each resent until
 * the worker acknowledges it, with a doubling wait; a refusal resending cannot change drops it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageResult } from '../../../src/messaging/messaging';
import type { MessageType } from '../../../src/messaging/protocol';
import { createOutbox, type Reply } from '../../../src/tracking/outbox';
import { completedTurn } from '../support/completed-turn';

const turn = completedTurn;
const OK = { ok: true as const, value: { ok: true as const } };
const failure = (code: string) => ({ ok: false as const, error: { code, message: code } });

/** A worker that answers each send with the next of `answers` (the last one from then on), noting when each send came. */
function worker(...answers: Array<MessageResult<unknown>>) {
  const calls: Array<{ type: MessageType; data: unknown; at: number }> = [];
  const send = vi.fn(async (type: MessageType, data: unknown) => {
    calls.push({ type, data, at: Date.now() });
    return answers[Math.min(calls.length - 1, answers.length - 1)];
  });
  return { send: send as never, calls };
}

describe('the page’s outbox', () => {
  it('drops a message the worker refuses for good instead of resending it', async () => {
    vi.useFakeTimers();
    try {
      for (const code of ['OVER_LIMIT', 'WRONG_SITE', 'INVALID_MESSAGE']) {
        const send = vi.fn(async () => ({ ok: false as const, error: { code, message: 'refused' } }));
        const outbox = createOutbox(send as never);
        outbox.push('turn/completed', turn());
        await vi.advanceTimersByTimeAsync(60_000);
        expect(send).toHaveBeenCalledTimes(1);
        expect(outbox.pending).toBe(0);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('resending', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it.each([
    // failures before the acknowledgement, and when (ms after the push) each attempt is sent
    { code: 'NO_RECEIVER', failures: 1, sentAt: [0, 500] },
    { code: 'SEND_FAILED', failures: 3, sentAt: [0, 500, 1_500, 3_500] },
    // the wait doubles from 500 ms up to 30 s, then stays there
    { code: 'NO_RECEIVER', failures: 8, sentAt: [0, 500, 1_500, 3_500, 7_500, 15_500, 31_500, 61_500, 91_500] },
  ])('resends after $failures $code failure(s), waiting twice as long each time', async ({ code, failures, sentAt }) => {
    const { send, calls } = worker(...Array.from({ length: failures }, () => failure(code)), OK);
    const outbox = createOutbox(send);
    outbox.push('turn/completed', turn());
    await vi.advanceTimersByTimeAsync(200_000);
    expect(calls.map((c) => c.at)).toEqual(sentAt);
    expect(outbox.pending).toBe(0);
  });

  it('sends nothing in the task that pushes: a message goes in a task of its own', async () => {
    const { send, calls } = worker(OK);
    const outbox = createOutbox(send);
    outbox.push('turn/expected', { site: 'chatgpt', conversationId: 'c', modelLabel: null });
    expect(calls).toEqual([]);
    expect(outbox.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(outbox.pending).toBe(0);
  });

  it('keeps the order: a later message waits until the one before it is acknowledged', async () => {
    const { send, calls } = worker(failure('NO_RECEIVER'), OK);
    const outbox = createOutbox(send);
    outbox.push('turn/completed', turn({ turnId: 'first' }));
    outbox.push('turn/completed', turn({ turnId: 'second' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((c) => (c.data as { turnId: string }).turnId)).toEqual(['first', 'first', 'second']);
  });

  it('stops resending once stopped (the page went away)', async () => {
    const { send, calls } = worker(failure('NO_RECEIVER'));
    const outbox = createOutbox(send);
    outbox.push('turn/completed', turn());
    await vi.advanceTimersByTimeAsync(0);
    outbox.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(outbox.pending).toBe(1);
  });

  it('tells of every answer, each attempt, with the message it answers', async () => {
    const replies: Reply[] = [];
    const { send } = worker(failure('SEND_FAILED'), OK);
    const outbox = createOutbox(send, (reply) => void replies.push(reply));
    const data = turn();
    outbox.push('turn/completed', data);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(replies).toEqual([
      { type: 'turn/completed', data, result: failure('SEND_FAILED') },
      { type: 'turn/completed', data, result: OK },
    ]);
  });
});
