/**
 * copilot.microsoft.com: the site's one data module (what it is, the selectors its reader reads,
 * where the page names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite, GENERIC_STOP } from '../site-data';

/** The mode picked in the composer (Quick response, Think Deeper, Smart...). */
const MODE_PICKER = ['[data-testid="chat-mode-selector"]', '[data-testid="composer-chat-mode-button"]'];

export const copilotSite = defineSite({
  site: 'copilot',
  label: 'copilot.microsoft.com',
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
    model: MODE_PICKER,
  },
  otherSelectors: { loading: '[data-testid="loading-message"]' },
  modelLabel: { shown: MODE_PICKER },
});
