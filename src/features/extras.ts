/**
 * What every feature beyond the text does to a turn's `extras` (TurnExtras, src/domain/turns.ts):
 * replace or drop some of its parts, and say which of the turn's input is its own (what a new chat
 * would still read) rather than history.
 */
import type { TurnExtras } from '../domain/turns';

export type ExtrasKind = keyof TurnExtras;

/**
 * The turn with the parts `kinds` of its extras replaced by those in `parts` (absent there:
 * dropped), and `extras` left out when nothing remains. The same object when nothing changes.
 */
export function replaceExtras<T extends { extras?: TurnExtras }>(turn: T, kinds: readonly ExtrasKind[], parts: TurnExtras = {}): T {
  const before = turn.extras ?? {};
  if (kinds.every((kind) => before[kind] === parts[kind])) return turn;
  const extras: Record<string, unknown> = { ...before };
  for (const kind of kinds) {
    if (parts[kind] === undefined) delete extras[kind];
    else extras[kind] = parts[kind];
  }
  const next = { ...turn };
  if (Object.keys(extras).length > 0) next.extras = extras as TurnExtras;
  else delete next.extras;
  return next;
}

/**
 * The input a record read for its own turn: its prompt (or a voice exchange's input audio), its own
 * files, and this turn's search and research estimates; the rest of its input is re-read history
 * (earlier turns, and the files and search content they left in the context). What a history share
 * and the new-chat tip take as the prompt, since a new chat would still read and do all of these.
 */
function ownInputTokens(e: { promptTokens: number; inputTokens: number; extras?: TurnExtras }): number {
  const { attachments, search, research, voice } = e.extras ?? {};
  const own = (voice ? voice.inputTokens : e.promptTokens) + (attachments?.tokens ?? 0) + (search?.tokens ?? 0) + (research?.tokens ?? 0);
  return Math.min(own, e.inputTokens);
}

/** The record with its own input (ownInputTokens) as its prompt: what the history share and the new-chat tip read. */
export function asOwnPrompt<T extends { promptTokens: number; inputTokens: number; extras?: TurnExtras }>(e: T): T {
  return e.extras ? { ...e, promptTokens: ownInputTokens(e) } : e;
}
