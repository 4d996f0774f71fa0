/** Counting a finished turn and seeding history: the worker side of site tracking. */
import { idMap, type ConversationState } from '../domain/conversation';
import type { Settings } from '../domain/settings';
import { tokenizerForModel, type TokenizerId } from '../domain/tokenizers';
import type { ConversationSeed, CountedTurn, TurnCompleted, TurnExpected } from '../domain/turns';
import { onSettingsWritten, settingsItem } from '../storage/items';
import { queueWrite } from '../storage/write-queue';
import { cachedConversation, dropCachedConversations, readConversation, writeConversation } from './conversations';
import { answerExtras, type AnswerExtras } from './answer-extras';
import { resolveModel, resolveModelKey, warmUpModelPatterns } from './models';
import { counterFor, loadedCounter, type Count } from './tokens';

export interface CountResult {
  counted: CountedTurn;
  /** A reasoning duration label the page showed that could not be read (nothing was estimated for it). */
  unreadableDuration: string | null;
  /** Settles once the conversation's new history is in storage (acknowledge only after it). */
  persisted: Promise<void>;
}

/**
 * input = prompt + (countHistory ? every earlier prompt and answer of the conversation : 0), all
 * counted with the conversation's tokenizer (conversationCounter).
 * Idempotent by turnId: the same turn returns the same CountedTurn and grows history once. A higher
 * `revision` of a counted turn (the answer went on after it was counted) replaces its counts in place.
 */
export function countTurn(turn: TurnCompleted): Promise<CountResult> {
  // Answers once counted; the write queue moves on only when the new history is stored.
  return queueWrite(
    async () => {
      // From memory when the worker has it (no await, no storage round trip), else from storage.
      const state = cachedConversation(turn.site, turn.conversationId) ?? (await readConversation(turn.site, turn.conversationId));
      const done = state.turns[turn.turnId];
      if (done && (turn.revision ?? 0) <= (done.revision ?? 0)) return { counted: done, unreadableDuration: null, persisted: Promise.resolve() };
      if (done) {
        const { counted, unreadableDuration } = revise(state, done, turn, await counterOf(done.tokenizer));
        return { counted, unreadableDuration, persisted: writeConversation(turn.site, turn.conversationId, state) };
      }

      const settings = loadedSettings ?? (await currentSettings());
      const model = resolveModel(turn.site, turn.modelLabel, settings.modelOverrides);
      const { tokenizer, count } = await conversationCounter(state, model.modelKey);
      const promptTokens = count(turn.promptText);
      const answerTokens = count(turn.answerText);
      const promptId = turn.promptId ?? `${turn.turnId}:prompt`;
      const earlier = state.prompts?.[promptId];
      // A regenerated answer re-reads what its prompt re-read; a prompt already seeded (it was on the
      // page before its answer finished) is not its own history.
      const history = earlier ? earlier.historyBefore : state.historyTokens - (state.messages[promptId] ?? 0);
      const extras = answerExtras(turn, model.modelKey, count);
      const counted: CountedTurn = {
        turnId: turn.turnId,
        time: turn.finishedAt,
        site: turn.site,
        conversationId: turn.conversationId,
        ...model,
        promptTokens,
        historyTokens: settings.countHistory ? history : 0,
        answerTokens,
        tokenizer,
        ...countedExtras(extras),
      };
      // Updated in place: if storing it fails, the worker forgets its copy and reads storage again.
      const next = state;
      next.turns[turn.turnId] = counted;
      next.updatedAt = Math.max(Date.now(), state.updatedAt + 1);
      // The answer it replaces is no longer part of the conversation the model re-reads.
      if (earlier && earlier.answerId !== turn.turnId && earlier.answerId in next.messages) {
        next.historyTokens -= next.messages[earlier.answerId];
        delete next.messages[earlier.answerId];
      }
      // In place too: copying every earlier prompt's entry made each turn cost more the longer the chat (0.1 ms at 200 turns).
      (next.prompts ??= idMap())[promptId] = { historyBefore: history, answerId: turn.turnId };
      addMessage(next, promptId, promptTokens);
      addMessage(next, turn.turnId, answerTokens);
      return { counted, unreadableDuration: extras.unreadableDuration, persisted: writeConversation(turn.site, turn.conversationId, next) };
    },
    (r) => r.persisted,
  );
}

/** Adds messages already on the page to the conversation's history, each message once. */
export function seedConversation(seed: ConversationSeed): Promise<{ added: number }> {
  return queueWrite(async () => {
    const state = await readConversation(seed.site, seed.conversationId);
    const fresh = seed.messages.filter((m) => !(m.id in state.messages));
    if (fresh.length === 0) return { added: 0 };
    const settings = loadedSettings ?? (await currentSettings());
    const next: ConversationState = { ...state, messages: idMap(state.messages), updatedAt: Math.max(Date.now(), state.updatedAt + 1) };
    // The page names no model for messages already on it: the site's model (or the user's override) picks.
    const { count } = await conversationCounter(next, resolveModelKey(seed.site, null, settings.modelOverrides));
    for (const m of fresh) addMessage(next, m.id, count(m.text));
    await writeConversation(seed.site, seed.conversationId, next);
    return { added: fresh.length };
  });
}

/**
 * A prompt was sent: loads the vocabulary its turn will be counted with while the answer is written
 * (the conversation's tokenizer, else the one of the model the page shows), so the finished turn
 * is counted at once even by a worker the browser had stopped. Settles once it is loaded; a failed
 * load is forgotten (counterFor) and the turn tries again.
 */
export async function prepareTurn(expected: TurnExpected): Promise<TokenizerId> {
  // Read in the queue: a read outside it could put an older copy in memory over a write in flight.
  const tokenizer = await queueWrite(async () => {
    const state = cachedConversation(expected.site, expected.conversationId) ?? (await readConversation(expected.site, expected.conversationId));
    if (state.tokenizer) return state.tokenizer;
    const settings = loadedSettings ?? (await currentSettings());
    return tokenizerForModel(resolveModel(expected.site, expected.modelLabel, settings.modelOverrides).modelKey).tokenizer;
  });
  await counterOf(tokenizer);
  return tokenizer;
}

/** Only what the answer has: a turn without reasoning or images is stored as before they were counted. */
function countedExtras(extras: AnswerExtras): Partial<CountedTurn> {
  const out: Partial<CountedTurn> = {};
  if (extras.reasoningTokens > 0) out.reasoningTokens = extras.reasoningTokens;
  if (extras.estimatedReasoningTokens > 0) out.estimatedReasoningTokens = extras.estimatedReasoningTokens;
  if (extras.images > 0) out.images = extras.images;
  return out;
}

/** The same turn with its final texts: same time and history, new token counts; the history follows. */
function revise(state: ConversationState, done: CountedTurn, turn: TurnCompleted, count: Count): Pick<CountResult, 'counted' | 'unreadableDuration'> {
  const extras = answerExtras(turn, done.modelKey, count);
  const counted: CountedTurn = { ...done, promptTokens: count(turn.promptText), answerTokens: count(turn.answerText), revision: turn.revision };
  // The revision's reasoning and images replace the earlier ones (an image may have become ready since).
  delete counted.reasoningTokens;
  delete counted.estimatedReasoningTokens;
  delete counted.images;
  Object.assign(counted, countedExtras(extras));
  if (turn.turnId in state.messages) {
    state.historyTokens += counted.answerTokens - state.messages[turn.turnId];
    state.messages[turn.turnId] = counted.answerTokens;
  }
  state.turns[turn.turnId] = counted;
  state.updatedAt = Math.max(Date.now(), state.updatedAt + 1);
  return { counted, unreadableDuration: extras.unreadableDuration };
}

/**
 * The conversation's tokenizer and its counter. A conversation's first count picks the tokenizer of
 * the model then in use and keeps it: its history is never in two kinds of tokens.
 */
async function conversationCounter(state: ConversationState, modelKey: string): Promise<{ tokenizer: TokenizerId; count: Count }> {
  const tokenizer = (state.tokenizer ??= tokenizerForModel(modelKey).tokenizer);
  return { tokenizer, count: await counterOf(tokenizer) };
}

/** Without a microtask's wait once the vocabulary is loaded. */
const counterOf = (tokenizer: TokenizerId): Count | Promise<Count> => loadedCounter(tokenizer) ?? counterFor(tokenizer);

function addMessage(state: ConversationState, id: string, tokens: number): void {
  if (id in state.messages) return;
  state.messages[id] = tokens;
  state.historyTokens += tokens;
}

let settings: Promise<Settings> | null = null;
let loadedSettings: Settings | null = null;
let stopFollowingSettings: (() => void) | null = null;

/** The user's settings, read once and then kept current by the worker's own writes (writeSettings). */
function currentSettings(): Promise<Settings> {
  if (!settings) {
    settings = settingsItem.getValue().then((value) => (loadedSettings = value));
    stopFollowingSettings ??= onSettingsWritten((next) => {
      loadedSettings = next;
      settings = Promise.resolve(next);
    });
  }
  return settings;
}

/** Forget everything held in memory, as a restarted worker does (tests). */
export function forgetCountingMemory(): void {
  dropCachedConversations();
  settings = null;
  loadedSettings = null;
  stopFollowingSettings?.();
  stopFollowingSettings = null;
}

/** Reads the settings and prepares the model patterns ahead of the first turn, so counting it waits for neither. */
export function warmUpCounting(): void {
  void currentSettings();
  warmUpModelPatterns();
}
