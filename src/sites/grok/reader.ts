/**
 * grok.com. Conversations live at `/c/<uuid>`; a new chat starts at `/` and moves there while its
 * first answer is written. Read as maintained automation tools and exporters read it (their
 * sources: test/fixtures/sites/README.md):
 *
 * - each message is a row `div[id^="response-"]` (the id stays with the message: a page id), the
 *   prompt's row `items-end`, the answer's `items-start`; 2026 pages also mark the bubbles
 *   `[data-testid="user-message"]` / `[data-testid="assistant-message"]`; the text is in
 *   `.message-bubble`, an answer's in `.response-content-markdown`;
 * - a thinking block `.thinking-container`: a button whose label gives the time ("Thought for
 *   12s"), the thinking text under it when expanded;
 * - generated images are pictures in the answer's bubble (an automation tool keeps those of at least 128 px);
 *   a video made from one ("Make video", Grok Imagine) plays in the answer's bubble;
 * - once an answer ends its row gets the answer's action buttons (copy, regenerate...).
 *
 * Grok's models are not in the model table: every turn counts as `custom` with the rate of
 * data/custom-rates.json (docs/methodology.md).
 */
import { defineAdapter } from '../adapter';
import { type GeneratedImage, type ReasoningRead, type Role, type SiteAdapter } from '../types';
import { grokSite } from './facts';
import {
  CHROME_SELECTOR,
  firstElement,
  firstMatching,
  GENERIC_STOP,
  isIcon,
  joinTexts,
  labelText,
  lastOf,
  streamingBy,
  visibleText,
  withPageIds,
} from '../dom';

const { selectors: S, otherSelectors: O } = grokSite;
const ROW = S.row[0];
const USER_BUBBLE = O.userBubble;
const ASSISTANT_BUBBLE = O.assistantBubble;
const MARKDOWN = S.answerText[0];
const THINKING = S.thinking[0];
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${THINKING}`;

/** A row's role: by its bubble's testid, else by its alignment, else (a renamed class) by a thinking block or an answer body. */
function roleOf(row: Element): Role | null {
  if (row.querySelector(ASSISTANT_BUBBLE)) return 'assistant';
  if (row.querySelector(USER_BUBBLE)) return 'user';
  if (row.classList.contains('items-end')) return 'user';
  if (row.classList.contains('items-start')) return 'assistant';
  return row.querySelector(`${THINKING}, ${MARKDOWN}`) ? 'assistant' : null;
}

function messages(doc: Document): Array<{ role: Role; element: Element }> {
  const rows = firstMatching(doc, [ROW]);
  if (rows.length) {
    return rows.flatMap((element) => {
      const role = roleOf(element);
      return role ? [{ role, element }] : [];
    });
  }
  // Without the rows' ids (renamed), the bubbles' testids.
  return firstMatching(doc, [`${USER_BUBBLE}, ${ASSISTANT_BUBBLE}`]).map((element) => ({
    role: element.matches(ASSISTANT_BUBBLE) ? ('assistant' as const) : ('user' as const),
    element,
  }));
}

const newestAnswer = (doc: Document): Element | undefined => lastOf(messages(doc).filter((m) => m.role === 'assistant'))?.element;

/** The message's bubble: the text without the row's controls. */
export const bubbleOf = (el: Element): Element => firstElement(el, [...S.bubble, ASSISTANT_BUBBLE, USER_BUBBLE]) ?? el;

/**
 * The thinking block: `.thinking-container`, else (a renamed class) what comes before the bubble in
 * the answer's row and holds a button (the label) as the thinking block does.
 */
function thinkingBlock(answer: Element): Element | null {
  const marked = answer.querySelector(THINKING);
  if (marked) return marked;
  const bubble = bubbleOf(answer);
  if (bubble === answer) return null;
  for (let el = answer.firstElementChild; el && !el.contains(bubble); el = el.nextElementSibling) if (el.querySelector('button')) return el;
  return null;
}

/** The answer's action buttons, outside its bubble and its thinking block: the page adds them when the answer ends. */
function hasActions(answer: Element): boolean {
  const bubble = bubbleOf(answer);
  const thinking = thinkingBlock(answer);
  return Array.from(answer.querySelectorAll('button')).some((b) => !bubble.contains(b) && !thinking?.contains(b));
}

export const grok: SiteAdapter = defineAdapter(grokSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[data-testid="chat-submit"], button[aria-label="Submit"], button[type="submit"]',

  findTurns(doc, conversation) {
    return withPageIds(conversation, messages(doc), (element, role) =>
      element.id.startsWith('response-') ? `${element.id.slice('response-'.length)}:${role}` : null,
    );
  },

  readText({ role, element }) {
    const bubble = bubbleOf(element);
    if (role === 'user') return visibleText(bubble);
    const parts = firstMatching(bubble, [MARKDOWN]);
    return joinTexts(parts.length ? parts : [bubble], (p) => visibleText(p, ANSWER_SKIP));
  },

  /** Expanded, the thinking is counted as shown; collapsed, only its label ("Thought for 12s") is there. */
  readReasoning({ element }): ReasoningRead | null {
    const block = thinkingBlock(element);
    if (!block) return null;
    const toggle = block.querySelector('button');
    const label = toggle ? labelText(toggle) : null;
    const text = visibleText(block);
    return text ? { text, summaryOnly: false, durationLabel: label } : { text: null, summaryOnly: false, durationLabel: label };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return Array.from(bubbleOf(element).querySelectorAll('img'))
      .filter((img) => !img.closest(`a, ${THINKING}`) && !isIcon(img))
      .map((img, i) => ({ key: `${id}:image:${i}`, ready: /^(https?|blob):/.test(img.getAttribute('src') ?? '') }));
  },

  lazyReaders: true,

  /**
   * Streaming while a stop button shows, or while the newest answer has no action buttons yet (an
   * answer that never gets them is never counted: the page reads as not recognized).
   */
  streaming: (doc) => streamingBy(doc, GENERIC_STOP, newestAnswer, (answer) => !hasActions(answer)),

  answerFinished: hasActions,
});
