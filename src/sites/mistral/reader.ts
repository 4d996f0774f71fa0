/**
 * chat.mistral.ai (Le Chat). Messages carry `data-message-author-role` and `data-message-id`; an
 * answer is made of parts, `[data-message-part-type="answer"]` and, for reasoning models,
 * `[data-message-part-type="reasoning"]` shown in full, each with its text in
 * `[data-testid="text-message-part"]` (sources: test/fixtures/sites/README.md).
 * Conversations live at `/chat/<id>` and, since 2026, also at `/work/<id>`.
 *
 * When is an answer finished? While an answer streams the composer's send button is a stop button:
 * its label is localized, its icon is a rounded square (`form rect[rx="2"]`, the stop test of a
 * maintained automation tool). An answer gets its action bar (copy, rewrite), buttons after its
 * parts, once it ends: that tool counts the page as generating while no assistant message has that
 * footer yet. The site stays `quiet` by default, for a stop label or icon it does not know;
 * `idleSignal` says `reliable` only when both agree: no stop button, and the newest message is an
 * answer with its action bar.
 */
import { defineAdapter } from '../adapter';
import { type ReasoningRead, type Role, type SiteAdapter, type StreamingSignal } from '../types';
import { mistralSite } from './facts';
import { CHROME_SELECTOR, findMark, firstMatching, joinTexts, labelText, lastOf, precedes, visibleText, withPageIds } from '../dom';

const { selectors: S } = mistralSite;
const [ANSWER_PART, LEGACY_ANSWER_TEXT] = S.answerPart;
const REASONING_PART = S.reasoningPart[0];
const TEXT_PART = S.textPart[0];
/** Any part of an answer, and what lies inside parts (their own buttons are no action bar). */
const PARTS = `${ANSWER_PART}, ${REASONING_PART}, ${TEXT_PART}`;
const BUTTON = 'button, [role="button"]';
const STOP_CHAIN = S.stop;
const WITHOUT_REASONING = `${CHROME_SELECTOR}, ${REASONING_PART}`;

/** Role from the attribute; without it (a renamed attribute), a message holding answer parts is the assistant's. */
function roleOf(el: Element): Role | null {
  const role = el.getAttribute('data-message-author-role');
  if (role === 'user' || role === 'assistant') return role;
  if (role !== null) return null;
  return el.querySelector(`${ANSWER_PART}, ${REASONING_PART}`) ? 'assistant' : 'user';
}

const textOf = (parts: Element[]): string => joinTexts(parts, (p) => visibleText(p, WITHOUT_REASONING));

const messagesOf = (doc: Document): Element[] => firstMatching(doc, S.message);

/** The answer's action bar: a button after all of its parts and outside them (shown once the answer ends). */
function hasActionBar(answer: Element): boolean {
  const last = lastOf(answer.querySelectorAll(PARTS));
  return Array.from(answer.querySelectorAll(BUTTON)).some((b) => !b.closest(PARTS) && (!last || precedes(last, b)));
}

/** Sure that nothing is being written: no stop button, and the newest message is an answer with its action bar. */
function idleSignal(doc: Document): StreamingSignal {
  if (findMark(doc, STOP_CHAIN)) return 'quiet';
  const newest = lastOf(messagesOf(doc));
  return newest && roleOf(newest) === 'assistant' && hasActionBar(newest) ? 'reliable' : 'quiet';
}

export const mistral: SiteAdapter = defineAdapter(mistralSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[type="submit"], button[aria-label*="Send" i]',

  findTurns(doc, conversation) {
    const found = messagesOf(doc).flatMap((element) => {
      const role = roleOf(element);
      return role ? [{ role, element }] : [];
    });
    return withPageIds(conversation, found, (element) => element.getAttribute('data-message-id') || element.id || null);
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(element.querySelector(S.prompt[0]) ?? element);
    const answers = firstMatching(element, [ANSWER_PART]);
    if (answers.length) return textOf(answers);
    const legacy = Array.from(element.querySelectorAll(LEGACY_ANSWER_TEXT)).filter((el) => !el.closest(REASONING_PART));
    return textOf(legacy.length ? legacy : [element]);
  },

  /** Le Chat shows the reasoning in full: its text is counted as it is; the toggle shows the duration. */
  readReasoning({ element }): ReasoningRead | null {
    const part = element.querySelector(REASONING_PART);
    if (!part && !element.querySelector(ANSWER_PART)) return null;
    // Without the reasoning part's attribute (renamed), reasoning is the text parts outside the answer parts.
    const texts = part ? firstMatching(part, [TEXT_PART]) : firstMatching(element, [TEXT_PART]).filter((t) => !t.closest(ANSWER_PART));
    if (!part && texts.length === 0) return null;
    const text = texts.length ? joinTexts(texts) : visibleText(part!);
    const toggle = (part ?? element).querySelector('button, [role="button"]');
    const label = toggle && (!texts[0] || precedes(toggle, texts[0])) ? labelText(toggle) : null;
    return { text: text || null, summaryOnly: false, durationLabel: label };
  },

  streaming: (doc) => findMark(doc, STOP_CHAIN),

  idleSignal,

  /** Finished once it has its action bar; the newest answer is unfinished while the stop button shows; else the markup says nothing. */
  answerFinished(answer) {
    if (hasActionBar(answer)) return true;
    const doc = answer.ownerDocument;
    return findMark(doc, STOP_CHAIN) && lastOf(messagesOf(doc).filter((m) => roleOf(m) === 'assistant')) === answer ? false : null;
  },
});
