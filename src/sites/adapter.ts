/**
 * The one interface every chat site implements. Adapters are pure functions
 * over a Document/Element: no timers, no messaging, no storage.
 */
import type { SiteId } from './site-ids';

export type Role = 'user' | 'assistant';

export interface PageMessage {
  /** Stable id: the page's own message id where it has one, else derived (see `derivedIds`). */
  id: string;
  role: Role;
  element: Element;
  /** True when `id` is the page's own id; false when derived from the conversation and the prompt. */
  pageId: boolean;
}

export interface SiteAdapter {
  site: SiteId;
  /** User and assistant messages in page order. */
  findTurns(doc: Document): PageMessage[];
  /** The text a model read or wrote: visible reasoning included, UI chrome (buttons, "Copy code") left out. */
  readText(message: PageMessage): string;
  /** True while an answer is still streaming. */
  isStreaming(doc: Document): boolean;
  /** The model label as the page shows it, or null. */
  readModelLabel(doc: Document): string | null;
  /** The conversation id in a chat URL, or null on pages without one (a new chat, settings). */
  conversationId(url: string): string | null;
  /**
   * `reliable`: the page shows a streaming indicator we know. `quiet`: no known indicator, so an
   * answer counts as finished only after the page has been quiet for a while.
   */
  streamingSignal: 'reliable' | 'quiet';
  /** Buttons that send the prompt (clicks on them mean the user sent something). */
  sendButtonSelector: string;
  /** Why the adapter may find no messages, when there is more to say than the tracker's generic reason. */
  notRecognizedReason?: string;
}
