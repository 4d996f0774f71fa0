/** What perplexity.ai is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const perplexitySite: SiteFacts = {
  site: 'perplexity',
  label: 'perplexity.ai',
  hosts: ['www.perplexity.ai', 'perplexity.ai'],
  modelFamily: 'epsilon',
  conversationUrls: ['/search/:id'],
  version: 1,
};
