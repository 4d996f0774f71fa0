/**
 * A site's conversations and their URLs, from its facts alone: the id a page URL names, and the
 * page that opens a conversation (the site's main host and its first conversation URL pattern
 * without a wildcard, `/c/:id` for chatgpt.com). Only the id is needed, so the ledger keeps no URL
 * and no chat text.
 */
import type { ConversationUrl, SiteFacts } from './types';

const UNSAVED_PREFIX = 'new';

/**
 * The id a chat is counted under before the site names it, one per page load: the tracker's
 * conversation for a new chat (src/tracking/memory.ts) and the one its derived message ids are
 * named under. No page opens such a chat.
 */
export const UNSAVED_CONVERSATION = `${UNSAVED_PREFIX}-${Date.now().toString(36)}`;

const isUnsavedConversation = (id: string): boolean => id === UNSAVED_PREFIX || id.startsWith(`${UNSAVED_PREFIX}-`);

/** The conversation id a URL names under the first matching pattern (see `ConversationUrl`), or null. */
function idInUrl(url: string, patterns: readonly ConversationUrl[]): string | null {
  let parts: string[];
  try {
    parts = new URL(url).pathname.split('/').filter(Boolean);
  } catch {
    return null;
  }
  for (const pattern of patterns) {
    const want = pattern.split('/').filter(Boolean);
    if (want.length > parts.length) continue;
    let id: string | null = null;
    const matches = want.every((seg, i) => {
      if (seg === ':id') id = parts[i];
      return seg === ':id' || seg === '*' || seg === parts[i];
    });
    if (matches && id) return id;
  }
  return null;
}

/** The conversation id in one of the site's chat URLs, or null on pages without one (a new chat, settings, a draft). */
export function conversationIdInUrl(site: Pick<SiteFacts, 'conversationUrls' | 'draftIdPrefix'>, url: string): string | null {
  const id = idInUrl(url, site.conversationUrls);
  return id && !(site.draftIdPrefix && id.startsWith(site.draftIdPrefix)) ? id : null;
}

/** The conversation's URL on its site, or null for a chat the site never gave an id. */
export function conversationUrl(site: Pick<SiteFacts, 'hosts' | 'conversationUrls'>, id: string): string | null {
  if (id === '' || isUnsavedConversation(id)) return null;
  const pattern = site.conversationUrls.find((p) => !p.split('/').includes('*'));
  if (!pattern) return null;
  const path = pattern.replace(':id', encodeURIComponent(id));
  return `https://${site.hosts[0]}${path}`;
}
