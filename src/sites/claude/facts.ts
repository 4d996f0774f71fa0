/** What claude.ai is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const claudeSite: SiteFacts = {
  site: 'claude',
  label: 'claude.ai',
  hosts: ['claude.ai'],
  modelFamily: 'beta',
  conversationUrls: ['/chat/:id'],
  version: 2,
};
