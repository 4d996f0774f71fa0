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

/** A relative change, `now / before - 1`; null when there is nothing before to compare with. */
export function relativeChange(now: number, before: number): number | null {
  return before > 0 ? now / before - 1 : null;
}
