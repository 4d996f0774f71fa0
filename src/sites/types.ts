/**
 * The one interface every chat site implements (version 2), and the shapes its readers return.
 * Types only: the kit (./dom.ts, ./conversation-url.ts, ./model-label.ts) and `defineAdapter`
 * (./adapter.ts) import them from here, so none of them imports another for a type.
 */
import type { SiteId } from '../domain/site-ids';
import type { AttachmentSent, HiddenWorkShown } from '../domain/turns';
import type { OtherSelectors, SiteData } from './site-data';

export type { ConversationUrl, ModelLabelSource, OtherSelectors, SiteData, SiteSelectors } from './site-data';

export type Role = 'user' | 'assistant';

export interface PageMessage {
  /** Stable id: the page's own message id where it has one, else derived (see `derivedIds`). */
  id: string;
  role: Role;
  element: Element;
  /** True when `id` is the page's own id; false when derived from the conversation and the prompt. */
  pageId: boolean;
}

/** What a site is, independent of how its page is read (its data module, src/sites/<site>/facts.ts). Data only, so the popup can import it cheaply. */
export type SiteFacts = SiteData<SiteId> & { readonly otherSelectors?: OtherSelectors };

/** Reasoning the page shows for an answer. */
export interface ReasoningRead {
  /** The full reasoning visible in the DOM (counted exactly, nothing estimated on top), or null when none is shown. */
  text: string | null;
  /** True when `text` is only a summary of reasoning the page hides. */
  summaryOnly: boolean;
  /** The duration label as shown ("Thought for 30s"), or null. */
  durationLabel: string | null;
}

/** An image the assistant generated in an answer. */
export interface GeneratedImage {
  /** Stable identity across re-renders (not a blob: URL that changes). */
  key: string;
  /** False while the page shows a placeholder. */
  ready: boolean;
}

/**
 * Whether an answer is being written, as the page shows it:
 * - the element that says so (a stop button, a busy flag): it says so for as long as it stays on the
 *   page unchanged, so the tracker watches it rather than asking again;
 * - `'unmarked'`: the page says so only by what is missing (the newest answer has no finished mark
 *   yet), so only asking again tells when it ends;
 * - null: nothing is being written.
 */
export type Streaming = Element | 'unmarked' | null;

/**
 * How far the page can be trusted when it says nothing is being written: `reliable`, it shows a
 * streaming indicator we know, so its absence means the answer has ended; `quiet`, it may not, so
 * an answer counts as finished only after the page has been quiet for a while (SETTLE_MS in
 * src/tracking/clock.ts).
 */
export type StreamingSignal = 'reliable' | 'quiet';

export interface SiteAdapter extends SiteFacts {
  /**
   * User and assistant messages in page order. An answer the page shows as several assistant
   * messages (a tool call, an image, then the text; a continuation) is returned as those messages:
   * the tracker counts every assistant message between two prompts as one answer, one turn
   * (src/tracking/exchanges.ts), named by the first.
   */
  findTurns(doc: Document): PageMessage[];
  /**
   * The text of a prompt or answer only: WITHOUT visible reasoning (see `readReasoning`), without UI
   * chrome (buttons, "Copy code") and without visually hidden UI text (sr-only headings, labels).
   */
  readText(message: PageMessage): string;
  /** The reasoning shown with an answer, or null when the answer shows none. */
  readReasoning?(answer: PageMessage): ReasoningRead | null;
  /** Images the assistant generated in an answer; never uploads, favicons, search images, avatars or icons. */
  generatedImages?(answer: PageMessage): GeneratedImage[];
  /**
   * What a sent prompt shows of the files it carried (a picture's thumbnail, a file's card), each
   * `from: 'page'` and so estimated: a picture's natural pixel size, a file's type from its card or
   * its name's extension. Asked only for a counted turn whose files were not seen being attached.
   */
  readAttachments?(prompt: PageMessage): AttachmentSent[];
  /**
   * Work the page shows this answer part did out of sight: web searches (a sources row, citation
   * pills, a "Searched the web" block), a research run, spoken exchanges with their durations,
   * generated videos; each part absent (or null) when it shows none. Only what the page states: a kind the page shows in
   * a form the reader cannot read goes in `unreadable`, never as a zero. `doc` is for work the page
   * shows apart from the answer (a research panel beside the chat). Asked once per answer, when it
   * is counted (src/features/work/page.ts joins its parts).
   */
  readHiddenWork?(answer: PageMessage, doc: Document): HiddenWorkShown | null;
  /** Whether an answer is being written (page-level signal: a stop button, a busy flag; see `Streaming`). */
  streaming(doc: Document): Streaming;
  /** True while an answer is being written: `streaming` not null (defineAdapter derives it). */
  isStreaming(doc: Document): boolean;
  /**
   * The finished signal of one answer message (its element, as `findTurns` found it), where the
   * markup has one (ChatGPT `data-message-complete`, Meta `data-streaming-state=DONE`, an action
   * bar that shows once the answer ends): true once the page marks this answer finished, false
   * while it marks it as streaming, null when the markup says nothing about it.
   */
  answerFinished?(answer: Element): boolean | null;
  /**
   * The model label as the page shows it, or null. `answer` is the answer being counted (its last
   * part), for pages that name the model on each answer.
   */
  readModelLabel(doc: Document, answer?: PageMessage): string | null;
  /** The conversation id in a chat URL (from `conversationUrls`), or null on pages without one (a new chat, settings). */
  conversationId(url: string): string | null;
  /**
   * True when the page shows that the conversation has turns before `first` (the first message found)
   * that are not in the page: a page that keeps only its newest turns mounted, leaving earlier ones
   * as empty shells or numbering its turns. Absent or false: the page shows the conversation from its start.
   */
  earlierTurnsHidden?(doc: Document, first: PageMessage): boolean;
  /** The conversation id the page itself carries (ChatGPT `section[data-conversation-id]`), for URLs without one. */
  conversationIdInPage?(doc: Document): string | null;
  /**
   * The plan the page shows the account is on (a plan id of data/context-windows.json), where it
   * shows one; null when it shows none. The site's health carries it, and the popup says when it
   * contradicts the plan assumed for the site.
   */
  readPlanShown?(doc: Document): string | null;
  /** The site's streaming signal (see `StreamingSignal`), for every reading `idleSignal` does not judge. */
  streamingSignal: StreamingSignal;
  /**
   * For a `quiet` site whose page sometimes says unambiguously that nothing is being written (a
   * disabled send button with an empty composer, the stop button gone and the newest answer's action
   * bar shown): asked when `streaming` found nothing, `reliable` when the page says so now, `quiet`
   * when it cannot tell. The page clock settles for the period of this reading, not the site's.
   */
  idleSignal?(doc: Document): StreamingSignal;
  /** Buttons that send the prompt (clicks on them mean the user sent something). */
  sendButtonSelector: string;
  /**
   * True when the site's rarely needed readers (`LazyReaders`, src/sites/lazy-readers.ts) are a
   * module of their own (src/sites/<site>/lazy-readers.ts) that the content script loads when first needed.
   */
  lazyReaders?: boolean;
}

/** What a site's reader writes itself; `defineAdapter` derives the rest from the site's facts. */
export interface SiteReaders extends Omit<SiteAdapter, keyof SiteFacts | 'isStreaming' | 'findTurns' | 'conversationId' | 'readModelLabel'> {
  /**
   * As `SiteAdapter.findTurns`; `conversation` names the page's conversation (from its URL, else the
   * page, else the unsaved one) for pages whose message ids are derived, asked only when needed.
   */
  findTurns(doc: Document, conversation: () => string): PageMessage[];
  /**
   * A model label the page writes beside an answer (a line under it), where the data module cannot
   * say where: the element holding it, for `answer` or, without one, the newest answer. The kit's
   * reader (./model-label.ts) reads its text, before the data module's `modelLabel` places.
   */
  modelLabelBeside?(answer: Element | undefined, doc: Document): Element | null;
}
