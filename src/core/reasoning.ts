/**
 * Reasoning a page hides (only "Thought for 30s" is shown) is estimated from the shown duration and a
 * published decode speed for the model family: tokens ≈ seconds × tokens per second. The speeds and
 * their sources live in data/reasoning-speeds.json; docs/methodology.md explains the choice.
 */
import speedsData from '../../data/reasoning-speeds.json';

export interface ReasoningSpeedRow {
  /** The model family: the prefix of the model keys in data/models.json ("alpha", "delta", ...). */
  family: string;
  provider: string;
  tokens_per_second: number;
  source: string;
  note: string;
}

const REASONING_SPEEDS: readonly ReasoningSpeedRow[] = speedsData.speeds;

const speedIndex = new Map(REASONING_SPEEDS.map((row) => [row.family, row]));

/** The decode speed used for a model family, or undefined when the table has none. */
export const reasoningSpeed = (family: string): ReasoningSpeedRow | undefined => speedIndex.get(family);

/**
 * Estimated hidden reasoning tokens for a shown duration, as a whole number; 0 when the duration is
 * not a positive finite number or the family has no speed (the caller reports why, never guesses).
 */
export function estimateHiddenReasoningTokens(seconds: number, family: string): number {
  const row = speedIndex.get(family);
  if (!row || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.round(seconds * row.tokens_per_second);
}
