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

export class PageMemory {
  /** The id of a chat without one yet (a new chat before its first answer names it): the adapters' too, one per page load. */
  readonly #unsaved = UNSAVED_CONVERSATION;
  #url: string;
  #current: string;
  readonly #knownById = new Map<string, Known>();
  /** Text fingerprints of the message elements read in this conversation and in the one before it. */
  #fingerprints = new WeakMap<Element, string>();
  #previousFingerprints = new WeakMap<Element, string>();
  /** Ids of messages still showing the conversation left behind: neither seeded nor counted here. */
  readonly #stale = new Set<string>();
  #empty = false;
  /** The messages (count, first and last id) whose prompts did not read sensibly: not read again until they change. */
  #rejected: string | null = null;

  /** `idAt`: the conversation id a URL (or the page) names, or null for a new chat. */
  readonly #idAt: (url: string) => string | null;

  constructor(idAt: (url: string) => string | null, url: string) {
    this.#idAt = idAt;
    this.#url = url;
    this.#current = idAt(url) ?? this.#unsaved;
  }

  get conversation(): string {
    return this.#current;
  }

  get known(): ReadonlyMap<string, Known> {
    return this.#knownById;
  }

  /** A quiet scan found this new chat showing no messages, and none were placed since: what shows now appeared while we watched. */
  get emptySeen(): boolean {
    return this.#empty;
  }

  /** True when `url` is not the one the conversation was last read from (one string compare). */
  urlChanged(url: string): boolean {
    return url !== this.#url;
  }

  /** Follows the page to `url`: another conversation starts with nothing known. */
  moveTo(url: string): Move {
    this.#url = url;
    const conversation = this.#idAt(url) ?? this.#unsaved;
    if (conversation === this.#current) return 'same';
    const fromNewChat = this.#current === this.#unsaved;
    this.#current = conversation;
    this.#knownById.clear();
    this.#stale.clear();
    if (fromNewChat) return 'from-new-chat'; // a new chat that got its id keeps its messages: they seed its history
    // Another conversation: the old one's messages may stay on the page for a moment; they must not seed the new one.
    this.#previousFingerprints = this.#fingerprints;
    this.#fingerprints = new WeakMap();
    this.#empty = false;
    return 'other';
  }

  /** The messages of this conversation among those found (without the one left behind, still showing). */
  present(found: PageMessage[]): PageMessage[] {
    return this.#stale.size > 0 ? found.filter((m) => !this.#stale.has(m.id)) : found;
  }

  /**
   * A scan found no messages. Only a new chat is really empty: a saved conversation (its URL names
   * it) that shows none is still loading, and what appears there is its history.
   */
  markEmpty(): void {
    if (this.#current === this.#unsaved) this.#empty = true;
  }

  /** A scan placed the page's messages (seeded or counted them). */
  clearEmpty(): void {
    this.#empty = false;
  }

  rejects(messages: readonly PageMessage[]): boolean {
    return signature(messages) === this.#rejected;
  }

  reject(messages: readonly PageMessage[]): void {
    this.#rejected = signature(messages);
  }

  /**
   * The texts of messages to seed that are this conversation's: a message whose element still shows
   * the text it had in the conversation left behind is stale (never seeded here, never read again).
   */
  freshTexts(found: readonly PageMessage[], texts: readonly string[]): Map<PageMessage, string> {
    const fresh = new Map<PageMessage, string>();
    found.forEach((message, i) => {
      const textFingerprint = fingerprint(texts[i]);
      if (this.#previousFingerprints.get(message.element) === textFingerprint) {
        this.#stale.add(message.id);
        return;
      }
      this.#fingerprints.set(message.element, textFingerprint);
      fresh.set(message, texts[i]);
    });
    return fresh;
  }

  markRead(id: string, known: Known = {}): void {
    this.#knownById.set(id, known);
  }

  /** Marks an answer's parts as read: the first part carries the answer's fingerprint on pages with derived ids. */
  markAnswerRead({ parts, texts, fingerprint: answerFingerprint }: AnswerRead): void {
    parts.forEach((part, i) => {
      this.#knownById.set(part.id, i === 0 && answerFingerprint !== undefined ? { fingerprint: answerFingerprint } : {});
      this.#fingerprints.set(part.element, fingerprint(texts[i]));
    });
  }
}

const signature = (messages: readonly PageMessage[]): string => `${messages.length}:${messages[0]?.id}:${messages[messages.length - 1]?.id}`;
