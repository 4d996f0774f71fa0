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
import { defineAdapter, type SiteAdapter } from '../adapter';
import { copilotSite } from './facts';
import { anyMatches, byRole, CHROME_SELECTOR, derivedIds, firstMatching, GENERIC_STOP, joinTexts, lastOf, streamingBy, visibleText } from '../dom';

const USER_CHAIN = ['[data-content="user-message"]', '[data-testid="user-message"]'];
const ASSISTANT_CHAIN = ['[data-content="ai-message"]', '[data-testid="ai-message"]'];
const BODY = '[data-testid="ai-message-body"]';
const REACTIONS = '[data-testid="message-item-reactions"]';
const COPY = '[data-testid="copy-ai-message-button"]';
const LOADING = '[data-testid="loading-message"]';
const STOP_CHAIN = ['[data-testid="stop-button"]', LOADING, ...GENERIC_STOP];
/** The mode picked in the composer (Quick response, Think Deeper, Smart...). */
const MODEL_CHAIN = ['[data-testid="chat-mode-selector"]', '[data-testid="composer-chat-mode-button"]'];
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${REACTIONS}, ${LOADING}`;

/** Whether the answer's reaction bar (or its copy button) is there: the page adds it when the answer ends. */
const hasReactions = (answer: Element): boolean => anyMatches(answer, [REACTIONS, COPY]);

export const copilot: SiteAdapter = defineAdapter(copilotSite, {
  selectors: {
    prompt: USER_CHAIN,
    answer: ASSISTANT_CHAIN,
    answerBody: [BODY],
    reactions: [REACTIONS, COPY],
    stop: STOP_CHAIN,
    model: MODEL_CHAIN,
  },
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[data-testid="submit-button"], button[aria-label="Submit message"]',

  findTurns(doc, conversation) {
    return derivedIds(conversation(), byRole(doc, USER_CHAIN, ASSISTANT_CHAIN));
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(element);
    const body = firstMatching(element, [BODY]);
    return joinTexts(body.length ? body : [element], (b) => visibleText(b, ANSWER_SKIP));
  },

  /**
   * Streaming while a stop button or the loading message shows, or while the newest answer has no
   * reaction bar yet (an answer that never gets one is never counted: the page reads as not recognized).
   */
  streaming: (doc) =>
    streamingBy(
      doc,
      STOP_CHAIN,
      (d) => lastOf(firstMatching(d, ASSISTANT_CHAIN)),
      (answer) => !hasReactions(answer),
    ),

  answerFinished: hasReactions,

  modelLabel: MODEL_CHAIN,
});
