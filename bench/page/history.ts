/**
 * The state each extension finds when the bench page opens.
 *
 * Ours: the page's 200 turns as if the extension had counted each while the page was open, by the
 * worker's own counting and ledger run here in Node on an in-memory browser (as
 * bench/popup.bench.ts writes its year), so the page load is a reload of a conversation counted
 * before and every answer gets its label back from the seed. Ids as the tracker sends them: the
 * page's messages carry `data-message-id`, which the adapter takes as the page's own id.
 *
 * AI-Wattch: its settings with tracking allowed, as its welcome screen leaves them once a person
 * agrees (it tracks nothing before that).
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import type { ConversationState } from '../../src/domain/conversation';
import type { LaunchedExtension } from '../../test/e2e/support/launch';
import { CONVERSATION, TURNS, type ChatPage } from './chat-page';

/** The storage.local key of the bench conversation's state (from the extension's own key layout). */
export async function conversationStorageKey(): Promise<string> {
  (globalThis as Record<string, unknown>).chrome ??= fakeBrowser;
  const { conversationKey } = await import('../../src/counting/conversations');
  const { bareKey } = await import('../../src/storage/layout');
  return bareKey(conversationKey('chatgpt', CONVERSATION));
}

/** Every storage key the worker's code writes for the 200 turns, except the settings (the extension keeps its own). */
export async function recordHistory(page: ChatPage): Promise<Record<string, unknown>> {
  (globalThis as Record<string, unknown>).chrome = fakeBrowser;
  const { createCounting } = await import('../../src/counting/count-turn');
  const { createLedger } = await import('../../src/ledger/ledger');
  const start = Date.now() - (TURNS + 10) * 60_000;
  let clock = start;
  const ledger = createLedger({
    remote: { keyStore: { get: async () => null, set: async () => {}, clear: async () => {} }, hasPermission: async () => false },
    now: () => clock,
  });
  await ledger.start();
  // o200k only (ChatGPT's turns): no other vocabulary is read.
  const counting = createCounting();
  for (const [i, t] of page.history.entries()) {
    const { counted, persisted } = await counting.countTurn({
      site: 'chatgpt',
      conversationId: CONVERSATION,
      turnId: t.answerId,
      promptId: t.promptId,
      modelLabel: 'gpt-4o',
      promptText: t.prompt,
      answerText: t.answer,
      finishedAt: start + i * 60_000,
    });
    await persisted;
    clock = counted.time;
    if (!(await ledger.record(counted)).recorded) throw new Error(`history turn ${t.answerId} was not recorded`);
  }
  const all = (await fakeBrowser.storage.local.get(null)) as Record<string, unknown>;
  const state = all[await conversationStorageKey()] as ConversationState | undefined;
  if (Object.keys(state?.turns ?? {}).length !== TURNS || state?.historyTokens !== page.historyTokens) {
    throw new Error(`recording the history went wrong: ${Object.keys(state?.turns ?? {}).length} turns, ${state?.historyTokens} history tokens`);
  }
  return Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith('settings')));
}

/** Writes `data` into the launched extension's storage.local (through its worker). */
export async function fillStorage(ext: LaunchedExtension, data: Record<string, unknown>): Promise<void> {
  await ext.worker.evaluate(async (d) => {
    const c = (globalThis as unknown as { chrome: { storage: { local: { set(x: unknown): Promise<void> } } } }).chrome;
    await c.storage.local.set(d);
  }, data);
}

/** The storage.local of the launched extension. */
export async function storageOf(ext: LaunchedExtension): Promise<Record<string, unknown>> {
  return (await ext.worker.evaluate(() =>
    (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<Record<string, unknown>> } } } }).chrome.storage.local.get(null),
  )) as Record<string, unknown>;
}

/** AI-Wattch's settings after its welcome screen, tracking allowed (its key and fields, src/core/storage/settings.ts there). */
export const PEER_SETTINGS = { ai_wattch_settings: { calculationMethod: 'token', selectedModel: null, hasSeenWelcome: true, allowedToTrack: true } };
