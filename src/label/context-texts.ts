/**
 * What the label and the popup say of a turn whose input did not all fit the context window it was
 * read in (src/core/context-windows.ts): the window and, for each code, what was left out.
 */
import type { ContextCode } from '../core/context-windows';
import { formatCount } from '../display/numbers';
import { t } from '../i18n/t';

/** Each code's message (a code without its message does not compile). */
const MESSAGE = {
  'history-truncated': 'context_historyTruncated',
  'files-over-window': 'context_filesOverWindow',
  'prompt-over-window': 'context_promptOverWindow',
  'refused-past-window': 'context_refusedPastWindow',
} as const satisfies Record<ContextCode, string>;

/** One text per code, in the UI language; none for a turn that fit. */
export function contextParts(context: { windowTokens: number; codes: readonly ContextCode[] } | undefined, locale: string): string[] {
  if (!context) return [];
  const window = formatCount(context.windowTokens, locale);
  return context.codes.map((code) => (code === 'refused-past-window' ? t(MESSAGE[code]) : t(MESSAGE[code], window)));
}
