/**
 * grok.com: the site's one data module (what it is, the selectors its reader reads, where the page
 * names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

export const grokSite = defineSite({
  site: 'grok',
  hosts: ['grok.com'],
  modelFamily: 'xai',
  conversationUrls: ['/c/:id'],
  version: 1,
  selectors: {
    row: ['[id^="response-"]'],
    bubble: ['.message-bubble'],
    answerText: ['.response-content-markdown'],
    thinking: ['.thinking-container'],
    model: ['#model-select-trigger', 'button[aria-label="Model select"]'],
  },
  otherSelectors: {
    userBubble: '[data-testid="user-message"]',
    assistantBubble: '[data-testid="assistant-message"]',
  },
});
