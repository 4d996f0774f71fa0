/**
 * How each of ChatGPT's markups is read (`VariantReader`): a, classic; b, the transcript list; c,
 * turn units; and the oldest turn containers. The adapter (./reader.ts) picks the reader by the
 * message element and never branches on the variant itself.
 */
import type { Role } from '../types';
import { attributeIn, firstMatching, precedes, visibleText } from '../dom';
import {
  ANSWER_B,
  ANSWER_C,
  ANSWER_ID_C,
  BUBBLE,
  BUSY_C,
  FINISHED_B,
  inAnyMessage,
  IMAGE_PREVIEW,
  onUserSide,
  PROMPT_B,
  REASONING_C,
  SKIP,
  STOP_A,
  STOP_B,
  STREAMING_B,
  TURN_A,
  TURN_C,
  unitKey,
} from './selectors';

const ANSWER_ID = 'data-chatgpt-selection-message-id';
const SEARCH_MESSAGE_IDS = 'data-chatgpt-search-message-ids';

const lastToken = (value: string | null | undefined): string | null => value?.trim().split(/\s+/).pop() || null;

/** Math as its source (what the model wrote), not the rendered glyphs or the MathML twice over. */
const MATH = '[data-math-source], .katex';
const mathSource = (el: Element): string | null => el.getAttribute('data-math-source') ?? el.querySelector('annotation')?.textContent ?? null;

/** A text root's visible text, math read as its source. */
export function readPart(root: Element): string {
  if (!root.querySelector(MATH)) return visibleText(root, SKIP);
  return visibleText(root, `${SKIP},${MATH}`, mathSource);
}

function turnOf(el: Element): Element | null {
  return el.closest(`${TURN_C}, [data-content-search-turn-key]`);
}

/** The answer's own action bar (Copy, Share, ...) has appeared: buttons after it in its turn, outside every message. */
function hasActionBarAfter(answer: Element, turn: Element): boolean {
  for (const button of Array.from(turn.querySelectorAll('button'))) {
    if (precedes(answer, button) && !inAnyMessage(button)) return true;
  }
  return false;
}

const CONTENT_BLOCKS = 'p, pre, ul, ol, table, blockquote, .markdown, [data-assistant-markdown], [data-markdown-text-style]';

/** Variants a and b: the reasoning label is a text button above the answer's first content block. */
function labelAboveContent(scope: Element): string | null {
  const firstBlock = Array.from(scope.querySelectorAll(CONTENT_BLOCKS)).find((b) => !b.closest('button') && !b.matches(SKIP));
  for (const button of Array.from(scope.querySelectorAll('button'))) {
    if (firstBlock && !firstBlock.contains(button) && precedes(firstBlock, button)) break;
    if (button.hasAttribute('aria-label') || button.hasAttribute('data-testid') || onUserSide(button)) continue;
    const text = visibleText(button, SKIP);
    if (text !== '') return text;
  }
  return null;
}

/**
 * How one markup variant is read: each variant's rules in one place (the adapter below picks the
 * reader by the message element, never branches on the variant itself).
 */
export interface VariantReader {
  /** The page's own id for a message, or null. */
  pageId(el: Element): string | null;
  /** An id from the markup's structure when the message has none of its own (else one derived from the prompt, `derivedIds`). */
  structuralId(el: Element): string | null;
  /**
   * The elements holding a message's own text. A prompt whose own element is missing reads as empty
   * (the tracker then reports the page as not recognized) rather than as the text around it
   * (attachment cards, headings); an answer falls back to its whole message, headings left out.
   */
  textRoots(el: Element, role: Role): Element[];
  /** The answer's own finished mark: true, false (still written) or null (the markup says nothing). */
  finished(el: Element): boolean | null;
  /** Where the answer's reasoning label sits, read as text; null when none. */
  reasoningLabel(el: Element): string | null;
  /** Where the answer's generated images sit. */
  imageScope(el: Element): Element;
  /** True when a prompt as the page's last message means an answer is on its way (the page shows nothing else yet). */
  promptLastIsStreaming: boolean;
  /**
   * What on a page of this markup says an answer is being written (a stop button, a message or image
   * marked as in progress). Only these are searched while the page shows this markup: each is a walk
   * of the whole page, which on a long chat is most of what noticing an answer's end costs.
   */
  streamingMarks: readonly string[];
}

/** What a markup reads as most do: the message element holds its text and images, it has no structural id, and a prompt last says nothing. */
const PLAIN: Pick<VariantReader, 'structuralId' | 'textRoots' | 'imageScope' | 'promptLastIsStreaming'> = {
  structuralId: () => null,
  textRoots: (el) => [el],
  imageScope: (el) => el,
  promptLastIsStreaming: false,
};

/** A generated image still being drawn (variants a and c). */
const BUSY_IMAGE = `${IMAGE_PREVIEW}[aria-busy="true"]`;

/** True when another assistant message of the same turn container comes before this one (a later part of one answer). */
const earlierPartInTurn = (el: Element, turn: Element): boolean => turn.querySelector('[data-message-author-role="assistant"]') !== el;

/** a, classic: `[data-message-author-role]` with `data-message-id`, inside `article[data-testid^=conversation-turn-]`. */
const classic: VariantReader = {
  ...PLAIN,
  pageId: (el) => el.getAttribute('data-message-id'),
  finished(el) {
    if (el.querySelector('.result-streaming')) return false;
    // Every finished answer gets its action bar in its turn container (no container, no signal).
    const turn = el.closest(TURN_A);
    return turn ? hasActionBarAfter(el, turn) : null;
  },
  reasoningLabel: (el) => labelAboveContent(imageAndLabelScope(el)),
  imageScope: imageAndLabelScope,
  streamingMarks: [STOP_A, BUSY_IMAGE, '.result-streaming'],
};

/**
 * Variant a keeps an answer's images and reasoning label in its turn container, outside the message
 * elements. One turn can hold several assistant messages (a tool call, an image, then the text):
 * what sits in the container belongs to the first of them, once; a later part reads only itself.
 */
function imageAndLabelScope(el: Element): Element {
  const turn = el.closest(TURN_A);
  if (!turn) return el;
  return earlierPartInTurn(el, turn) ? el : turn;
}

/** b, logged out and some accounts: `ol[data-conversation-transcript] > li[data-message-role]`. */
const transcriptList: VariantReader = {
  ...PLAIN,
  pageId: (el) => el.id || el.getAttribute('data-message-id'),
  textRoots(el, role) {
    // The li itself as a last resort: the prompt sits in a button, which is never read as text.
    const parts = firstMatching(el, role === 'user' ? [PROMPT_B, BUBBLE] : [ANSWER_B]);
    return parts.length > 0 ? parts : [el];
  },
  finished(el) {
    if (el.hasAttribute('data-message-complete')) return true;
    if (el.hasAttribute('data-message-streaming') || el.id.startsWith('pending-')) return false;
    // Between its real id and data-message-complete an answer carries neither mark, so on a page
    // that marks answers complete, no mark means not finished. (The 2026-07 li markup marks nothing.)
    const marks = el.closest('ol[data-conversation-transcript]') || el.querySelector(ANSWER_B) || el.ownerDocument.querySelector(`li${FINISHED_B}`);
    return marks ? false : null;
  },
  reasoningLabel: labelAboveContent,
  streamingMarks: [STOP_B, `li${STREAMING_B}`, 'li[data-message-role][id^="pending-"]'],
};

/** c, the new UI: `[data-turn-key]` turns holding units keyed `<turn>:<n>:user|assistant`. */
const turnUnits: VariantReader = {
  ...PLAIN,
  pageId: (el) => attributeIn(el, ANSWER_ID) ?? lastToken(el.getAttribute(SEARCH_MESSAGE_IDS) ?? attributeIn(el, SEARCH_MESSAGE_IDS)),
  structuralId(el) {
    // The turn's key and the unit's own key in the turn (`<n>:user|assistant`).
    const key = el.closest(TURN_C)?.getAttribute('data-turn-key');
    const unit = unitKey(el).split(':').slice(-2).join(':');
    return key && unit ? `${key}:${unit}` : null;
  },
  textRoots(el, role) {
    if (role === 'user') {
      const parts = firstMatching(el, [BUBBLE, '[data-content-search-unit-key]']);
      return parts.length > 0 ? parts : el.hasAttribute('data-content-search-unit-key') ? [el] : [];
    }
    const parts = firstMatching(el, [ANSWER_C, ANSWER_ID_C]);
    return parts.length > 0 ? parts : [el];
  },
  finished(el) {
    const turn = turnOf(el);
    if (!turn) return null;
    if (turn.querySelector(`${BUSY_C}, .loading-shimmer`)) return false;
    return hasActionBarAfter(el, turn);
  },
  reasoningLabel(el) {
    const turn = turnOf(el);
    if (!turn) return null;
    // The activity header follows the hidden turn-start marker and precedes the answer unit.
    const starts = Array.from(turn.querySelectorAll(REASONING_C)).filter((s) => precedes(s, el));
    const header = starts.at(-1)?.nextElementSibling;
    if (!header) return null;
    const text = visibleText(header, SKIP);
    return text === '' ? null : text;
  },
  promptLastIsStreaming: true,
  // Its stop button has no testid (only a localized label): the turn's busy status says it instead.
  streamingMarks: [`${TURN_C} ${BUSY_C}`, BUSY_IMAGE],
};

/** The oldest markup: turn containers with `data-turn` and the message id inside. */
const legacy: VariantReader = {
  ...PLAIN,
  pageId: (el) => el.getAttribute('data-turn-id') ?? attributeIn(el, 'data-message-id'),
  finished: (el) => (el.querySelector('.result-streaming') ? false : null),
  reasoningLabel: labelAboveContent,
  streamingMarks: [STOP_A, '.result-streaming'],
};

const marksOf = (readers: readonly VariantReader[]): string[] => Array.from(new Set(readers.flatMap((r) => r.streamingMarks)));
/** Every markup's marks: searched while the page shows no message yet (the first answer of a new chat). */
export const ANY_STREAMING_MARK = marksOf([classic, transcriptList, turnUnits, legacy]);

/** The reader of a message element's markup. */
export function readerOf(el: Element): VariantReader {
  if (el.hasAttribute('data-message-author-role')) return classic;
  if (el.tagName === 'LI' && el.hasAttribute('data-message-role')) return transcriptList;
  if (el.hasAttribute('data-chatgpt-search-unit-key') || el.hasAttribute('data-content-search-unit-key')) return turnUnits;
  return legacy;
}
