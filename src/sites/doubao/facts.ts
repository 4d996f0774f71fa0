/**
 * www.doubao.com: the site's one data module (what it is, the selectors its reader reads, where the
 * page names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite, GENERIC_STOP } from '../site-data';

export const doubaoSite = defineSite({
  site: 'doubao',
  hosts: ['www.doubao.com'],
  modelFamily: 'doubao',
  conversationUrls: ['/chat/:id'],
  // A new chat's URL shows /chat/local_<n> until the site saves it.
  draftIdPrefix: 'local_',
  version: 1,
  selectors: {
    row: ['[data-message-id]'],
    box: ['[data-testid="union_message"]', '[class*="inner-item-"]'],
    text: [
      '[data-plugin-identifier*="block_type:10000"] [data-testid="message_text_content"]',
      '[data-testid="message_text_content"]',
      '.md-box-root',
      '.flow-markdown-body',
    ],
    thinking: ['[data-plugin-identifier*="block_type:10040"]', '[class*="thinking-box-root"]', '[data-testid="think_quota_block"]'],
    actionBar: ['[data-foundation-type="receive-message-action-bar"]', '[data-testid="message_action_bar"]'],
    stop: ['[class*="break-btn"]', 'button[aria-label*="停止"]', ...GENERIC_STOP],
    model: ['[class*="model-select"] span', '[data-testid*="model_select"]'],
  },
  otherSelectors: {
    userMark: '[data-testid="send_message"], [class*="bg-g-send-msg-bubble"], [data-foundation-type="send-message-action-bar"]',
    assistantMark: '[data-testid="receive_message"], [data-foundation-type="receive-message-action-bar"]',
    userText: '[data-testid="message_text_content"], [class*="bg-g-send-msg-bubble"]',
    thinkingTitle: '[data-thinking-box="title"], [data-testid="think_collapse_button"]',
    thinkingText: '[data-thinking-box="content"], [data-testid="think_quota_block"]',
    search: '[data-plugin-identifier*="block_type:10025"]',
    image: '[data-testid="mdbox_image"] img',
    fileName: '[data-testid="message_nested_content_file_name"]',
    uploadedPicture: '[data-plugin-identifier*="block_type:10052"] img',
    send: 'button#flow-end-msg-send, [data-testid="chat_input_send_button"], button[aria-label="发送"]',
  },
});
