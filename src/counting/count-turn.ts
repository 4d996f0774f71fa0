/** Counting a finished turn and seeding history: the worker side of site tracking. */
import type { ConversationSeed, CountedTurn, TurnCompleted } from '../messaging/protocol';
import { settingsItem, type Settings } from '../storage/settings';
import { forgetCachedConversations, readConversation, serialized, writeConversation, type ConversationState } from './conversations';
import { resolveModelKey } from './models';
import { countTokens } from './tokens';

export interface CountResult {
  counted: CountedTurn;
  /** Settles once the conversation's new history is in storage (acknowledge only after it). */
  persisted: Promise<void>;
}

/**
 * input = prompt + (countHistory ? every earlier prompt and answer of the conversation : 0).
 * Idempotent by turnId: the same turn returns the same CountedTurn and grows history once.
 */
export function countTurn(turn: TurnCompleted): Promise<CountResult> {
  performance.mark('TEMP:enter'); // TEMP
  return serialized(async () => {
    performance.mark('TEMP:task'); // TEMP
    const state = await readConversation(turn.site, turn.conversationId);
    performance.mark('TEMP:read'); // TEMP
    const done = state.turns[turn.turnId];
    if (done) return { counted: done, persisted: Promise.resolve() };

    const settings = await currentSettings();
    const t0 = performance.now(); // TEMP
    const promptTokens = countTokens(turn.promptText);
    const answerTokens = countTokens(turn.answerText);
    performance.measure('TEMP:tokenize', { start: t0, end: performance.now() }); // TEMP
    const promptId = turn.promptId ?? `${turn.turnId}:prompt`;
    // A prompt already seeded (it was on the page before its answer finished) is not its own history.
    const history = state.historyTokens - (state.messages[promptId] ?? 0);
    const counted: CountedTurn = {
      turnId: turn.turnId,
      time: turn.finishedAt,
      site: turn.site,
      conversationId: turn.conversationId,
      modelKey: resolveModelKey(turn.site, turn.modelLabel, settings.modelOverrides),
      promptTokens,
      historyTokens: settings.countHistory ? history : 0,
      answerTokens,
    };
    const next: ConversationState = {
      ...state,
      messages: { ...state.messages },
      turns: { ...state.turns, [turn.turnId]: counted },
      updatedAt: Date.now(),
    };
    addMessage(next, promptId, promptTokens);
    addMessage(next, turn.turnId, answerTokens);
    performance.mark('TEMP:built'); // TEMP
    const persisted = writeConversation(turn.site, turn.conversationId, next);
    performance.mark('TEMP:dispatched'); // TEMP
    return { counted, persisted };
  });
}

/** Adds messages already on the page to the conversation's history, each message once. */
export function seedConversation(seed: ConversationSeed): Promise<{ added: number }> {
  return serialized(async () => {
    const state = await readConversation(seed.site, seed.conversationId);
    const fresh = seed.messages.filter((m) => !(m.id in state.messages));
    if (fresh.length === 0) return { added: 0 };
    const next: ConversationState = { ...state, messages: { ...state.messages }, updatedAt: Date.now() };
    for (const m of fresh) addMessage(next, m.id, countTokens(m.text));
    await writeConversation(seed.site, seed.conversationId, next);
    return { added: fresh.length };
  });
}

function addMessage(state: ConversationState, id: string, tokens: number): void {
  if (id in state.messages) return;
  state.messages[id] = tokens;
  state.historyTokens += tokens;
}

let settings: Promise<Settings> | null = null;

/** The user's settings, read once and then kept current by watching storage. */
function currentSettings(): Promise<Settings> {
  if (!settings) {
    settings = settingsItem.getValue();
    settingsItem.watch((next) => {
      settings = Promise.resolve(next);
    });
  }
  return settings;
}

/** Forget everything held in memory, as a restarted worker does (tests). */
export function forgetCountingMemory(): void {
  forgetCachedConversations();
  settings = null;
}
