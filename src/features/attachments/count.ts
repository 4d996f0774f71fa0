/**
 * The worker's count of the files attached to a prompt: each file's text (a text file's, or a PDF's
 * where the provider reads it) counted with the conversation's tokenizer, exactly as a prompt is, and
 * the file's facts turned into tokens by the published rule of the turn's model and site
 * (src/features/attachments/rules.ts). A file estimated from what the page shows of it (`from: 'page'`) is
 * always an estimate; a file the page or the rules could not count is counted in `skipped`, never as
 * zero tokens, and the turn's own text is counted all the same.
 */
import { countAttachment, type AttachmentFacts, type AttachmentSkipCode, type AttachmentTarget } from './rules';
import type { ConversationState } from '../../domain/conversation';
import type { AttachmentSent, TurnExtras } from '../../domain/turns';
import type { Count } from '../../counting/tokens';

export type AttachmentsCounted = NonNullable<TurnExtras['attachments']>;

/** The files of one prompt, counted: what the turn reads, and the codes of the files that were not counted. */
export interface PromptAttachments {
  /** Files counted, their tokens and of those the estimated ones. */
  files: number;
  tokens: number;
  estimatedTokens: number;
  /** The lowest and highest the files' rules allow (picture detail levels, a search against a whole read); `tokens` for exact files. */
  low: number;
  high: number;
  /** Why each skipped file was not counted, in the order sent. */
  skipped: AttachmentSkipCode[];
}

const NO_ATTACHMENTS: PromptAttachments = { files: 0, tokens: 0, estimatedTokens: 0, low: 0, high: 0, skipped: [] };

/** Rows a data file's preview holds: the header and the first rows, what pandas' head() prints. */
const PREVIEW_LINES = 6;

/** The first lines of a text: a data file's header and first rows (the whole text when it is that short). */
function previewOf(text: string): string {
  let end = -1;
  for (let i = 0; i < PREVIEW_LINES; i++) {
    end = text.indexOf('\n', end + 1);
    if (end === -1) return text;
  }
  return text.slice(0, end + 1);
}

/** The core's facts for a file as the page sent it; a page estimate without a byte size is still a file (the rules for pictures and PDFs do not read it). */
function factsOf(a: AttachmentSent, count: Count): AttachmentFacts {
  const text = a.text === undefined ? undefined : { textTokens: count(a.text), previewTokens: count(previewOf(a.text)) };
  return {
    kind: a.kind,
    mime: a.mime,
    bytes: a.bytes ?? (a.from === 'page' && (a.kind === 'image' || a.kind === 'pdf') ? 1 : 0),
    ...(a.width === undefined ? {} : { width: a.width }),
    ...(a.height === undefined ? {} : { height: a.height }),
    ...(a.pages === undefined ? {} : { pages: a.pages }),
    ...(a.pageSizes === undefined ? {} : { pageSizes: a.pageSizes }),
    ...text,
    ...(a.textCoverage === undefined ? {} : { textCoverage: a.textCoverage }),
    ...(a.unread === undefined ? {} : { unread: a.unread }),
  };
}

/** Every file sent with a prompt, counted for the model it was sent to (each text counted once with `count`). */
export function countPromptAttachments(sent: readonly AttachmentSent[] | undefined, target: AttachmentTarget, count: Count): PromptAttachments {
  if (!sent || sent.length === 0) return NO_ATTACHMENTS;
  const out: PromptAttachments = { files: 0, tokens: 0, estimatedTokens: 0, low: 0, high: 0, skipped: [] };
  for (const a of sent) {
    if (a.skipped) {
      out.skipped.push(a.skipped);
      continue;
    }
    // A card the page shows without a size (or a PDF's card without its page count) says nothing to count by: skipped, never a zero.
    if (a.from === 'page' && a.bytes === undefined && (a.kind === 'pdf' ? a.pages === undefined : a.kind !== 'image')) {
      out.skipped.push('size-unknown');
      continue;
    }
    const outcome = countAttachment(factsOf(a, count), target);
    if (!outcome.ok) {
      out.skipped.push(outcome.skip);
      continue;
    }
    out.files += 1;
    out.tokens += outcome.value.tokens;
    out.low += outcome.value.range.low;
    out.high += outcome.value.range.high;
    // Read from the page, not the file: the thumbnail or the card stands for a file the extension never saw.
    if (outcome.value.estimated || a.from === 'page') out.estimatedTokens += outcome.value.tokens;
  }
  // Each file is bounded by the room beside the prompt; so are all of them together at their high end.
  if (target.windowTokens !== undefined && target.windowTokens > 0) out.high = Math.min(out.high, Math.max(out.tokens, target.windowTokens));
  return out;
}

/** What earlier prompts' files add to every later turn: the conversation's carried attachments (none in states stored before them). */
export function carriedAttachments(state: ConversationState): { tokens: number; estimatedTokens: number } {
  return { tokens: state.carried?.attachmentTokens ?? 0, estimatedTokens: state.carried?.estimatedAttachmentTokens ?? 0 };
}

/** Grows (or, for a recount of the same prompt's files, corrects) what the conversation's later turns re-read. In place. */
export function carryAttachments(state: ConversationState, added: { tokens: number; estimatedTokens: number }): void {
  if (added.tokens === 0 && added.estimatedTokens === 0) return;
  const carried = (state.carried ??= { attachmentTokens: 0, estimatedAttachmentTokens: 0, searchTokens: 0 });
  carried.attachmentTokens = Math.max(0, carried.attachmentTokens + added.tokens);
  carried.estimatedAttachmentTokens = Math.max(0, carried.estimatedAttachmentTokens + added.estimatedTokens);
}

/** The prompt's files as the counted turn keeps them (absent when the turn neither sent nor re-read any). */
export function attachmentExtras(own: PromptAttachments, history: { tokens: number; estimatedTokens: number }): AttachmentsCounted | undefined {
  if (own.files === 0 && own.skipped.length === 0 && history.tokens === 0) return undefined;
  return {
    files: own.files,
    tokens: own.tokens,
    estimatedTokens: own.estimatedTokens,
    ...(own.low < own.tokens ? { lowTokens: own.low } : {}),
    ...(own.high > own.tokens ? { highTokens: own.high } : {}),
    historyTokens: history.tokens,
    estimatedHistoryTokens: history.estimatedTokens,
    ...(own.skipped.length > 0 ? { skipped: own.skipped.length } : {}),
  };
}

/** A counted turn's own files, as they were counted (for a regenerated answer or a revision that sends none again). */
export function ownAttachmentsOf(extras: AttachmentsCounted | undefined): PromptAttachments {
  if (!extras) return NO_ATTACHMENTS;
  const { files, tokens, estimatedTokens } = extras;
  return { files, tokens, estimatedTokens, low: extras.lowTokens ?? tokens, high: extras.highTokens ?? tokens, skipped: [] };
}
