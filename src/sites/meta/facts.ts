/** What meta.ai is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const metaSite: SiteFacts = {
  site: 'meta',
  label: 'meta.ai',
  hosts: ['www.meta.ai', 'meta.ai'],
  modelFamily: 'epsilon',
  conversationUrls: ['/prompt/:id', '/c/:id'],
  version: 2,
};
