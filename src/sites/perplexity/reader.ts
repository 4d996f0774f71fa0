/**
 * www.perplexity.ai (and perplexity.ai). A thread lives at `/search/<slug-id>`; a new thread starts
 * at `/` and moves there while its first answer is written. Read as maintained exporters read it
 * (their sources: test/fixtures/sites/README.md):
 *
 * - a prompt is `h1.group/query`, its text in `span.select-text` (inside a `select-none` bubble, so
 *   the usual chrome rule cannot be used for it); an answer is `div#markdown-content-<n>` holding a
 *   `.prose` block;
 * - each answer sits in a block of its own (up to the element that would also hold a prompt) with,
 *   after the answer, a line naming the model ("Prepared using Claude Sonnet 4.6 Thinking") and
 *   the answer's action bar (Share, Copy, Rewrite...), which appears only once the answer ends;
 * - math is KaTeX with its TeX source in an annotation: read as its source.
 *
 * No id in the page: ids are derived from the thread and the prompt. The web pages Perplexity reads
 * before answering are not on the page: only the search and its count of sources are, and the
 * worker estimates the pages from them (./hidden-work.ts, src/features/search/rules.ts).
 */
import { defineAdapter } from '../adapter';
import { type SiteAdapter } from '../types';
import { perplexitySite } from './facts';
import { byRole, CHROME_SELECTOR, derivedIds, firstMatching, GENERIC_STOP, joinTexts, labelText, lastOf, precedes, streamingBy, visibleText } from '../dom';

const { selectors: S, otherSelectors: O } = perplexitySite;
const USER_CHAIN = S.prompt;
const ASSISTANT_CHAIN = S.answer;
const MATH = S.math[0];
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${O.codeLanguage}, ${MATH}, ${O.mathml}`;

const mathSource = (el: Element): string | null => el.querySelector('annotation')?.textContent ?? null;
const isMath = (el: Element): boolean => el.matches(`${MATH}, ${O.mathml}`);

/** The answer's own block: its highest ancestor that holds no prompt (and so no other turn). */
export function blockOf(answer: Element): Element {
  let block = answer;
  for (let up = answer.parentElement; up && up !== answer.ownerDocument.body; up = up.parentElement) {
    if (firstMatching(up, USER_CHAIN).length > 0 || firstMatching(up, ASSISTANT_CHAIN).length > 1) break;
    block = up;
  }
  return block;
}

/** Elements of the answer's block after the answer, outside it. */
function after(answer: Element): Element[] {
  return Array.from(blockOf(answer).querySelectorAll('*')).filter((el) => !answer.contains(el) && precedes(answer, el));
}

/** The action bar (Share, Copy, Rewrite...) shows once the answer is finished. */
const hasActionBar = (answer: Element): boolean => after(answer).some((el) => el.matches('button, [role="button"]'));

function answersOf(doc: Document): Element[] {
  return firstMatching(doc, ASSISTANT_CHAIN);
}

/** The line under the answer (the newest, without one) naming the model: the first text after it that holds no control. */
function modelLine(answer: Element | undefined, doc: Document): Element | null {
  const of = answer ?? lastOf(answersOf(doc));
  return (of && after(of).find((el) => el.children.length === 0 && !el.closest('button, [role="button"]') && labelText(el) !== null)) ?? null;
}

export const perplexity: SiteAdapter = defineAdapter(perplexitySite, {
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[aria-label="Submit"], button[data-testid="submit-button"], button[type="submit"]',

  findTurns(doc, conversation) {
    return derivedIds(conversation(), byRole(doc, USER_CHAIN, ASSISTANT_CHAIN));
  },

  readText({ role, element }) {
    if (role === 'user') {
      const parts = firstMatching(element, S.promptText);
      return joinTexts(parts.length ? parts : [element], (p) => visibleText(p, O.promptSkip));
    }
    return visibleText(element, ANSWER_SKIP, (el) => (isMath(el) ? mathSource(el) : null));
  },

  /**
   * Streaming while a stop button shows or the newest answer has no action bar yet: an answer whose
   * block never gets one (the markup changed) is never counted, and the page reads as not recognized.
   */
  streaming: (doc) =>
    streamingBy(
      doc,
      GENERIC_STOP,
      (d) => lastOf(answersOf(d)),
      (answer) => !hasActionBar(answer),
    ),

  lazyReaders: true,

  answerFinished: hasActionBar,

  /** The answer's model line as shown ("Prepared using GPT-5.5"): the mapping looks for the model's name in it. */
  modelLabelBeside: modelLine,
});
