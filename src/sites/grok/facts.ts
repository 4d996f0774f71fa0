/** What grok.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const grokSite: SiteFacts = {
  site: 'grok',
  label: 'grok.com',
  hosts: ['grok.com'],
  modelFamily: 'xai',
  conversationUrls: ['/c/:id'],
  version: 1,
};
