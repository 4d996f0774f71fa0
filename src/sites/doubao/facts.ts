/** What www.doubao.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const doubaoSite: SiteFacts = {
  site: 'doubao',
  label: 'doubao.com',
  hosts: ['www.doubao.com'],
  modelFamily: 'doubao',
  conversationUrls: ['/chat/:id'],
  // A new chat's URL shows /chat/local_<n> until the site saves it.
  draftIdPrefix: 'local_',
  version: 1,
};
