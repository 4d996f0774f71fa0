/**
 * The site's health as the tracker reports it: "ok", or "not recognized" with a reason code
 * (src/domain/health-reasons.ts). Each report goes out once, until it changes. The verdicts on time
 * (a prompt without an answer, an answer that never finishes) are pure functions of the phase.
 */
import { ANSWER_TIMEOUT_MINUTES, type HealthReason } from '../domain/health-reasons';
import type { SiteHealth } from '../domain/turns';
import type { SiteId } from '../domain/site-ids';
import type { Phase } from './phases';
import { promptAtOf } from './phases';

/** An answer still streaming (or never appearing) this long after the prompt is reported. */
const ANSWER_TIMEOUT_MS = ANSWER_TIMEOUT_MINUTES * 60_000;
/** After a prompt is sent, how long the adapter may find no messages before the site is reported. */
const NO_MESSAGES_GRACE_MS = 15_000;
/** After a prompt is sent, how long a finished-looking answer may read as empty (reasoning first, a slow start) before the site is reported. */
const EMPTY_ANSWER_GRACE_MS = 60_000;

/** The reporter the tracker holds: a closure rather than a class, so its state costs the content script no `this.#` per use. */
export interface HealthReporter {
  /** Nothing reported yet on this page. */
  readonly silent: boolean;
  ok(): void;
  notRecognized(reason: HealthReason): void;
}

/** `planShown`: the plan the page shows the account is on, read with each report that goes out (the adapter's readPlanShown). */
export function createHealthReporter(site: SiteId, emit: (health: SiteHealth) => void, planShown?: () => string | null | undefined): HealthReporter {
  let last: string | null = null;
  const report = (status: SiteHealth['status'], reason: HealthReason | null): void => {
    // The plan a page shows changes with its account, not between reports: not part of what is new,
    // and not read for a report that does not go out (every scan reports, a query of the page each).
    const key = `${status}:${reason}`;
    if (last === key) return;
    last = key;
    // A page that shows no plan sends none (messages carry no undefined field).
    emit({ site, status, reason, at: Date.now(), planShown: planShown?.() || undefined });
  };
  return {
    get silent() {
      return last === null;
    },
    ok: () => report('ok', null),
    notRecognized: (reason) => report('not-recognized', reason),
  };
}

/** What a scan found for the pending prompt when it counted nothing. */
export type PromptFound = 'no-messages' | 'empty-answer' | 'no-answer';

export type PromptVerdict =
  { readonly kind: 'none' } | { readonly kind: 'wait'; readonly inMs: number } | { readonly kind: 'late'; readonly reason: HealthReason };

/** A prompt was sent but nothing was counted: wait a while, then say so instead of counting zero. */
export function promptVerdict(phase: Phase, now: number, found: PromptFound): PromptVerdict {
  const promptAt = promptAtOf(phase);
  if (promptAt === null) return { kind: 'none' };
  const limit = found === 'no-messages' ? NO_MESSAGES_GRACE_MS : found === 'empty-answer' ? EMPTY_ANSWER_GRACE_MS : ANSWER_TIMEOUT_MS;
  const waited = now - promptAt;
  if (waited < limit) return { kind: 'wait', inMs: limit - waited };
  return { kind: 'late', reason: found === 'no-messages' ? 'no-messages' : found === 'empty-answer' ? 'answer-empty' : 'answer-timeout' };
}

/** The page has said it writes an answer for longer than the time limit. */
export function streamTooLong(phase: Phase, now: number): boolean {
  return phase.name === 'streaming' && now - phase.since >= ANSWER_TIMEOUT_MS;
}
