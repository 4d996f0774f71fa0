/**
 * The tracker's event channel and its worker's end (src/tracking/page-events.ts): which events
 * become which messages to the worker, and which replies come back as events.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSeed, SiteHealth, TurnExpected } from '../../../src/domain/turns';
import type { MessageResult } from '../../../src/messaging/messaging';
import type { MessageType } from '../../../src/messaging/protocol';
import { deliverToWorker, PageEventChannel, type PageEvent } from '../../../src/tracking/page-events';
import { completedTurn } from '../support/completed-turn';
import { loadPage } from '../support/load-page';

const doc = loadPage('<main></main>', 'https://test.example/c/a');
const answer = { id: 'a1', role: 'assistant' as const, element: doc.createElement('div'), pageId: true };
const turn = completedTurn();
const expected: TurnExpected = { site: 'chatgpt', conversationId: 'conv-l', modelLabel: null };
const seed: ConversationSeed = { site: 'chatgpt', conversationId: 'conv-l', messages: [{ id: 'a0', role: 'assistant', text: 'Earlier.' }] };
const health: SiteHealth = { site: 'chatgpt', status: 'ok', reason: null, at: 0 };

describe('the channel', () => {
  it('tells every listener, in the order they subscribed, until each stops', () => {
    const channel = new PageEventChannel();
    const heard: string[] = [];
    const stopFirst = channel.subscribe((e) => void heard.push(`first:${e.kind}`));
    channel.subscribe((e) => void heard.push(`second:${e.kind}`));
    channel.emit({ kind: 'scanned', messages: [] });
    stopFirst();
    stopFirst(); // stopping twice changes nothing
    channel.emit({ kind: 'health', health });
    expect(heard).toEqual(['first:scanned', 'second:scanned', 'second:health']);
  });
});

describe('the worker’s end', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** The channel with the worker's end attached, a worker answering `answer` to everything, and what the channel said. */
  function wired(answer: (type: MessageType) => MessageResult<unknown> = () => ({ ok: true, value: { ok: true } })) {
    const channel = new PageEventChannel();
    const sent: Array<[MessageType, unknown]> = [];
    const outbox = deliverToWorker(channel, (async (type: MessageType, data: unknown) => {
      sent.push([type, data]);
      return answer(type);
    }) as never);
    const events: PageEvent[] = [];
    channel.subscribe((e) => void events.push(e));
    return { channel, outbox, sent, events };
  }

  it.each<[PageEvent['kind'], PageEvent, MessageType | null]>([
    ['prompt', { kind: 'prompt', expected }, 'turn/expected'],
    ['seed', { kind: 'seed', seed, answers: [] }, 'conversation/seed'],
    ['turn', { kind: 'turn', turn, answer }, 'turn/completed'],
    ['health', { kind: 'health', health }, 'site/health'],
    // the labels' business only
    ['skipped', { kind: 'skipped', answer, reason: 'prompt-empty' }, null],
    ['scanned', { kind: 'scanned', messages: [answer] }, null],
  ])('a %s event goes to the worker as %s', async (_kind, event, type) => {
    const { channel, sent } = wired();
    channel.emit(event);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map(([t]) => t)).toEqual(type ? [type] : []);
  });

  it('puts the worker’s reply to a turn and to a seed batch back on the channel, typed, each attempt', async () => {
    let attempts = 0;
    const footprint = { ok: true, turnId: turn.turnId, footprint: null };
    const { channel, events } = wired((type) => {
      if (type === 'turn/completed')
        return ++attempts === 1 ? { ok: false, error: { code: 'NO_RECEIVER', message: 'asleep' } } : { ok: true, value: footprint };
      if (type === 'conversation/seed') return { ok: true, value: { ok: true, footprints: {} } };
      return { ok: true, value: { ok: true } };
    });
    channel.emit({ kind: 'turn', turn, answer });
    channel.emit({ kind: 'seed', seed, answers: [] });
    channel.emit({ kind: 'health', health });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events.filter((e) => e.kind === 'turn-reply' || e.kind === 'seed-reply')).toEqual([
      { kind: 'turn-reply', turnId: turn.turnId, result: { ok: false, error: { code: 'NO_RECEIVER', message: 'asleep' } } },
      { kind: 'turn-reply', turnId: turn.turnId, result: { ok: true, value: footprint } },
      { kind: 'seed-reply', messages: seed.messages, result: { ok: true, value: { ok: true, footprints: {} } } },
    ]);
  });
});
