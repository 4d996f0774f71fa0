/**
 * Migrations of the items that hold counted turns outside the raw days (day-turns.ts): the inbox,
 * each conversation's history, and the index's last turn. Counts made before turns recorded their tokenizer were all o200k;
 * they keep their numbers and say so.
 */
import type { ConversationState } from '../domain/conversation';
import type { Inbox, LedgerIndex } from '../domain/ledger';
import { LEGACY_TOKENIZER } from '../domain/tokenizers';
import type { CountedTurn } from '../domain/turns';

type TurnV1 = Omit<CountedTurn, 'tokenizer'>;

const withO200k = <T extends TurnV1>(turn: T): T & Pick<CountedTurn, 'tokenizer'> => ({ ...turn, tokenizer: LEGACY_TOKENIZER });

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
  return { ...v1, turns, tokenizer: LEGACY_TOKENIZER };
}

/** v1 -> v2: the last turn (and its images record) shown by the popup were counted with o200k. */
export function migrateLedgerIndexV1toV2(old: unknown): LedgerIndex {
  const v1 = old as LedgerIndex;
  type Entry = NonNullable<LedgerIndex['lastTurn']>;
  const fix = (e: Entry | null | undefined) => (e ? withO200k(e as Omit<Entry, 'tokenizer'>) : e);
  return { ...v1, lastTurn: fix(v1.lastTurn) ?? null, ...(v1.lastImages === undefined ? {} : { lastImages: fix(v1.lastImages) ?? null }) };
}
