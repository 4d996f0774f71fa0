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
import { defineAdapter, type GeneratedImage, type ReasoningRead, type SiteAdapter } from '../adapter';
import { geminiSite } from './facts';
import { byRole, CHROME_SELECTOR, firstElement, firstMatching, joinTexts, lastOf, streamingBy, visibleText, withPageIds } from '../dom';

const PAIR = '.conversation-container[id]';
const USER = 'user-query';
const ANSWER = 'model-response';
const PROMPT_TEXT_CHAIN = ['.query-text', 'user-query-content'];
const ANSWER_TEXT_CHAIN = ['message-content', '.markdown'];
const THOUGHTS = 'model-thoughts, [data-test-id="model-thoughts"]';
const THOUGHTS_TEXT = '[data-test-id="thoughts-content"], .thoughts-content-expanded';
const GENERATED = 'generated-image';
/** Generated images when the custom element is renamed: the image component inside, or the generated-images attachment's image slots. */
const GENERATED_CHAIN = [GENERATED, 'single-image', '.attachment-container.generated-images .image-container'];
/** Last resort: generated pictures are shown from blob: URLs (uploads sit in the prompt, search images are remote). */
const BLOB_IMAGE = 'img[src^="blob:"]';
const SEARCH_IMAGES = '.attachment-container.search-images';
/** Not the answer's text: thinking, image and search attachments (their captions and controls). */
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${THOUGHTS}, [data-test-id="thoughts-content"], .attachment-container, ${GENERATED}`;
/** The send button turns into a stop button; its aria-label is localized, so icon and class signals come first. */
const STOP_CHAIN = [
  'mat-icon[fonticon="stop"]',
  'button.send-button.stop',
  '[data-test-id="stop-button"]',
  'message-content[aria-busy="true"]',
  'button[aria-label="Stop response"]',
];
const ACTIONS = 'message-actions';
const MODEL_CHAIN = ['[data-test-id="bard-mode-menu-button"]', 'button.input-area-switch', '[data-test-id="model-selector"]'];

/** Where the answer's busy flag sits: its text panel in real pages, the content element in older notes. */
const BUSY_CHAIN = ['message-content .markdown[aria-busy]', 'message-content[aria-busy]'];

/** The answer's action bar, else its busy flag; null when the answer shows neither. */
function finishedMark(answer: Element): boolean | null {
  if (answer.querySelector(ACTIONS)) return true;
  const busy = firstElement(answer, BUSY_CHAIN)?.getAttribute('aria-busy');
  return busy === 'true' ? false : busy === 'false' ? true : null;
}

export const gemini: SiteAdapter = defineAdapter(geminiSite, {
  selectors: {
    pair: [PAIR],
    prompt: [USER],
    answer: [ANSWER],
    answerText: ANSWER_TEXT_CHAIN,
    thoughts: [THOUGHTS],
    generatedImage: GENERATED_CHAIN,
    stop: STOP_CHAIN,
    actions: [ACTIONS],
    busy: BUSY_CHAIN,
    model: MODEL_CHAIN,
  },
  streamingSignal: 'reliable',
  sendButtonSelector: 'button.send-button, button[aria-label="Send message"]',

  findTurns(doc, conversation) {
    return withPageIds(conversation, byRole(doc, [USER], [ANSWER]), (element, role) => {
      const pair = element.closest(PAIR)?.id;
      return pair ? `${pair}:${role === 'user' ? 'u' : 'a'}` : null;
    });
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(firstElement(element, PROMPT_TEXT_CHAIN) ?? element, `${CHROME_SELECTOR}, user-query-file-preview`);
    const parts = Array.from(element.querySelectorAll(ANSWER_TEXT_CHAIN[0])).filter((p) => !p.closest(THOUGHTS));
    const markdown = Array.from(element.querySelectorAll(ANSWER_TEXT_CHAIN[1])).filter(
      (p) => !p.closest(THOUGHTS) && !p.closest('[data-test-id="thoughts-content"]'),
    );
    const roots = parts.length ? parts : markdown.length ? markdown.slice(0, 1) : [element];
    return joinTexts(roots, (r) => visibleText(r, ANSWER_SKIP));
  },

  /** The thinking text when the user has expanded it; otherwise only that the answer was thought about. */
  readReasoning({ element }): ReasoningRead | null {
    const thoughts = element.querySelector(THOUGHTS);
    const shown = (thoughts ?? element).querySelector(THOUGHTS_TEXT);
    if (!thoughts && !shown) return null;
    const text = shown ? visibleText(shown) : '';
    return { text: text || null, summaryOnly: false, durationLabel: null };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return firstMatching(element, [...GENERATED_CHAIN, BLOB_IMAGE])
      .filter((el) => !el.closest(`${SEARCH_IMAGES}, user-query, user-query-file-preview`))
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
      STOP_CHAIN,
      (d) => lastOf(d.querySelectorAll(ANSWER)),
      (answer) => finishedMark(answer) === null,
    ),

  lazyReaders: true,

  answerFinished: finishedMark,

  modelLabel: MODEL_CHAIN,
});
