/**
 * ChatGPT's selectors as its markup readers use them, each read from the site's data module
 * (./facts.ts, where they are named once), and what every markup reader shares.
 */
import type { Role } from '../types';
import { CHROME_SELECTOR } from '../dom';
import { chatgptSite } from './facts';

const S = chatgptSite.selectors;

const MESSAGE_A = S.messageA[0];
const MESSAGE_B = S.messageB[0];
const UNIT_C = S.unitC.join(', ');
const TURN_LEGACY = S.turnLegacy[0];
export const TURN_A = S.turnA[0];
export const TURN_C = S.turnC[0];
export const PROMPT_B = S.promptB[0];
export const BUBBLE = S.bubble[0];
export const ANSWER_B = S.answerB[0];
export const ANSWER_C = S.answerC[0];
export const ANSWER_ID_C = S.answerIdC[0];
export const FINISHED_B = S.finishedB[0];
export const STREAMING_B = S.streamingB[0];
export const STOP_A = S.stopA[0];
export const STOP_B = S.stopB[0];
export const BUSY_C = S.busyC[0];
export const CONVERSATION = S.conversation[0];
export const REASONING_C = S.reasoningC[0];
export const GALLERY = S.gallery[0];
export const IMAGE_PREVIEW = S.imagePreview[0];
/** The model an answer was written with, on its message element. */
export const MODEL_SLUG = chatgptSite.modelLabel.answerAttribute;

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
