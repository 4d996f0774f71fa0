/**
 * The kinds of attachment and the reasons one is not counted: codes only, without the table of file
 * types (src/features/attachments/kinds.ts), so the message schemas and the popup carry no table.
 */
export const ATTACHMENT_KINDS = ['image', 'pdf', 'text', 'media', 'other'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Why a file is not counted at all. The page and the worker report these in the site's health. */
export const ATTACHMENT_SKIP_CODES = [
  /** Audio or video: no rule is applied yet. */
  'media-not-counted',
  /** Larger than the page reads (src/features/attachments/page's size limits). */
  'too-large',
  /** A PDF the PDF library cannot open: damaged, encrypted or not a PDF. */
  'unreadable-pdf',
  /** A file of 0 bytes. */
  'empty',
  /** More files at once than the page reads in one go. */
  'too-many-files',
  /** The browser could not read the file (it was moved or deleted meanwhile). */
  'read-failed',
  /** A file the chat page shows (a card with its name) without what its count needs: a size, a page count. */
  'size-unknown',
] as const;
export type AttachmentSkipCode = (typeof ATTACHMENT_SKIP_CODES)[number];
