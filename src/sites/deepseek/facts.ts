/** What chat.deepseek.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const deepseekSite: SiteFacts = {
  site: 'deepseek',
  label: 'chat.deepseek.com',
  hosts: ['chat.deepseek.com'],
  modelFamily: 'delta',
  conversationUrls: ['/a/chat/s/:id', '/chat/s/:id'],
  version: 3,
};
