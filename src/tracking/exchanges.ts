/**
 * One answer is one turn: every assistant message between one prompt and the next is a part of the
 * same answer. ChatGPT shows a tool call, a web search or a generated image and then the text as
 * separate assistant messages of one turn, and a continuation as another one; exporters read them
 * the same way (all `[data-message-author-role=assistant]` inside one
 * `article[data-testid^=conversation-turn]` form one reply). Pure: the tracker and the drift tests
 * both use it, over messages the adapter already found, in one pass.
 */
import type { PageMessage, ReasoningRead, SiteAdapter } from '../sites/adapter';

/** A prompt and the assistant messages that answer it, in page order. */
export interface Exchange {
  /** Null for answers before the first prompt on the page (a virtual list that starts mid-answer). */
  prompt: PageMessage | null;
  /** The answer's parts; empty while the answer has not appeared. The first part names the turn. */
  parts: PageMessage[];
}

/**
 * Between two parts of an answer: a line break, as between the paragraphs of one message (the
 * adapters' readText), so an answer reads the same whether the page splits it into messages or not.
 */
const PART_SEPARATOR = '\n';

/** The messages as exchanges: each prompt with the assistant messages up to the next prompt. */
export function exchangesOf(messages: readonly PageMessage[]): Exchange[] {
  const out: Exchange[] = [];
  let current: Exchange | null = null;
  for (const m of messages) {
    if (m.role === 'user') {
      current = { prompt: m, parts: [] };
      out.push(current);
    } else {
      if (!current) {
        current = { prompt: null, parts: [] };
        out.push(current);
      }
      current.parts.push(m);
    }
  }
  return out;
}

/** The text of an answer from its parts' texts: empty parts left out, one line break between them. */
export function joinParts(texts: readonly string[]): string {
  return texts.filter((t) => t !== '').join(PART_SEPARATOR);
}

export interface AnswerExtras {
  reasoning?: ReasoningRead;
  /** Keys of the ready generated images of all parts, each once. */
  images?: string[];
  /** Some image of a part still shows a placeholder. */
  pendingImages: boolean;
}

/**
 * The reasoning and the generated images an answer shows (reads only its parts' elements). Reasoning
 * belongs to the answer once: the first part that shows any gives it (later parts of the same turn
 * may show the same label again). Images are the union of every part's, each key once.
 */
export function answerExtrasOf(adapter: SiteAdapter, parts: readonly PageMessage[]): AnswerExtras {
  let reasoning: ReasoningRead | undefined;
  const ready = new Set<string>();
  let pendingImages = false;
  for (const part of parts) {
    reasoning ??= adapter.readReasoning?.(part) ?? undefined;
    for (const image of adapter.generatedImages?.(part) ?? []) {
      if (image.ready) ready.add(image.key);
      else pendingImages = true;
    }
  }
  return { reasoning, images: ready.size > 0 ? [...ready] : undefined, pendingImages };
}

/** The per-part finished signal of a whole answer: false while any part is still written, true once every part says so, else null. */
export function answerFinishedOf(adapter: SiteAdapter, parts: readonly PageMessage[]): boolean | null {
  if (!adapter.answerFinished) return null;
  let all: boolean | null = true;
  for (const part of parts) {
    const done = adapter.answerFinished(part.element);
    if (done === false) return false;
    if (done === null) all = null;
  }
  return parts.length === 0 ? null : all;
}
