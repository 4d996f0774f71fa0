/**
 * What an answer cost besides its text: reasoning (counted from text the page showed, or estimated
 * from the duration it showed) and generated images.
 *
 * Rules (docs/methodology.md, "Reasoning the page hides"):
 * - full reasoning text on the page: counted exactly, nothing estimated on top;
 * - a duration and no full text (nothing, or only a summary): estimated from the duration, and a
 *   summary is not counted on top (the estimate covers the reasoning it sums up);
 * - a summary and no readable duration: the summary is counted (too low, and said so);
 * - a duration label with no readable duration, or of a model family with no published decode
 *   speed: nothing estimated, and the label is reported.
 */
import { estimateHiddenReasoningTokens, reasoningSpeed } from '../core';
import type { TurnCompleted } from '../domain/turns';
import { SITES } from '../sites';
import { parseReasoningDuration } from '../sites/reasoning-duration';
import type { Count } from './tokens';

export interface AnswerExtras {
  reasoningTokens: number;
  estimatedReasoningTokens: number;
  images: number;
  /** A duration label shown but not readable (nothing was estimated for it). */
  unreadableDuration: string | null;
}

/** `count`: the conversation's tokenizer, which counts shown reasoning like the answer. */
export function answerExtras(turn: TurnCompleted, modelKey: string, count: Count): AnswerExtras {
  const images = new Set(turn.images ?? []).size;
  const shown = turn.reasoning;
  const none = { reasoningTokens: 0, estimatedReasoningTokens: 0, images, unreadableDuration: null };
  if (!shown) return none;
  const text = shown.text?.trim() ? shown.text : null;
  if (text && !shown.summaryOnly) return { ...none, reasoningTokens: count(text) };
  const seconds = parseReasoningDuration(shown.durationLabel);
  // The decode speed of the model key's family when the table has it, else of the site's family.
  const prefix = modelKey.split('-')[0];
  const family = reasoningSpeed(prefix) ? prefix : SITES[turn.site].modelFamily;
  // A family without a published decode speed (Grok) cannot be estimated: reported like an unreadable label, never a silent 0.
  if (seconds !== null && reasoningSpeed(family)) return { ...none, estimatedReasoningTokens: estimateHiddenReasoningTokens(seconds, family) };
  return {
    ...none,
    reasoningTokens: text ? count(text) : 0,
    unreadableDuration: shown.durationLabel?.trim() ? shown.durationLabel : null,
  };
}
