/** A "not recognized" reason code in the UI language: the popup's site health and alerts, and the page label. */
import { ANSWER_TIMEOUT_MINUTES, healthReasonKey, type HealthReason } from '../domain/health-reasons';
import { formatCount } from '../display/numbers';
import { t, type MessageKey } from './t';

/** The reason's sentence. Each takes the timeout's minutes (in the locale's digits); only the timeout reasons say them. */
export function healthReasonText(reason: HealthReason, locale: string): string {
  // Typed as a MessageKey: a reason without its message in the English catalogue does not compile.
  const key: MessageKey = healthReasonKey(reason);
  return (t as (k: MessageKey, subs: string) => string)(key, formatCount(ANSWER_TIMEOUT_MINUTES, locale));
}
