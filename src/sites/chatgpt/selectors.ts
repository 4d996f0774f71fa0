/**
 * ChatGPT's selectors, named once: the named primary ones (`SELECTORS`, which the page report counts
 * and the drift tests remove and rename) and what every markup reader shares. Only data-/aria- hooks and
 * structure: never UI text (it is localized) and never a hashed class alone.
 */
import type { Role, SiteSelectors } from '../adapter';
import { CHROME_SELECTOR } from '../dom';

/** a, classic: each message, with its role and `data-message-id`. */
export const MESSAGE_A = '[data-message-author-role]';
/** b: `ol[data-conversation-transcript] > li[data-message-role]`. */
export const MESSAGE_B = 'li[data-message-role]';
/** c: the units of a turn, keyed `<turn>:<n>:user|assistant` (the attribute was renamed once; both are served). */
const UNIT_KEY = '[data-chatgpt-search-unit-key]';
const UNIT_KEY_RENAMED = '[data-content-search-unit-key]';
export const UNIT_C_CHAIN = [UNIT_KEY, UNIT_KEY_RENAMED];
export const UNIT_C = `${UNIT_KEY}, ${UNIT_KEY_RENAMED}`;
export const TURN_LEGACY = '[data-testid^="conversation-turn-"][data-turn]';
export const TURN_A = '[data-testid^="conversation-turn-"]';
export const TURN_C = '[data-turn-key]';
export const PROMPT_B = '[data-user-message-copy]';
export const BUBBLE = '[data-user-message-bubble]';
export const ANSWER_B = '[data-assistant-markdown]';
export const ANSWER_C = '[data-markdown-text-style="assistant-message"]';
export const ANSWER_ID_C = '[data-chatgpt-selection-message-id]';
export const FINISHED_B = '[data-message-complete]';
export const STREAMING_B = '[data-message-streaming]';
export const STOP_A = 'button[data-testid="stop-button"]';
export const STOP_B = 'button[data-composer-submit][data-stop-generating]';
export const BUSY_C = '[role="status"][aria-busy="true"]';
export const CONVERSATION = 'section[data-conversation-id]';
export const REASONING_C = '[data-chatgpt-agent-turn-start]';
export const GALLERY = '[data-testid="generated-image-gallery"]';
export const IMAGE_PREVIEW = '[data-testid="generated-image-preview"]';
/** The model an answer was written with, on its message element. */
export const MODEL_SLUG = 'data-message-model-slug';
export const MODEL_CHAIN = ['[data-testid="model-switcher-dropdown-button"]', 'button[data-composer-navigation-target="reasoning"]'];

/** The named primary selectors, each a chain of alternatives, the usual one first (see `SiteSelectors`). */
export const SELECTORS: SiteSelectors = {
  messageA: [MESSAGE_A],
  messageB: [MESSAGE_B],
  unitC: UNIT_C_CHAIN,
  turnLegacy: [TURN_LEGACY],
  turnA: [TURN_A],
  turnC: [TURN_C],
  promptB: [PROMPT_B],
  bubble: [BUBBLE],
  answerB: [ANSWER_B],
  answerC: [ANSWER_C],
  answerIdC: [ANSWER_ID_C],
  finishedB: [FINISHED_B],
  streamingB: [STREAMING_B],
  stopA: [STOP_A],
  stopB: [STOP_B],
  busyC: [BUSY_C],
  conversation: [CONVERSATION],
  reasoningC: [REASONING_C],
  gallery: [GALLERY],
  imagePreview: [IMAGE_PREVIEW],
  model: MODEL_CHAIN,
};

/** Message elements, in the order the variants are tried (a page serves one of them). */
export const MESSAGE_CHAIN = [MESSAGE_A, MESSAGE_B, UNIT_C, TURN_LEGACY];
/** Any message element of any variant (buttons inside one belong to that message, not to a turn's action bar). */
const ANY_MESSAGE = `${MESSAGE_A}, ${MESSAGE_B}, ${UNIT_C}`;
export const inAnyMessage = (el: Element): boolean => el.closest(ANY_MESSAGE) !== null;
/** Visually hidden or non-message text inside messages: attribution headings, live regions. */
export const SKIP = `${CHROME_SELECTOR},[data-message-attribution],:is(h1,h2,h3,h4,h5,h6)[data-conversation-role],[role="status"],[role="alert"]`;
const USER_SIDE =
  '[data-message-author-role="user"], li[data-message-role="user"], [data-user-message-bubble], [data-chatgpt-search-unit-key$=":user"], [data-content-search-unit-key$=":user"]';

/** Inside a prompt (an upload there is never a generated image, a button there never the answer's label). */
export const onUserSide = (el: Element): boolean => el.closest(USER_SIDE) !== null;

export function unitKey(el: Element): string {
  return el.getAttribute('data-chatgpt-search-unit-key') ?? el.getAttribute('data-content-search-unit-key') ?? '';
}

export function roleOf(el: Element): Role | null {
  const role =
    el.getAttribute('data-message-author-role') ?? el.getAttribute('data-message-role') ?? el.getAttribute('data-turn') ?? unitKey(el).split(':').pop() ?? null;
  return role === 'user' || role === 'assistant' ? role : null;
}
