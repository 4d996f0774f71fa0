/**
 * Per-conversation history, one typed, versioned storage item per conversation. History is kept as
 * a running total plus the token count of every message already in it (keyed by message id), so a
 * message seeded twice or a turn resent after a worker restart never grows the history twice.
 * Counts only: chat text is never stored.
 *
 * The worker keeps what it read or wrote in memory (it is the only writer), so counting a turn
 * does not wait for a storage read; a change made elsewhere (data deleted from the popup) drops
 * the cached copy.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { CountedTurn } from '../messaging/protocol';
import type { SiteId } from '../sites/site-ids';

export interface ConversationState {
  /** Tokens of every message of the conversation known so far (the history the model re-reads). */
  historyTokens: number;
  /** Token count of each message in `historyTokens`, by message id. */
  messages: Record<string, number>;
  /** Every counted turn, by turn id: counting the same turn again returns this. */
  turns: Record<string, CountedTurn>;
  /**
   * Per prompt id: the history before it, and the answer that currently follows it. A regenerated
   * answer re-reads that history and replaces the earlier answer in it. Absent in states stored
   * before it existed (read as empty: those prompts count as before).
   */
  prompts?: Record<string, { historyBefore: number; answerId: string }>;
  updatedAt: number;
}

export const emptyConversation = (): ConversationState => ({ historyTokens: 0, messages: {}, turns: {}, updatedAt: 0 });

const STORAGE_PREFIX = 'conversation:';
export const conversationKey = (site: SiteId, conversationId: string) => `local:${STORAGE_PREFIX}${site}:${conversationId}` as const;

const items = new Map<string, ReturnType<typeof defineConversationItem>>();
const cache = new Map<string, ConversationState>();
const ownWrites = new Set<string>();
let watching = false;

function defineConversationItem(key: `local:${string}`) {
  // No fallback object: counting updates states in place, so each new conversation gets its own.
  return storage.defineItem<ConversationState | null>(key, { fallback: null, version: 1 });
}

function itemFor(key: `local:${string}`) {
  let item = items.get(key);
  if (!item) {
    item = defineConversationItem(key);
    items.set(key, item);
  }
  return item;
}

function watchForeignChanges(): void {
  if (watching) return;
  watching = true;
  browser.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local') return;
    for (const [key, change] of Object.entries(changes)) {
      if (!key.startsWith(STORAGE_PREFIX)) continue;
      const written = change.newValue as ConversationState | undefined;
      if (written && ownWrites.delete(`local:${key}@${written.updatedAt}`)) continue;
      cache.delete(`local:${key}`);
    }
  });
}

/** The conversation as this worker last read or wrote it, if it has it in memory. */
export function cachedConversation(site: SiteId, conversationId: string): ConversationState | undefined {
  return cache.get(conversationKey(site, conversationId));
}

export async function readConversation(site: SiteId, conversationId: string): Promise<ConversationState> {
  watchForeignChanges();
  const key = conversationKey(site, conversationId);
  const cached = cache.get(key);
  if (cached) return cached;
  const value = (await itemFor(key).getValue()) ?? emptyConversation();
  cache.set(key, value);
  return value;
}

/**
 * Stores the new state. Memory is updated at once; the storage write starts in the next task, so
 * copying the state for storage is not part of counting, and the returned promise settles when
 * storage has it (the turn is acknowledged only then).
 */
export function writeConversation(site: SiteId, conversationId: string, state: ConversationState): Promise<void> {
  const key = conversationKey(site, conversationId);
  cache.set(key, state);
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => {
      // Our own writes come back as storage changes: those must not drop the copy in memory.
      ownWrites.add(`${key}@${state.updatedAt}`);
      return itemFor(key).setValue(state);
    })
    .catch((e: unknown) => {
      cache.delete(key);
      throw e;
    });
}

/** Forget what is in memory, as a restarted worker does (tests). */
export function forgetCachedConversations(): void {
  cache.clear();
  ownWrites.clear();
  watching = false;
}

/** Conversations untouched this long are dropped; reopening one seeds its history from the page again. */
export const CONVERSATION_MAX_AGE_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 86_400_000;
const prunedAtItem = storage.defineItem<number>('local:conversationsPrunedAt', { fallback: 0, version: 1 });

/** Removes conversations not updated for `maxAgeMs`. Returns how many went. */
export async function pruneConversations(now: number, maxAgeMs = CONVERSATION_MAX_AGE_MS): Promise<number> {
  const all = await browser.storage.local.get(null);
  const stale = Object.entries(all)
    .filter(([key, value]) => key.startsWith(STORAGE_PREFIX) && !key.endsWith('$') && ((value as ConversationState | null)?.updatedAt ?? 0) < now - maxAgeMs)
    .map(([key]) => key);
  if (stale.length === 0) return 0;
  await browser.storage.local.remove([...stale, ...stale.map((key) => `${key}$`)]);
  for (const key of stale) cache.delete(`local:${key}`);
  return stale.length;
}

/** Prunes at most once a day, between other storage updates. */
export async function pruneConversationsDaily(now: number): Promise<number> {
  if (now - (await prunedAtItem.getValue()) < PRUNE_EVERY_MS) return 0;
  await prunedAtItem.setValue(now);
  return serialized(() => pruneConversations(now));
}

let tail: Promise<unknown> = Promise.resolve();
let running = 0;

/** Runs storage updates one at a time, in arrival order (at once when nothing else is running). */
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = running === 0 ? task() : tail.then(task, task);
  running++;
  tail = run.then(
    () => void running--,
    () => void running--,
  );
  return run;
}
