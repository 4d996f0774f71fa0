/**
 * How a recorded turn's input splits into its text and its attached files, as the page label and the
 * popup show it ("42 text + 9,180 attachments (2 files)"). A recorded turn keeps only the files that
 * went into its input (src/features/attachments/price.ts), so the split is read off the record.
 */
import type { TurnExtras } from '../../domain/turns';

export interface AttachmentSplit {
  /** Input tokens that are text: the prompt, and the earlier text re-read. */
  textTokens: number;
  /** Input tokens of files: this prompt's and those of earlier prompts re-read. */
  attachmentTokens: number;
  /** Of those, the earlier prompts' files re-read. */
  earlierTokens: number;
  /** Of those, estimated. */
  estimatedTokens: number;
  /** Files sent with this prompt. */
  files: number;
}

/** The split of a recorded turn's input, or null when it read no files. */
export function attachmentSplit(t: { inputTokens: number; extras?: TurnExtras }): AttachmentSplit | null {
  const a = t.extras?.attachments;
  if (!a || a.tokens + a.historyTokens === 0) return null;
  const attachmentTokens = a.tokens + a.historyTokens;
  // Estimated work out of sight (searches, research) is input too, but not text: the label says it apart.
  const { search, research } = t.extras ?? {};
  const estimatedWork = (search ? search.tokens + search.historyTokens : 0) + (research?.tokens ?? 0);
  return {
    textTokens: Math.max(0, t.inputTokens - attachmentTokens - estimatedWork),
    attachmentTokens,
    earlierTokens: a.historyTokens,
    estimatedTokens: a.estimatedTokens + a.estimatedHistoryTokens,
    files: a.files,
  };
}
