/**
 * What the worker accepts from a content script, written once here (apart from the schemas in
 * turns.ts, so a content script can read a limit without loading zod). A chat page's own scripts share
 * the DOM with the content script, so a page could make it send turns of any size; these limits are
 * far above any real chat and refuse the rest (`OVER_LIMIT`, counted in the site's health, never
 * recorded):
 * - `messageChars`: one prompt, answer or reasoning text. 4 million characters is about a million
 *   tokens, the largest context window any supported site offers; a real answer is a few thousand.
 * - `idChars`: a message, turn or conversation id. Pages use UUIDs (36 characters); derived ids
 *   (conversation, fingerprint, position) stay under 200.
 * - `seedMessages` / `seedChars`: one conversation/seed batch. The tracker cuts batches at about
 *   20,000 characters, so a batch holds one long message at most beyond that; a conversation of
 *   thousands of turns arrives in many batches.
 * - `labelChars`: a model label or a reasoning duration label as the page shows it.
 */
/** Files attached to one prompt: claude.ai's 20 a message is the most a site documents; a few pages of them is far above. */
export const ATTACHMENTS_PER_PROMPT = 100;

export const MESSAGE_LIMITS = {
  messageChars: 4_000_000,
  idChars: 1_000,
  seedMessages: 5_000,
  seedChars: 8_000_000,
  labelChars: 200,
  /** On its own as well, so a content script can read it without the whole table. */
  attachments: ATTACHMENTS_PER_PROMPT,
  /** Pages of one PDF whose sizes are sent (a PDF's page count itself is not limited). */
  pageSizes: 2_000,
  /** Searches, research runs, voice exchanges and videos the page shows for one answer. */
  hiddenWorkItems: 1_000,
} as const;
