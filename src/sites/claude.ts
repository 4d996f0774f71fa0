/** claude.ai: no message ids in the page, so ids are derived from the conversation and the prompt. */
import type { SiteAdapter } from './adapter';
import { anyMatches, byRole, derivedIds, firstElement, labelText, segmentAfter, visibleText } from './dom';

const USER_CHAIN = ['[data-testid="user-message"]', '.font-user-message'];
/** Answers, never the artifact panel (its text is the answer's, shown a second time). */
const ASSISTANT_CHAIN = ['.font-claude-response', '.font-claude-message'];
const STOP_CHAIN = ['[data-is-streaming="true"]', 'button[aria-label="Stop response"]', 'button[aria-label="Stop Response"]'];
const MODEL_CHAIN = ['[data-testid="model-selector-dropdown"] .whitespace-nowrap', '[data-testid="model-selector-dropdown"]'];

export const claude: SiteAdapter = {
  site: 'claude',
  streamingSignal: 'reliable',
  sendButtonSelector: 'button[aria-label="Send message"], button[aria-label="Send Message"], [data-testid="send-button"]',

  findTurns(doc) {
    const conversation = claude.conversationId(doc.location?.href ?? '') ?? 'new';
    const found = byRole(doc, USER_CHAIN, ASSISTANT_CHAIN).filter(({ element }) => !element.closest('#markdown-artifact'));
    return derivedIds(conversation, found);
  },

  /** An artifact's card is a button (chrome); its content lives in a side panel, not in the answer. */
  readText: ({ element }) => visibleText(element),

  isStreaming: (doc) => anyMatches(doc, STOP_CHAIN),

  readModelLabel: (doc) => labelText(firstElement(doc, MODEL_CHAIN)),

  conversationId: (url) => segmentAfter(url, ['chat']),
};
