/** Counting a finished turn and seeding history: the worker side of site tracking. */
import type { ConversationSeed, CountedTurn, TurnCompleted } from '../messaging/protocol';
import { settingsItem } from '../storage/settings';
import { conversationItem, serialized, type ConversationState } from './conversations';
import { resolveModelKey } from './models';
import { countTokens } from './tokens';

/**
 * input = prompt + (countHistory ? every earlier prompt and answer of the conversation : 0).
 * Idempotent by turnId: the same turn returns the same CountedTurn and grows history once.
 */
export function countTurn(turn: TurnCompleted): Promise<CountedTurn> {
  return serialized(async () => {
    const item = conversationItem(turn.site, turn.conversationId);
    const state = await item.getValue();
    const done = state.turns[turn.turnId];
    if (done) return done;

    const settings = await settingsItem.getValue();
    const promptTokens = countTokens(turn.promptText);
    const answerTokens = countTokens(turn.answerText);
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
    await item.setValue(next);
    return counted;
  });
}

/** Adds messages already on the page to the conversation's history, each message once. */
export function seedConversation(seed: ConversationSeed): Promise<{ added: number }> {
  return serialized(async () => {
    const item = conversationItem(seed.site, seed.conversationId);
    const state = await item.getValue();
    const fresh = seed.messages.filter((m) => !(m.id in state.messages));
    if (fresh.length === 0) return { added: 0 };
    const next: ConversationState = { ...state, messages: { ...state.messages }, updatedAt: Date.now() };
    for (const m of fresh) addMessage(next, m.id, countTokens(m.text));
    await item.setValue(next);
    return { added: fresh.length };
  });
}

function addMessage(state: ConversationState, id: string, tokens: number): void {
  if (id in state.messages) return;
  state.messages[id] = tokens;
  state.historyTokens += tokens;
}
