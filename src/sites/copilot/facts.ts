/**
 * copilot.microsoft.com: the site's one data module (what it is, the selectors its reader reads,
 * where the page names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite, GENERIC_STOP } from '../site-data';

export const copilotSite = defineSite({
  site: 'copilot',
  hosts: ['copilot.microsoft.com'],
  modelFamily: 'alpha',
  conversationUrls: ['/chats/:id'],
  version: 1,
  selectors: {
    prompt: ['[data-content="user-message"]', '[data-testid="user-message"]'],
    answer: ['[data-content="ai-message"]', '[data-testid="ai-message"]'],
    answerBody: ['[data-testid="ai-message-body"]'],
    reactions: ['[data-testid="message-item-reactions"]', '[data-testid="copy-ai-message-button"]'],
    stop: ['[data-testid="stop-button"]', '[data-testid="loading-message"]', ...GENERIC_STOP],
    /** The mode picked in the composer (Quick response, Think Deeper, Smart...). */
    model: ['[data-testid="chat-mode-selector"]', '[data-testid="composer-chat-mode-button"]'],
  },
  otherSelectors: { loading: '[data-testid="loading-message"]' },
});
