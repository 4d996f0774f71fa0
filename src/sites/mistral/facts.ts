/** What chat.mistral.ai is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const mistralSite: SiteFacts = {
  site: 'mistral',
  label: 'chat.mistral.ai',
  hosts: ['chat.mistral.ai'],
  modelFamily: 'zeta',
  conversationUrls: ['/chat/:id', '/work/:id'],
  version: 3,
};
