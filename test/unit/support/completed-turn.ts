/** A finished ChatGPT turn as a content script sends it, for the counting tests; `extra` overrides any field. */
import type { TurnCompleted } from '../../../src/domain/turns';

export const completedTurn = (extra: Partial<TurnCompleted> = {}): TurnCompleted => ({
  site: 'chatgpt',
  conversationId: 'conv-l',
  turnId: 'a1',
  promptId: 'u1',
  modelLabel: 'gpt-4o',
  promptText: 'How much water does a data center use?',
  answerText: 'It depends on the cooling system and the climate.',
  finishedAt: Date.UTC(2026, 10, 22, 12, 0, 0),
  ...extra,
});
