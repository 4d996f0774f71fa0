/**
 * grok.com: the site's one data module (what it is, the selectors its reader reads, where the page
 * names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

const MODEL_PICKER = ['#model-select-trigger', 'button[aria-label="Model select"]'];

export const grokSite = defineSite({
  site: 'grok',
  label: 'grok.com',
  hosts: ['grok.com'],
  modelFamily: 'xai',
  conversationUrls: ['/c/:id'],
  version: 1,
  selectors: {
    row: ['[id^="response-"]'],
    bubble: ['.message-bubble'],
    answerText: ['.response-content-markdown'],
    thinking: ['.thinking-container'],
    model: MODEL_PICKER,
  },
  otherSelectors: {
    userBubble: '[data-testid="user-message"]',
    assistantBubble: '[data-testid="assistant-message"]',
  },
  modelLabel: { shown: MODEL_PICKER },
});
