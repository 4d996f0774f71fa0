/**
 * The page's memory: what the tracker has read of the conversation the page shows. The conversation
 * and the URL it was read from, the messages seeded or counted (by message id: a Map, ids are the
 * page's, any string), the text fingerprints of the message elements read here and in the conversation
 * before (so the one left behind never seeds the new one), and whether a quiet scan found this chat
 * empty. No timers, no page reads: the tracker tells it what it read.
 */
import type { PageMessage } from '../sites/adapter';
import { UNSAVED_CONVERSATION } from '../sites/conversation-url';
import { fingerprint } from '../sites/dom';

/** What the tracker knows of a message it seeded or counted. */
export interface Known {
  /** Fingerprint of an answer's text, for pages whose ids are derived (regenerated in place). */
  fingerprint?: string;
}

/** An answer as read: its parts, their texts, and (on pages with derived ids) the answer's fingerprint. */
export interface AnswerRead {
  parts: readonly PageMessage[];
  texts: readonly string[];
  fingerprint: string | undefined;
}

/**
 * How a URL change moved the page: the same conversation; on from a new chat (it got its id, the
 * same messages, or the user opened another chat from it); or to another conversation.
 */
export type Move = 'same' | 'from-new-chat' | 'other';

/** The memory the tracker holds: a closure rather than a class, so its state costs the content script no `this.#` per use. */
export interface PageMemory {
  readonly conversation: string;
  readonly known: ReadonlyMap<string, Known>;
  /** A quiet scan found this new chat showing no messages, and none were placed since: what shows now appeared while we watched. */
  readonly emptySeen: boolean;
  /** True when `url` is not the one the conversation was last read from (one string compare). */
  urlChanged(url: string): boolean;
  /** Follows the page to `url`: another conversation starts with nothing known. */
  moveTo(url: string): Move;
  /** The messages of this conversation among those found (without the one left behind, still showing). */
  present(found: PageMessage[]): PageMessage[];
  /**
   * A scan found no messages. Only a new chat is really empty: a saved conversation (its URL names
   * it) that shows none is still loading, and what appears there is its history.
   */
  markEmpty(): void;
  /** A scan placed the page's messages (seeded or counted them). */
  clearEmpty(): void;
  rejects(messages: readonly PageMessage[]): boolean;
  reject(messages: readonly PageMessage[]): void;
  /**
   * The texts of messages to seed that are this conversation's: a message whose element still shows
   * the text it had in the conversation left behind is stale (never seeded here, never read again).
   */
  freshTexts(found: readonly PageMessage[], texts: readonly string[]): Map<PageMessage, string>;
  markRead(id: string, known?: Known): void;
  /** Marks an answer's parts as read: the first part carries the answer's fingerprint on pages with derived ids. */
  markAnswerRead(read: AnswerRead): void;
}

/** `idAt`: the conversation id a URL (or the page) names, or null for a new chat. */
export function createPageMemory(idAt: (url: string) => string | null, startUrl: string): PageMemory {
  /** The id of a chat without one yet (a new chat before its first answer names it): the adapters' too, one per page load. */
  const unsaved = UNSAVED_CONVERSATION;
  let url = startUrl;
  let current = idAt(url) ?? unsaved;
  const knownById = new Map<string, Known>();
  /** Text fingerprints of the message elements read in this conversation and in the one before it. */
  let fingerprints = new WeakMap<Element, string>();
  let previousFingerprints = new WeakMap<Element, string>();
  /** Ids of messages still showing the conversation left behind: neither seeded nor counted here. */
  const stale = new Set<string>();
  let empty = false;
  /** The messages (count, first and last id) whose prompts did not read sensibly: not read again until they change. */
  let rejected: string | null = null;

  return {
    get conversation() {
      return current;
    },
    get known() {
      return knownById;
    },
    get emptySeen() {
      return empty;
    },
    urlChanged: (next) => next !== url,
    moveTo(next) {
      url = next;
      const conversation = idAt(next) ?? unsaved;
      if (conversation === current) return 'same';
      const fromNewChat = current === unsaved;
      current = conversation;
      knownById.clear();
      stale.clear();
      if (fromNewChat) return 'from-new-chat'; // a new chat that got its id keeps its messages: they seed its history
      // Another conversation: the old one's messages may stay on the page for a moment; they must not seed the new one.
      previousFingerprints = fingerprints;
      fingerprints = new WeakMap();
      empty = false;
      return 'other';
    },
    present: (found) => (stale.size > 0 ? found.filter((m) => !stale.has(m.id)) : found),
    markEmpty() {
      if (current === unsaved) empty = true;
    },
    clearEmpty() {
      empty = false;
    },
    rejects: (messages) => signature(messages) === rejected,
    reject(messages) {
      rejected = signature(messages);
    },
    freshTexts(found, texts) {
      const fresh = new Map<PageMessage, string>();
      found.forEach((message, i) => {
        const textFingerprint = fingerprint(texts[i]);
        if (previousFingerprints.get(message.element) === textFingerprint) {
          stale.add(message.id);
          return;
        }
        fingerprints.set(message.element, textFingerprint);
        fresh.set(message, texts[i]);
      });
      return fresh;
    },
    markRead(id, known = {}) {
      knownById.set(id, known);
    },
    markAnswerRead({ parts, texts, fingerprint: answerFingerprint }) {
      parts.forEach((part, i) => {
        knownById.set(part.id, i === 0 && answerFingerprint !== undefined ? { fingerprint: answerFingerprint } : {});
        fingerprints.set(part.element, fingerprint(texts[i]));
      });
    },
  };
}

const signature = (messages: readonly PageMessage[]): string => `${messages.length}:${messages[0]?.id}:${messages[messages.length - 1]?.id}`;
