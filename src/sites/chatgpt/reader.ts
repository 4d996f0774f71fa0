/**
 * chatgpt.com and chat.openai.com. The site serves three transcript markups side by side (by account,
 * rollout and login state); test/fixtures/sites/README.md names the public sources of each.
 *
 * - a, classic: `[data-message-author-role]` elements with `data-message-id`; a stop button with a testid.
 * - b, logged out and some accounts: `ol[data-conversation-transcript] > li[data-message-role]`; the
 *   li's own id (`pending-<uuid>` at first), `data-message-streaming` / `data-message-complete`.
 * - c, the new UI (from about 2026-09): `[data-turn-key]` turns holding units keyed `<turn>:<n>:user`
 *   and `<turn>:<n>:assistant`; the answer carries its id in `data-chatgpt-selection-message-id`.
 *
 * Each markup has its own reader (`VariantReader`, ./variants.ts), picked by the message element;
 * the selectors are named once in ./facts.ts, the site's data module, generated images read in ./images.ts. One turn can hold
 * several assistant messages (a tool call, an image, then the text; a continuation): they are the
 * parts of one answer, which the tracker puts together (src/tracking/exchanges.ts).
 *
 * Visually hidden headings ("You said:", "ChatGPT said:") are not part of a message.
 */
import { defineAdapter } from '../adapter';
import { type PageMessage, type ReasoningRead, type SiteAdapter } from '../types';
import { chatgptSite } from './facts';
import { attributeIn, derivedIds, firstElement, firstMatching, joinTexts, streamingBy } from '../dom';
import { CONVERSATION, MESSAGE_CHAIN, roleOf, TURN_A } from './selectors';
import { readImages } from './images';
import { ANY_STREAMING_MARK, readerOf, readPart } from './variants';

function hasPlaceholderImage(el: Element): boolean {
  return readImages(readerOf(el).imageScope(el), 'placeholder-check').some((i) => !i.ready);
}

/** An answer message's finished mark: false while it shows a placeholder image, else its markup's own mark. */
function finished(answer: Element): boolean | null {
  if (hasPlaceholderImage(answer)) return false;
  return readerOf(answer).finished(answer);
}

/** The newest message element of the page's variant, without reading the others. */
function lastMessage(doc: Document): Element | null {
  for (const selector of MESSAGE_CHAIN) {
    const found = doc.querySelectorAll(selector);
    if (found.length > 0) return found[found.length - 1];
  }
  return null;
}

/**
 * The newest message says an answer is on its way: a prompt, on a markup that shows nothing else
 * at first; or an answer its page marks as not finished yet (a, b and c all have a mark).
 */
function stillComing(last: Element): boolean {
  const role = roleOf(last);
  if (role === 'user') return readerOf(last).promptLastIsStreaming;
  return role === 'assistant' && finished(last) === false;
}

export const chatgpt: SiteAdapter = defineAdapter(chatgptSite, {
  streamingSignal: 'reliable',
  // Variant c's primary button has no testid and is Voice, Send or Stop by its localized label alone: it sends when the composer holds text (no empty-paragraph placeholder).
  sendButtonSelector:
    '[data-testid="send-button"], #composer-submit-button, button[data-composer-submit]:not([data-stop-generating]), form[data-chatgpt-composer]:not(:has([data-empty-paragraph])) button.bg-composer-primary',

  findTurns(doc, conversation) {
    // One pass, one object per message; ids derived from the prompts (and the conversation, which
    // may walk the page) only for messages without an id of their own or from the structure.
    const out: PageMessage[] = [];
    const unnamed: number[] = [];
    for (const element of firstMatching(doc, MESSAGE_CHAIN)) {
      const role = roleOf(element);
      if (!role) continue;
      const reader = readerOf(element);
      const own = reader.pageId(element);
      const id = own ?? reader.structuralId(element);
      if (id === null) unnamed.push(out.length);
      out.push({ id: id ?? '', role, element, pageId: own !== null });
    }
    if (unnamed.length === 0) return out;
    const derived = derivedIds(conversation(), out);
    for (const i of unnamed) out[i] = derived[i];
    return out;
  },

  readText({ element, role }) {
    return joinTexts(readerOf(element).textRoots(element, role), readPart);
  },

  readReasoning(answer): ReasoningRead | null {
    if (answer.role !== 'assistant') return null;
    const durationLabel = readerOf(answer.element).reasoningLabel(answer.element);
    // The thoughts themselves show only in a side panel after a click: never on the page.
    return durationLabel === null ? null : { text: null, summaryOnly: false, durationLabel };
  },

  generatedImages(answer) {
    if (answer.role !== 'assistant') return [];
    return readImages(readerOf(answer.element).imageScope(answer.element), answer.pageId ? answer.id : null);
  },

  lazyReaders: true,
  // A free account's sidebar ends with a sized "Upgrade plan" item (its only menu item with a size; paid accounts show none).
  readPlanShown: (doc) => (doc.querySelector('nav .__menu-item[data-size] .truncate')?.textContent === 'Upgrade plan' ? 'free' : null),

  answerFinished: finished,

  streaming(doc) {
    // The page's markup from its first message (found near the top, without walking the page).
    const first = firstElement(doc, MESSAGE_CHAIN);
    return streamingBy(doc, first ? readerOf(first).streamingMarks : ANY_STREAMING_MARK, lastMessage, stillComing);
  },

  // A long chat keeps only its newest turns mounted: the earlier ones stay as numbered turn shells
  // (`conversation-turn-<n>`, the first turn 1) without their messages.
  earlierTurnsHidden(_doc, first) {
    const turn = first.element.closest(TURN_A)?.getAttribute('data-testid') ?? '';
    return Number(/-(\d+)$/.exec(turn)?.[1] ?? 1) > 1;
  },

  conversationIdInPage(doc) {
    const section = doc.querySelector(CONVERSATION)?.getAttribute('data-conversation-id');
    if (section) return section;
    const c = attributeIn(doc, 'data-chatgpt-selection-conversation-id');
    if (c) return c;
    const composer = attributeIn(doc, 'data-above-composer-conversation-id');
    return composer ? composer.replace(/^chatgpt:/, '') || null : null;
  },
});
