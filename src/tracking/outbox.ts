/**
 * Messages to the worker, delivered in order and resent until the worker acknowledges them
 * (the worker may be stopped or restarting). A message the worker refuses for good (invalid, over a
 * limit, from the wrong site) is dropped: resending it would never succeed.
 */
import type { MessageResult } from '../messaging/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../messaging/protocol';

export type Send = <T extends MessageType>(type: T, data: RequestOf<T>) => Promise<MessageResult<ResponseOf<T>>>;

const FIRST_RETRY_MS = 500;
/** Refusals that resending never changes: invalid, over a limit of the protocol schemas, or from a tab not on the site. */
const FINAL_REFUSALS: ReadonlySet<string> = new Set(['INVALID_MESSAGE', 'OVER_LIMIT', 'WRONG_SITE']);
const MAX_RETRY_MS = 30_000;

/** A message waiting to be sent: its type and data, typed together. */
type Queued = { [T in MessageType]: { readonly type: T; readonly data: RequestOf<T> } }[MessageType];

/** The worker's answer to a message, with the message: checking `type` narrows `data` and `result`. */
export type Reply = { [T in MessageType]: { readonly type: T; readonly data: RequestOf<T>; readonly result: MessageResult<ResponseOf<T>> } }[MessageType];

/** Told of every answer the worker gives (each attempt), after it came. */
export type OnReply = (reply: Reply) => void;

/** The outbox the tracker holds: a closure rather than a class, so its state costs the content script no `this.#` per use. */
export interface Outbox {
  push<T extends MessageType>(type: T, data: RequestOf<T>): void;
  /** Messages not yet acknowledged by the worker. */
  readonly pending: number;
  stop(): void;
}

export function createOutbox(send: Send, onReply?: OnReply): Outbox {
  const queue: Queued[] = [];
  let running = false;
  let stopped = false;

  const pump = async (): Promise<void> => {
    if (running) return;
    running = true;
    let wait = FIRST_RETRY_MS;
    while (queue.length > 0 && !stopped) {
      const head = queue[0];
      const result = await send(head.type, head.data as never);
      // TypeScript cannot follow the correlation between union members: `result` answers `head`.
      onReply?.({ ...head, result } as Reply);
      if (result.ok || FINAL_REFUSALS.has(result.error.code)) {
        queue.shift();
        wait = FIRST_RETRY_MS;
      } else {
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, MAX_RETRY_MS);
      }
    }
    running = false;
  };

  return {
    push(type, data) {
      queue.push({ type, data } as Queued);
      // Sent from a task of its own: copying a message to the worker never lengthens the caller's task.
      if (!running) setTimeout(() => void pump(), 0);
    },
    get pending() {
      return queue.length;
    },
    stop() {
      stopped = true;
    },
  };
}
