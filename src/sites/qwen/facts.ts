/**
 * chat.qwen.ai: the site's one data module (what it is, the selectors its reader reads, where the page
 * names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

export const qwenSite = defineSite({
  site: 'qwen',
  hosts: ['chat.qwen.ai'],
  modelFamily: 'qwen',
  conversationUrls: ['/c/:id'],
  version: 1,
  selectors: {
    message: ['.qwen-chat-message', '[id^="qwen-chat-message-"]'],
    prompt: ['.user-message-content', '.chat-user-message'],
    answer: ['.response-message-content .qwen-markdown', '.response-message-content'],
    thinking: ['.qwen-chat-thinking-tool-status-card-wraper', '[class*="thinking-status-card"]'],
    footer: ['.response-message-footer'],
    model: ['[class*="model-selector-text"]', '.header-left .ant-dropdown-trigger'],
  },
  otherSelectors: {
    stop: '.stop-button',
    code: '.qwen-markdown-code',
    codeLine: '.view-line',
    textChrome: '.qwen-markdown-table-header, .katex-mathml',
    thinkingTitle: '[class*="title-text"]',
    generatedImage: '.response-message-content.t2i img',
    sendButton: 'button.send-button, .chat-prompt-send-button button',
  },
});
