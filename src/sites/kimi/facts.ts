/**
 * www.kimi.com: the site's one data module (what it is, the selectors its reader reads, where the page
 * names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

export const kimiSite = defineSite({
  site: 'kimi',
  hosts: ['www.kimi.com', 'kimi.com'],
  modelFamily: 'kimi',
  conversationUrls: ['/chat/:id'],
  version: 1,
  selectors: {
    message: ['.chat-content-item', '.segment.segment-user, .segment.segment-assistant'],
    prompt: ['.user-content', '.segment-content-box'],
    answer: ['.segment-content-box .markdown', '.segment-content-box'],
    thinking: ['.thinking-container'],
    actions: ['.segment-assistant-actions'],
    stop: ['.send-button-container.stop'],
    model: ['.current-model .name', '.current-model'],
  },
  otherSelectors: {
    toolCall: '.toolcall-container',
    toolCallText: '.toolcall-content-text',
    webSearch: '[class*="toolcall-web_search"]',
    thinkingTitle: '.toolcall-title-name-text, .toolcall-title-container',
    thinkingBody: '.toolcall-content-text, .toolcall-content',
    textChrome: '.segment-user-actions, .segment-assistant-actions, .pua-ref-cite-tag',
    sendButton: '.send-button-container',
  },
});
