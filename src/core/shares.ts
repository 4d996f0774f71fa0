/**
 * Shares and changes read off recorded counts, without pricing anything: the history's share of a
 * turn's input, and a relative change. Apart from src/core/what-if.ts (which prices with
 * `calculate`), so the popup's first screen can show a share without loading the calculation.
 */

/** The history the calculation counted: the input beyond the prompt (0 when "count history" was off). */
export const countedHistoryTokens = (t: { promptTokens: number; inputTokens: number }): number => Math.max(0, t.inputTokens - t.promptTokens);

/** The share of the input that was re-read history, 0..1 (0 for a turn without input). */
export function historyShare(t: { promptTokens: number; inputTokens: number }): number {
  return t.inputTokens > 0 ? countedHistoryTokens(t) / t.inputTokens : 0;
}

/** The parts of a turn's record that are its own input, not re-read: its files and its estimated work out of sight. */
interface OwnInputParts {
  attachments?: { tokens: number };
  search?: { tokens: number };
  research?: { tokens: number };
  voice?: { inputTokens: number };
}

/**
 * The input a turn brought itself: its prompt (a voice exchange's audio in its place), its own files,
 * searches and research runs. A new chat would read and do these too, so they are never history.
 */
export function ownInputTokens(t: { promptTokens: number; inputTokens: number; extras?: OwnInputParts }): number {
  const x = t.extras ?? {};
  const own = (x.voice ? x.voice.inputTokens : t.promptTokens) + (x.attachments?.tokens ?? 0) + (x.search?.tokens ?? 0) + (x.research?.tokens ?? 0);
  return Math.min(own, t.inputTokens);
}

/** What the turn re-read: its input less its own (earlier messages, files and searches of the chat). */
export const rereadTokens = (t: { promptTokens: number; inputTokens: number; extras?: OwnInputParts }): number =>
  Math.max(0, t.inputTokens - ownInputTokens(t));

/** A relative change, `now / before - 1`; null when there is nothing before to compare with. */
export function relativeChange(now: number, before: number): number | null {
  return before > 0 ? now / before - 1 : null;
}
