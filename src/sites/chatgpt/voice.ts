/**
 * A ChatGPT voice chat, as its page shows it once the chat ended: the spoken turns as their
 * transcript, and after the last answer of the chat a row "Voice chat ended" with how long the chat
 * lasted ("1m 30s"). The page shows no duration per message, so the row's duration is split between
 * the closing answer's prompt and the answer in proportion to the length of their transcripts (the
 * time each side spoke). A row without a readable duration is voice shown in a form this reader
 * cannot read: the transcript is counted, and health says so.
 *
 * Read once per answer when it is counted (the row is looked for only inside the answer's turn, and
 * the prompt only when a row is there). In the new UI (variant c) the row is looked for in the
 * `[data-turn-key]` turn that holds the answer's unit.
 */
import type { HiddenWorkShown } from '../../domain/turns';
import { firstMatching, precedes, visibleText } from '../dom';
import { secondsIn } from '../hidden-work';
import { MESSAGE_CHAIN, roleOf, SKIP, TURN_C } from './selectors';

const ENDED = /^\s*voice chat ended\s*$/i;

/** The row that closes a voice chat in `scope` (the label's parent, which holds the duration), or null. */
function endedRow(scope: Element): Element | null {
  for (const el of scope.querySelectorAll('div, span, p')) {
    if (el.childElementCount === 0 && ENDED.test(el.textContent ?? '')) return el.parentElement;
  }
  return null;
}

/** Characters of a transcript that are spoken (no white space). */
const spoken = (text: string): number => text.replace(/\s+/g, '').length;

/** The newest prompt before `scope` in the page, as text ('' when there is none). */
function promptBefore(scope: Element, doc: Document): string {
  let prompt: Element | null = null;
  for (const el of firstMatching(doc, MESSAGE_CHAIN)) {
    if (precedes(scope, el)) break;
    if (roleOf(el) === 'user') prompt = el;
  }
  return prompt ? visibleText(prompt, SKIP) : '';
}

/**
 * `work` with the voice chat that `scope` (an answer's turn) closes: its exchange's seconds, or
 * `unreadable` voice when the row shows no duration. `work` as it is when the turn closes none.
 */
export function withVoice(work: HiddenWorkShown, scope: Element, doc: Document): HiddenWorkShown {
  // The new UI's answer is a unit of its turn; the row sits in the turn, under the unit.
  const row = endedRow(scope.closest(TURN_C) ?? scope);
  if (!row) return work;
  const seconds = secondsIn(row.textContent?.replace(/voice chat ended/i, '') ?? '');
  const answer = spoken(visibleText(scope, SKIP)) - (scope.contains(row) ? spoken(row.textContent ?? '') : 0);
  if (!seconds || answer === 0) return { ...work, unreadable: [...(work.unreadable ?? []), 'voice'] };
  const user = spoken(promptBefore(scope, doc));
  const userSeconds = (seconds * user) / (user + answer);
  return { ...work, voice: { exchanges: [{ userSeconds, assistantSeconds: seconds - userSeconds }] } };
}
