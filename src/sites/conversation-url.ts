/**
 * The page that opens a conversation, from the same facts the adapter reads its id with: the
 * site's main host and its first conversation URL pattern without a wildcard (`/c/:id` for
 * chatgpt.com). Only the id is needed, so the ledger keeps no URL and no chat text.
 */
import type { SiteFacts } from './adapter';

/**
 * The id a chat is counted under before the site names it (the tracker's placeholder for a new
 * chat, `new-…`, and `new` in derived message ids): no page opens such a chat.
 */
export const UNSAVED_CONVERSATION_PREFIX = 'new';

export const isUnsavedConversation = (id: string): boolean => id === UNSAVED_CONVERSATION_PREFIX || id.startsWith(`${UNSAVED_CONVERSATION_PREFIX}-`);

/** The conversation's URL on its site, or null for a chat the site never gave an id. */
export function conversationUrl(site: Pick<SiteFacts, 'hosts' | 'conversationUrls'>, id: string): string | null {
  if (id === '' || isUnsavedConversation(id)) return null;
  const pattern = site.conversationUrls.find((p) => !p.split('/').includes('*'));
  if (!pattern) return null;
  const path = pattern.replace(':id', encodeURIComponent(id));
  return `https://${site.hosts[0]}${path}`;
}
