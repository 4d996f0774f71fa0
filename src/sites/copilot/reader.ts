/**
 * copilot.microsoft.com (Microsoft Copilot, consumer). Conversations live at `/chats/<id>`; a new
 * chat starts at `/` and moves there while its first answer is written. Read as maintained
 * exporters and automation tools read it (their sources: test/fixtures/sites/README.md):
 *
 * - a prompt is `[data-content="user-message"]`, an answer `[data-content="ai-message"]` (also
 *   `data-testid="ai-message"`), each under a visually hidden heading ("You said", "Copilot said");
 *   the answer's text is in `[data-testid="ai-message-body"]`;
 * - once an answer ends it gets its reaction bar (`[data-testid="message-item-reactions"]`, copy,
 *   like); while it is written the page shows a stop button and a loading message.
 *
 * No id in the page: ids are derived from the conversation and the prompt.
 */
import { defineAdapter } from '../adapter';
import { type SiteAdapter } from '../types';
import { copilotSite } from './facts';
import { anyMatches, byRole, CHROME_SELECTOR, derivedIds, firstMatching, joinTexts, lastOf, streamingBy, visibleText } from '../dom';

const { selectors: S, otherSelectors: O } = copilotSite;
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${S.reactions[0]}, ${O.loading}`;

/** Whether the answer's reaction bar (or its copy button) is there: the page adds it when the answer ends. */
const hasReactions = (answer: Element): boolean => anyMatches(answer, S.reactions);

export const copilot: SiteAdapter = defineAdapter(copilotSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[data-testid="submit-button"], button[aria-label="Submit message"]',

  findTurns(doc, conversation) {
    return derivedIds(conversation(), byRole(doc, S.prompt, S.answer));
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(element);
    const body = firstMatching(element, S.answerBody);
    return joinTexts(body.length ? body : [element], (b) => visibleText(b, ANSWER_SKIP));
  },

  /**
   * Streaming while a stop button or the loading message shows, or while the newest answer has no
   * reaction bar yet (an answer that never gets one is never counted: the page reads as not recognized).
   */
  streaming: (doc) =>
    streamingBy(
      doc,
      S.stop,
      (d) => lastOf(firstMatching(d, S.answer)),
      (answer) => !hasReactions(answer),
    ),

  answerFinished: hasReactions,
});
