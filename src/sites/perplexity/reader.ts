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
import { defineAdapter, type SiteAdapter } from '../adapter';
import { perplexitySite } from './facts';
import { byRole, CHROME_SELECTOR, derivedIds, firstMatching, GENERIC_STOP, joinTexts, labelText, lastOf, precedes, streamingBy, visibleText } from '../dom';

const QUERY = '.group\\/query';
const USER_CHAIN = [`h1${QUERY}`, QUERY];
const QUERY_TEXT = '.select-text';
const ANSWER = '[id^="markdown-content-"]';
const ASSISTANT_CHAIN = [ANSWER, '.prose'];
const MATH = '.katex';
const CODE_LANGUAGE = '[data-testid="code-language-indicator"]';
/** A prompt's own text: controls and hidden text left out, but not its inline link chips (role=button) or its select-none bubble. */
const PROMPT_SKIP = 'button, svg, style, script, template, textarea, input, img, [hidden], [aria-hidden="true"], .sr-only';
/** MathML with its TeX annotation: what is read when the KaTeX wrapper's class is gone. */
const MATHML = 'math';
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${CODE_LANGUAGE}, ${MATH}, ${MATHML}`;

const mathSource = (el: Element): string | null => el.querySelector('annotation')?.textContent ?? null;
const isMath = (el: Element): boolean => el.matches(`${MATH}, ${MATHML}`);

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

/** The line under the answer naming the model: the first text after it that holds no control. */
function modelLine(answer: Element): string | null {
  const line = after(answer).find((el) => el.children.length === 0 && !el.closest('button, [role="button"]') && labelText(el) !== null);
  return labelText(line ?? null);
}

export const perplexity: SiteAdapter = defineAdapter(perplexitySite, {
  selectors: {
    prompt: USER_CHAIN,
    promptText: [QUERY_TEXT],
    answer: ASSISTANT_CHAIN,
    math: [MATH],
  },
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[aria-label="Submit"], button[data-testid="submit-button"], button[type="submit"]',

  findTurns(doc, conversation) {
    return derivedIds(conversation(), byRole(doc, USER_CHAIN, ASSISTANT_CHAIN));
  },

  readText({ role, element }) {
    if (role === 'user') {
      const parts = firstMatching(element, [QUERY_TEXT]);
      return joinTexts(parts.length ? parts : [element], (p) => visibleText(p, PROMPT_SKIP));
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

  /** The newest answer's model line as shown ("Prepared using GPT-5.5"): the mapping looks for the model's name in it. */
  readModelLabel(doc) {
    const last = lastOf(answersOf(doc));
    return last ? modelLine(last) : null;
  },
});
