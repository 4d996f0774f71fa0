/** What chatgpt.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const chatgptSite: SiteFacts = {
  site: 'chatgpt',
  label: 'chatgpt.com',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  modelFamily: 'alpha',
  conversationUrls: ['/c/:id', '/g/*/c/:id', '/uc/:id'],
  // A new chat shows /c/local-<uuid> until the server gives it its id: not a conversation yet.
  draftIdPrefix: 'local-',
  version: 2,
};
