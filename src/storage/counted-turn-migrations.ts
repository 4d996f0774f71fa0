/**
 * Migrations of the items that hold counted turns before the ledger records them: the inbox and
 * each conversation's history. Counts made before turns recorded their tokenizer were all o200k;
 * they keep their numbers and say so.
 */
import type { ConversationState } from '../domain/conversation';
import type { Inbox } from '../domain/ledger';
import type { CountedTurn } from '../domain/turns';

type TurnV1 = Omit<CountedTurn, 'tokenizer'>;

const withO200k = (turn: TurnV1): CountedTurn => ({ ...turn, tokenizer: 'o200k' });

/** v1 -> v2: journaled turns get tokenizer o200k. */
export function migrateInboxV1toV2(old: unknown): Inbox {
  const v1 = (old ?? { turns: [] }) as { turns?: TurnV1[] };
  return { turns: (v1.turns ?? []).map(withO200k) };
}

/** v1 -> v2: the conversation's history and its turns were counted with o200k. A missing state stays missing. */
export function migrateConversationV1toV2(old: unknown): ConversationState | null {
  if (old === null || old === undefined) return null;
  const v1 = old as Omit<ConversationState, 'tokenizer' | 'turns'> & { turns?: Record<string, TurnV1> };
  const turns = Object.fromEntries(Object.entries(v1.turns ?? {}).map(([id, turn]) => [id, withO200k(turn)]));
  return { ...v1, turns, tokenizer: 'o200k' };
}
