/** What poe.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const poeSite: SiteFacts = {
  site: 'poe',
  label: 'poe.com',
  hosts: ['poe.com'],
  modelFamily: 'poe',
  conversationUrls: ['/chat/:id'],
  version: 1,
};
