/** gemini.google.com: Angular custom elements; each question/answer pair sits in a container with an id. */
import type { PageMessage, SiteAdapter } from './adapter';
import { anyMatches, byRole, derivedIds, firstElement, labelText, segmentAfter, textOfParts } from './dom';

const USER_CHAIN = ['user-query'];
const ASSISTANT_CHAIN = ['model-response'];
const USER_TEXT_CHAIN = ['.query-text', 'user-query-content'];
/** Visible reasoning first, then the answer. */
const ANSWER_TEXT_CHAIN = ['.thoughts-content, message-content', 'message-content', '.markdown'];
/** aria-labels are localized, so class and icon signals come first. */
const STOP_CHAIN = [
  'button.send-button.stop',
  '[data-test-id="stop-button"]',
  'mat-icon[fonticon="stop"]',
  'message-content[aria-busy="true"]',
  'button[aria-label="Stop response"]',
];
const MODEL_CHAIN = ['[data-test-id="bard-mode-menu-button"]', 'button.input-area-switch', '[data-test-id="model-selector"]'];

export const gemini: SiteAdapter = {
  site: 'gemini',
  streamingSignal: 'reliable',
  sendButtonSelector: 'button.send-button, button[aria-label="Send message"]',

  findTurns(doc) {
    const conversation = gemini.conversationId(doc.location?.href ?? '') ?? 'new';
    const found = byRole(doc, USER_CHAIN, ASSISTANT_CHAIN);
    const derived = derivedIds(conversation, found);
    return found.map(({ role, element }, i): PageMessage => {
      const pair = element.closest('.conversation-container[id]')?.id;
      return pair ? { id: `${pair}:${role === 'user' ? 'u' : 'a'}`, role, element, pageId: true } : derived[i];
    });
  },

  readText: ({ role, element }) => textOfParts(element, role === 'user' ? USER_TEXT_CHAIN : ANSWER_TEXT_CHAIN),

  isStreaming: (doc) => anyMatches(doc, STOP_CHAIN),

  readModelLabel: (doc) => labelText(firstElement(doc, MODEL_CHAIN)),

  /** `/app/<id>`, `/u/1/app/<id>`, or a Gem's chat `/gem/<gem>/<id>`. */
  conversationId(url) {
    const app = segmentAfter(url, ['app']);
    if (app) return app;
    const gem = segmentAfter(url, ['gem']);
    return gem ? segmentAfter(url, [gem]) : null;
  },
};
