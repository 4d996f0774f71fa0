/**
 * Whether what an adapter read from a page is sensible, or the page must be reported as
 * "not recognized". Pure: the tracker calls it on the texts it read anyway (no extra reading), and
 * the drift tests call it on mutated pages.
 *
 * Sensible means:
 * - a prompt reads as text that is not empty, and not only the message's heading: the ChatGPT
 *   markup where the prompt sits in a button (UI chrome) and a visually hidden heading ("You said:",
 *   "你说：") is all that is left reads every prompt as that heading, 3 tokens;
 * - several prompts do not all read as the same short text while their messages differ (a label
 *   read instead of each prompt, in markup whose heading is not a heading element);
 * - a finished answer does not read as empty (`answerProblem`).
 * No messages at all, and an answer never seen to finish, are judged by the tracker over time.
 * Each problem is a reason code (src/domain/health-reasons.ts); the UI says it in its language.
 */
import type { HealthReason } from '../domain/health-reasons';
import type { PageMessage } from '../sites/adapter';

const HEADINGS = 'h1,h2,h3,h4,h5,h6,[role="heading"]';
/** Prompts shorter than this that all read the same are taken for a label. */
const LABEL_MAX_CHARS = 40;

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** True when all the text read from a message comes from its headings, and the message holds other text. */
function readsHeadingOnly(element: Element, text: string): boolean {
  const headings = Array.from(element.querySelectorAll(HEADINGS));
  if (headings.length === 0) return false;
  const read = squash(text);
  const headingText = squash(headings.map((h) => h.textContent ?? '').join(' '));
  if (read === '' || !headingText.includes(read)) return false;
  return squash(element.textContent ?? '').length > headingText.length;
}

/** Why a prompt's reading is not sensible, or null when it is. */
function promptProblem(message: PageMessage, text: string): HealthReason | null {
  if (text.trim() === '') return 'prompt-empty';
  return readsHeadingOnly(message.element, text) ? 'prompt-heading-only' : null;
}

/** Several prompts that all read as one short text while their messages differ: a label, not the prompts. */
export function promptsProblem(prompts: ReadonlyArray<{ message: PageMessage; text: string }>): HealthReason | null {
  for (const p of prompts) {
    const problem = promptProblem(p.message, p.text);
    if (problem) return problem;
  }
  if (prompts.length < 2) return null;
  const first = squash(prompts[0].text);
  if (first.length > LABEL_MAX_CHARS || !prompts.every((p) => squash(p.text) === first)) return null;
  const raw = new Set(prompts.map((p) => squash(p.message.element.textContent ?? '')));
  return raw.size > 1 ? 'prompts-same-label' : null;
}

/** Why a finished answer's reading is not sensible, or null. */
export function answerProblem(text: string): HealthReason | null {
  return text.trim() === '' ? 'answer-empty' : null;
}
