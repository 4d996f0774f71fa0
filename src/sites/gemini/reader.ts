/**
 * gemini.google.com: Angular custom elements, the same in every UI language. Each question/answer
 * pair sits in a `.conversation-container` with an id: `user-query` then `model-response`.
 *
 * - The answer is `message-content`. Exporters read `aria-busy` on its `div.markdown` (on
 *   `message-content` itself in older markup). A browser-automation test notes that it may stay
 *   "true" after the answer is complete, so the action bar, which comes only at the end, wins over it.
 * - Thinking is `model-thoughts`; its text is in the page only while the user has it expanded
 *   (`[data-test-id=thoughts-content]`), and no duration is shown.
 * - Generated images are `generated-image` elements in `.attachment-container.generated-images`;
 *   their `img` has a `blob:` URL that changes when Angular re-renders, so an image is known by the
 *   answer and its position in it. Uploads (`user-query-file-preview`, in the prompt) and search
 *   results (`.attachment-container.search-images`) are not generated images.
 *
 * Sources: test/fixtures/sites/README.md.
 */
import { defineAdapter } from '../adapter';
import { type GeneratedImage, type ReasoningRead, type SiteAdapter } from '../types';
import { geminiSite } from './facts';
import { byRole, CHROME_SELECTOR, firstElement, firstMatching, joinTexts, lastOf, streamingBy, visibleText, withPageIds } from '../dom';

const { selectors: S, otherSelectors: O } = geminiSite;
const PAIR = S.pair[0];
const [USER] = S.prompt;
const [ANSWER] = S.answer;
const THOUGHTS = S.thoughts[0];
/** Not the answer's text: thinking, image and search attachments (their captions and controls). */
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${THOUGHTS}, [data-test-id="thoughts-content"], .attachment-container, ${S.generatedImage[0]}`;

/** The answer's action bar, else its busy flag; null when the answer shows neither. */
function finishedMark(answer: Element): boolean | null {
  if (answer.querySelector(S.actions[0])) return true;
  const busy = firstElement(answer, S.busy)?.getAttribute('aria-busy');
  return busy === 'true' ? false : busy === 'false' ? true : null;
}

export const gemini: SiteAdapter = defineAdapter(geminiSite, {
  streamingSignal: 'reliable',
  sendButtonSelector: 'button.send-button, button[aria-label="Send message"]',

  findTurns(doc, conversation) {
    return withPageIds(conversation, byRole(doc, [USER], [ANSWER]), (element, role) => {
      const pair = element.closest(PAIR)?.id;
      return pair ? `${pair}:${role === 'user' ? 'u' : 'a'}` : null;
    });
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(firstElement(element, O.promptText) ?? element, `${CHROME_SELECTOR}, ${O.upload}`);
    const parts = Array.from(element.querySelectorAll(S.answerText[0])).filter((p) => !p.closest(THOUGHTS));
    const markdown = Array.from(element.querySelectorAll(S.answerText[1])).filter(
      (p) => !p.closest(THOUGHTS) && !p.closest('[data-test-id="thoughts-content"]'),
    );
    const roots = parts.length ? parts : markdown.length ? markdown.slice(0, 1) : [element];
    return joinTexts(roots, (r) => visibleText(r, ANSWER_SKIP));
  },

  /** The thinking text when the user has expanded it; otherwise only that the answer was thought about. */
  readReasoning({ element }): ReasoningRead | null {
    const thoughts = element.querySelector(THOUGHTS);
    const shown = (thoughts ?? element).querySelector(O.thoughtsText);
    if (!thoughts && !shown) return null;
    const text = shown ? visibleText(shown) : '';
    return { text: text || null, summaryOnly: false, durationLabel: null };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return firstMatching(element, [...S.generatedImage, O.blobImage])
      .filter((el) => !el.closest(`${O.searchImages}, ${USER}, ${O.upload}`))
      .map((el, i) => {
        const img = el.matches('img') ? el : el.querySelector('img');
        return { key: `${id}:image:${i}`, ready: !!img && (img.getAttribute('src') ?? '') !== '' };
      });
  },

  /**
   * Streaming while the send button shows stop or an answer is busy. The newest answer gets its
   * action bar (`message-actions`) only once it is complete, so a
   * newest answer with neither that bar nor aria-busy="false" is taken as unfinished: never counted
   * early, reported if it never ends.
   */
  streaming: (doc) =>
    streamingBy(
      doc,
      S.stop,
      (d) => lastOf(d.querySelectorAll(ANSWER)),
      (answer) => finishedMark(answer) === null,
    ),

  lazyReaders: true,

  answerFinished: finishedMark,
});
