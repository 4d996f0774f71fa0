/** What gemini.google.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const geminiSite: SiteFacts = {
  site: 'gemini',
  label: 'gemini.google.com',
  hosts: ['gemini.google.com'],
  modelFamily: 'gamma',
  conversationUrls: ['/app/:id', '/u/*/app/:id', '/gem/*/:id', '/u/*/gem/*/:id'],
  version: 2,
};
