/** What chat.qwen.ai is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const qwenSite: SiteFacts = {
  site: 'qwen',
  label: 'chat.qwen.ai',
  hosts: ['chat.qwen.ai'],
  modelFamily: 'qwen',
  conversationUrls: ['/c/:id'],
  version: 1,
};
