/**
 * The one channel a chat page's tracker speaks on. The tracker emits what it read and sent (a sent
 * prompt, a seed batch, a turn or its revision, an answer it skipped, the site's health, the
 * messages of a quiet scan); the worker's end (`deliverToWorker`) turns prompts, seeds, turns and
 * health into messages for the worker and puts each reply back on the same channel. The page
 * labels (src/label/page-labels.ts) listen to it all: where a turn's answer is, then its footprint
 * from the reply. Nothing else wraps the sender or hooks into the tracker.
 *
 *   tracker ──emit──▶ channel ──▶ worker's end (outbox) ──reply──▶ channel ──▶ page labels
 *
 * Events are emitted from sent prompts, quiet scans and replies only, never per page mutation. A
 * listener must not throw (the label guards itself): it runs inside the tracker's scan.
 */
import type { HealthReason } from '../domain/health-reasons';
import type { ConversationSeed, ConversationSeeded, SiteHealth, TurnCompleted, TurnExpected, TurnRecorded } from '../domain/turns';
import type { MessageResult } from '../messaging/messaging';
import type { PageMessage } from '../sites/adapter';
import { createOutbox, type Outbox, type Send } from './outbox';

/** An answer sent in a seed batch, under the id it was seeded with (its turnId if it was counted before). */
export interface SeededAnswer {
  readonly turnId: string;
  /** The answer's last part: its label goes after it. */
  readonly answer: PageMessage;
}

export type PageEvent =
  /** Messages already on the page, sent as the conversation's history. */
  | { readonly kind: 'seed'; readonly seed: ConversationSeed; readonly answers: readonly SeededAnswer[] }
  /** A prompt was sent: the worker gets ready to count its answer. */
  | { readonly kind: 'prompt'; readonly expected: TurnExpected }
  /** A finished answer sent as a turn, or the same turn again with a higher revision; `answer` is its last part. */
  | { readonly kind: 'turn'; readonly turn: TurnCompleted; readonly answer: PageMessage }
  /** An answer not counted, and why. */
  | { readonly kind: 'skipped'; readonly answer: PageMessage; readonly reason: HealthReason }
  | { readonly kind: 'health'; readonly health: SiteHealth }
  /** The messages a quiet scan found (already in hand: listeners need no page reads of their own). */
  | { readonly kind: 'scanned'; readonly messages: readonly PageMessage[] }
  /** The worker's reply to a turn (each attempt: a transient failure is resent and answered again). */
  | { readonly kind: 'turn-reply'; readonly turnId: string; readonly result: MessageResult<TurnRecorded> }
  /** The worker's reply to a seed batch. */
  | { readonly kind: 'seed-reply'; readonly messages: ConversationSeed['messages']; readonly result: MessageResult<ConversationSeeded> };

export type PageEventListener = (event: PageEvent) => void;

export class PageEventChannel {
  readonly #listeners: PageEventListener[] = [];

  /** Listens from now on, in the order of subscription; returns the way to stop. */
  subscribe(listener: PageEventListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const i = this.#listeners.indexOf(listener);
      if (i >= 0) this.#listeners.splice(i, 1);
    };
  }

  emit(event: PageEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

/**
 * The worker's end of the channel: seeds, turns and health go to the worker through an outbox
 * (in order, resent until acknowledged), and every reply to a turn or a seed comes back as an event.
 */
export function deliverToWorker(channel: PageEventChannel, send: Send): Outbox {
  const outbox = createOutbox(send, (reply) => {
    if (reply.type === 'turn/completed') channel.emit({ kind: 'turn-reply', turnId: reply.data.turnId, result: reply.result });
    else if (reply.type === 'conversation/seed') channel.emit({ kind: 'seed-reply', messages: reply.data.messages, result: reply.result });
  });
  channel.subscribe((event) => {
    if (event.kind === 'seed') outbox.push('conversation/seed', event.seed);
    else if (event.kind === 'prompt') outbox.push('turn/expected', event.expected);
    else if (event.kind === 'turn') outbox.push('turn/completed', event.turn);
    else if (event.kind === 'health') outbox.push('site/health', event.health);
  });
  return outbox;
}
