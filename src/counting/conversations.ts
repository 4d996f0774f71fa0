/**
 * Per-conversation history (src/domain/conversation.ts), one storage item per conversation (the
 * `conversations` family of src/storage/items.ts). Counts only: chat text is never stored.
 *
 * The worker keeps what it read or wrote in memory (it is the only writer), so counting a turn
 * does not wait for a storage read. Its own deletions drop the copies: pruning, and "delete all
 * data" (the popup asks the worker; dropCached). No storage.onChanged listener: Chrome
 * would hand it every write to storage.local, the ledger's included.
 */
import { browser } from 'wxt/browser';
import { emptyConversation, ownedState, type ConversationState } from '../domain/conversation';
import type { SiteId } from '../domain/site-ids';
import { bareKey, STORAGE_ITEMS } from '../storage/items';
import type { WorkerStorage } from '../storage/worker-storage';

const conversations = STORAGE_ITEMS.conversations;
/** The family's key prefix as storage.local.get names keys (without `local:`). */
const STORAGE_PREFIX = bareKey(conversations.prefix);
const idOf = (site: SiteId, conversationId: string) => `${site}:${conversationId}`;
export const conversationKey = (site: SiteId, conversationId: string) => conversations.keyOf(idOf(site, conversationId));

/** Conversations untouched this long are dropped; reopening one seeds its history from the page again. */
const CONVERSATION_MAX_AGE_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 86_400_000;
const prunedAtItem = STORAGE_ITEMS.conversationsPrunedAt.item;

/** The worker's conversations: storage, and what this worker last read or wrote of it kept in memory. */
export interface Conversations {
  /** The conversation as this worker last read or wrote it, if it has it in memory. */
  cached(site: SiteId, conversationId: string): ConversationState | undefined;
  read(site: SiteId, conversationId: string): Promise<ConversationState>;
  /**
   * Stores the new state. Memory is updated at once; the storage write starts in the next task, so
   * copying the state for storage is not part of counting, and the returned promise settles when
   * storage has it (the turn is acknowledged only then).
   */
  write(site: SiteId, conversationId: string, state: ConversationState): Promise<void>;
  /** Drops every conversation held in memory (after "delete all data"): the next turn reads storage. */
  dropCached(): void;
  /** Removes conversations not updated for `maxAgeMs`. Returns how many went. */
  prune(now: number, maxAgeMs?: number): Promise<number>;
  /** Prunes at most once a day, between other storage updates. */
  pruneDaily(now: number): Promise<number>;
}

export function createConversations(storage: WorkerStorage): Conversations {
  const cache = new Map<string, ConversationState>();

  async function prune(now: number, maxAgeMs = CONVERSATION_MAX_AGE_MS): Promise<number> {
    const all = await browser.storage.local.get(null);
    const stale = Object.entries(all)
      .filter(([key, value]) => key.startsWith(STORAGE_PREFIX) && !key.endsWith('$') && ((value as ConversationState | null)?.updatedAt ?? 0) < now - maxAgeMs)
      .map(([key]) => key);
    if (stale.length === 0) return 0;
    await browser.storage.local.remove([...stale, ...stale.map((key) => `${key}$`)]);
    for (const key of stale) cache.delete(`local:${key}`);
    return stale.length;
  }

  return {
    cached: (site, conversationId) => cache.get(conversationKey(site, conversationId)),
    async read(site, conversationId) {
      const key = conversationKey(site, conversationId);
      const cached = cache.get(key);
      if (cached) return cached;
      const stored = await storage.member(conversations, idOf(site, conversationId)).getValue();
      const value = stored ? ownedState(stored) : emptyConversation();
      cache.set(key, value);
      return value;
    },
    write(site, conversationId, state) {
      const key = conversationKey(site, conversationId);
      cache.set(key, state);
      return new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => storage.member(conversations, idOf(site, conversationId)).setValue(state))
        .catch((e: unknown) => {
          cache.delete(key);
          throw e;
        });
    },
    dropCached: () => cache.clear(),
    prune,
    async pruneDaily(now) {
      if (now - (await prunedAtItem.getValue()) < PRUNE_EVERY_MS) return 0;
      await prunedAtItem.setValue(now);
      return storage.writes.run(() => prune(now));
    },
  };
}
