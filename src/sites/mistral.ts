/** chat.mistral.ai (Le Chat): messages carry role and id attributes like ChatGPT's. */
import type { PageMessage, Role, SiteAdapter } from './adapter';
import { anyMatches, derivedIds, firstElement, firstMatching, GENERIC_STOP, labelText, segmentAfter, textOfParts } from './dom';

const MESSAGE_CHAIN = ['[data-message-author-role]'];
const USER_TEXT_CHAIN = ['.select-text span.whitespace-pre-wrap', '.whitespace-pre-wrap'];
const ANSWER_TEXT_CHAIN = ['.markdown-container-style', '[class*="prose"]'];
const MODEL_CHAIN = ['[data-testid="model-selector"]', 'button[aria-label*="model" i]'];

export const mistral: SiteAdapter = {
  site: 'mistral',
  streamingSignal: 'quiet',
  sendButtonSelector: 'button[type="submit"], button[aria-label*="Send" i]',

  findTurns(doc) {
    const conversation = mistral.conversationId(doc.location?.href ?? '') ?? 'new';
    const tagged = firstMatching(doc, MESSAGE_CHAIN);
    const found = tagged.flatMap((element) => {
      const role = element.getAttribute('data-message-author-role');
      return role === 'user' || role === 'assistant' ? [{ role: role as Role, element }] : [];
    });
    const derived = derivedIds(conversation, found);
    return found.map(({ role, element }, i): PageMessage => {
      const own = element.getAttribute('data-message-id');
      return own ? { id: own, role, element, pageId: true } : derived[i];
    });
  },

  readText: ({ role, element }) => textOfParts(element, role === 'user' ? USER_TEXT_CHAIN : ANSWER_TEXT_CHAIN),

  isStreaming: (doc) => anyMatches(doc, GENERIC_STOP),

  readModelLabel: (doc) => labelText(firstElement(doc, MODEL_CHAIN)),

  conversationId: (url) => segmentAfter(url, ['chat']),
};
