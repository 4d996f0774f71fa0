/**
 * Why a chat page is "not recognized": one code per cause. The tracker (src/tracking) reports a
 * code, the site's stored health keeps it, and the popup and the page label say it in the UI
 * language (src/i18n/health-reason.ts, message `health_reason_<code in camelCase>`). No zod here:
 * the popup and the content scripts import the list without the schemas.
 */
import type { AttachmentSkipCode } from '../features/attachments/codes';

export const HEALTH_REASONS = [
  /** A prompt was sent but the adapter found no chat messages. */
  'no-messages',
  /** A prompt reads as empty text. */
  'prompt-empty',
  /** Prompts read as their (visually hidden) heading only, not as what was typed. */
  'prompt-heading-only',
  /** Several different prompts all read as the same short text: a label, not the prompts. */
  'prompts-same-label',
  /** An answer finished but its text was not found. */
  'answer-empty',
  /** A prompt was sent but no finished answer was found within ANSWER_TIMEOUT_MINUTES. */
  'answer-timeout',
  /** An answer streamed for ANSWER_TIMEOUT_MINUTES without finishing. */
  'answer-unfinished',
  /**
   * A prompt and its answer appeared in a chat read as empty with no sign of how the prompt was
   * sent (a suggestion chip, voice, a button not known) nor of the answer being written: they cannot
   * be told from a chat that loaded late, so they seed the history and are not counted.
   */
  'turn-unplaced',
  /** A reason this version does not know (stored by an older one in words no rule matches). */
  'unknown',
] as const;
export type HealthReason = (typeof HEALTH_REASONS)[number];

/** How long the tracker waits for an answer to finish before it reports the page (the timeout reasons name it). */
export const ANSWER_TIMEOUT_MINUTES = 3;

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** The message key of each reason: `answer-timeout` -> `health_reason_answerTimeout`. */
export type HealthReasonKey = `health_reason_${Camel<HealthReason>}`;

export function healthReasonKey(reason: HealthReason): HealthReasonKey {
  return `health_reason_${reason.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}` as HealthReasonKey;
}

/**
 * The message key of why an attached file was not counted (src/features/attachments/kinds.ts,
 * ATTACHMENT_SKIP_CODES), shown in the site's health: `too-large` -> `health_attachmentSkip_tooLarge`.
 */
export type AttachmentSkipKey = `health_attachmentSkip_${Camel<AttachmentSkipCode>}`;

export function attachmentSkipKey(code: AttachmentSkipCode): AttachmentSkipKey {
  return `health_attachmentSkip_${code.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}` as AttachmentSkipKey;
}

const KNOWN: ReadonlySet<string> = new Set(HEALTH_REASONS);

export function isHealthReason(value: unknown): value is HealthReason {
  return typeof value === 'string' && KNOWN.has(value);
}
