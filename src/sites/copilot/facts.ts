/** What copilot.microsoft.com is, independent of how its page is read: the registry (src/sites/index.ts) and the popup import only this. */
import type { SiteFacts } from '../adapter';

export const copilotSite: SiteFacts = {
  site: 'copilot',
  label: 'copilot.microsoft.com',
  hosts: ['copilot.microsoft.com'],
  modelFamily: 'alpha',
  conversationUrls: ['/chats/:id'],
  version: 1,
};
