/** What www.kimi.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const kimiSite: SiteFacts = {
  site: 'kimi',
  label: 'kimi.com',
  hosts: ['www.kimi.com', 'kimi.com'],
  modelFamily: 'kimi',
  conversationUrls: ['/chat/:id'],
  version: 1,
};
