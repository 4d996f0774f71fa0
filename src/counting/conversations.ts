/**
 * Per-conversation history, one typed, versioned storage item per conversation. History is kept as
 * a running total plus the token count of every message already in it (keyed by message id), so a
 * message seeded twice or a turn resent after a worker restart never grows the history twice.
 * Counts only: chat text is never stored.
 */
import { storage } from 'wxt/utils/storage';
import type { CountedTurn } from '../messaging/protocol';
import type { SiteId } from '../sites/site-ids';

export interface ConversationState {
  /** Tokens of every message of the conversation known so far (the history the model re-reads). */
  historyTokens: number;
  /** Token count of each message in `historyTokens`, by message id. */
  messages: Record<string, number>;
  /** Every counted turn, by turn id: counting the same turn again returns this. */
  turns: Record<string, CountedTurn>;
  updatedAt: number;
}

export const emptyConversation = (): ConversationState => ({ historyTokens: 0, messages: {}, turns: {}, updatedAt: 0 });

export const conversationKey = (site: SiteId, conversationId: string) => `local:conversation:${site}:${conversationId}` as const;

const items = new Map<string, ReturnType<typeof defineConversationItem>>();

function defineConversationItem(key: `local:${string}`) {
  return storage.defineItem<ConversationState>(key, { fallback: emptyConversation(), version: 1 });
}

export function conversationItem(site: SiteId, conversationId: string) {
  const key = conversationKey(site, conversationId);
  let item = items.get(key);
  if (!item) {
    item = defineConversationItem(key);
    items.set(key, item);
  }
  return item;
}

let tail: Promise<unknown> = Promise.resolve();

/** Runs storage updates one at a time, in arrival order. */
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
}
