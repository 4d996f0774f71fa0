/** A "not recognized" reason code in the UI language: the popup's site health and alerts, and the page label. */
import type { AttachmentSkipCode } from '../features/attachments/codes';
import { ANSWER_TIMEOUT_MINUTES, attachmentSkipKey, healthReasonKey, type HealthReason } from '../domain/health-reasons';
import { formatCount } from '../display/numbers';
import { t, type MessageKey } from './t';

/** The reason's sentence. Each takes the timeout's minutes (in the locale's digits); only the timeout reasons say them. */
export function healthReasonText(reason: HealthReason, locale: string): string {
  // Typed as a MessageKey: a reason without its message in the English catalogue does not compile.
  const key: MessageKey = healthReasonKey(reason);
  return (t as (k: MessageKey, subs: string) => string)(key, formatCount(ANSWER_TIMEOUT_MINUTES, locale));
}

/** Why an attached file was not counted, in the UI language (typed: a code without its message does not compile). */
export function attachmentSkipText(code: AttachmentSkipCode): string {
  const key: MessageKey = attachmentSkipKey(code);
  return (t as (k: MessageKey) => string)(key);
}
