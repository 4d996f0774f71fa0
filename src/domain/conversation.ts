/**
 * Per-conversation history as the worker keeps it: a running total plus the
 * token count of every message already in it (keyed by message id), so a
 * message seeded twice or a turn resent after a worker restart never grows
 * the history twice. Counts only: chat text is never stored.
 *
 * Its maps are keyed by the page's message ids, which are any string (`__proto__`, `constructor`,
 * `toString` included): they are objects without a prototype (`idMap`), here and when read back from
 * storage (`ownedState`), so no id can read or overwrite a built-in property.
 */
import type { TokenizerId } from './tokenizers';
import type { CountedTurn } from './turns';

export interface ConversationState {
  /** Tokens of every message of the conversation known so far (the history the model re-reads). */
  historyTokens: number;
  /** Token count of each message in `historyTokens`, by message id. */
  messages: Record<string, number>;
  /** Every counted turn, by turn id: counting the same turn again returns this. */
  turns: Record<string, CountedTurn>;
  /**
   * Per prompt id: the history before it, and the answer that currently follows it. A regenerated
   * answer re-reads that history and replaces the earlier answer in it. Absent in states stored
   * before it existed (read as empty: those prompts count as before).
   */
  prompts?: Record<string, { historyBefore: number; answerId: string }>;
  /**
   * The tokenizer every count of this conversation is made with, chosen at its first count from the
   * model then in use: history and turns are in the same tokens. Absent until the first count.
   */
  tokenizer?: TokenizerId;
  /**
   * What earlier turns read beyond their text and every later turn reads again, in the same tokens:
   * attached files (and, of those, the estimated tokens) and retrieved search content that stays in
   * the context. Absent: none (and in states stored before it existed).
   */
  carried?: { attachmentTokens: number; estimatedAttachmentTokens: number; searchTokens: number };
  /**
   * The history's state: `incomplete` when the conversation was first read on a page that did not
   * show its earlier turns (they exist, the page keeps only its newest mounted), so `historyTokens`
   * is a lower bound and every turn counted on it says so. Absent: complete, as far as the pages
   * showed (and in states stored before it existed). A conversation counted earlier keeps its
   * stored history, however little of it a later page shows.
   */
  history?: 'incomplete';
  updatedAt: number;
}

/** An object keyed by message ids: no prototype, so every id is only ever its own property. */
export function idMap<T>(from?: Readonly<Record<string, T>>): Record<string, T> {
  const map = Object.create(null) as Record<string, T>;
  // defineProperty, not assignment: an own `__proto__` key (JSON.parse makes one) stays a plain entry.
  if (from) for (const key of Object.keys(from)) Object.defineProperty(map, key, { value: from[key], enumerable: true, writable: true, configurable: true });
  return map;
}

export const emptyConversation = (): ConversationState => ({ historyTokens: 0, messages: idMap(), turns: idMap(), updatedAt: 0 });

/** A state as storage gives it back (plain objects) with its maps made prototype-free. */
export function ownedState(state: ConversationState): ConversationState {
  return { ...state, messages: idMap(state.messages), turns: idMap(state.turns), ...(state.prompts ? { prompts: idMap(state.prompts) } : {}) };
}
