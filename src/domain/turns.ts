/**
 * A turn on its way from the chat page to the ledger: what the content script
 * sends (text, never stored), what the worker counted (tokens only), and the
 * page's health report.
 */
import { CONTEXT_CODES } from '../core/context-windows';
import { z } from 'zod';
import { ATTACHMENT_KINDS, ATTACHMENT_SKIP_CODES } from '../features/attachments/codes';
import { SITE_IDS } from './site-ids';
import { HEALTH_REASONS } from './health-reasons';
import { HIDDEN_WORK_KINDS } from '../features/work/kinds';
import { MESSAGE_LIMITS } from './message-limits';
import { RangeSchema, TurnPartsSchema } from '../features/part';
import { TokenizerIdSchema } from './tokenizers';

export const SiteIdSchema = z.enum(SITE_IDS);

export { MESSAGE_LIMITS } from './message-limits';

const Text = z.string().max(MESSAGE_LIMITS.messageChars);
const Id = z.string().min(1).max(MESSAGE_LIMITS.idChars);

/** Reasoning as the page shows it: full text (counted exactly), a summary, and/or a duration label (estimated in the worker). */
const ReasoningShownSchema = z.object({
  text: Text.nullable(),
  summaryOnly: z.boolean(),
  durationLabel: z.string().max(MESSAGE_LIMITS.labelChars).nullable(),
});

const ImageKeysSchema = z.array(z.string().min(1).max(MESSAGE_LIMITS.idChars)).max(64);

const Count = z.number().int().nonnegative();
const Seconds = z.number().nonnegative().max(86_400);
const Pixels = z.number().int().positive().max(100_000);

/**
 * One file attached to the prompt, as the page knows it, never its bytes: read from the `File` when it
 * was attached (`from: 'file'`), or estimated from what the page shows of it later, a thumbnail's size
 * or a file card's type (`from: 'page'`). The worker counts it by data/attachment-rules.json
 * (src/features/attachments/rules.ts). `skipped`: the page could not read it (the code says why, health shows it);
 * the turn itself is counted all the same.
 */
const AttachmentSentSchema = z.object({
  from: z.enum(['file', 'page']),
  kind: z.enum(ATTACHMENT_KINDS),
  mime: z.string().max(MESSAGE_LIMITS.labelChars),
  /** Byte size; absent when the page does not show it. */
  bytes: Count.optional(),
  /** A picture's pixel size (from its header, or a thumbnail's natural size on the page). */
  width: Pixels.optional(),
  height: Pixels.optional(),
  /** A PDF's page count, and each page's size in PDF points as the file states it. */
  pages: z.number().int().positive().optional(),
  pageSizes: z
    .array(z.object({ width: z.number().positive(), height: z.number().positive() }))
    .max(MESSAGE_LIMITS.pageSizes)
    .optional(),
  /** A text file's text, an office file's text, or a PDF's text where the provider reads it: counted with the site's tokenizer, never stored. */
  text: Text.optional(),
  /** The share of the text that was read (below 1: the rest is scaled from it). */
  textCoverage: z.number().gt(0).max(1).optional(),
  /** An office file whose text the page could not read: damaged, or protected by a password (counted by a stated estimate). */
  unread: z.enum(['damaged', 'protected']).optional(),
  skipped: z.enum(ATTACHMENT_SKIP_CODES).optional(),
});
export type AttachmentSent = z.infer<typeof AttachmentSentSchema>;

export { HIDDEN_WORK_KINDS, type HiddenWorkKindShown } from '../features/work/kinds';

/** Why work a page showed was not counted: unreadable on the page, no rule for the site, beyond the rule's range. */
const UNCOUNTED_WORK_CODES = ['unreadable', 'no-rule', 'out-of-range'] as const;
export type UncountedWorkCode = (typeof UNCOUNTED_WORK_CODES)[number];

/**
 * Work an answer's page shows was done out of sight, as read by the site's reader: only what the page
 * states (a number of searches, a run with its sources, a spoken exchange's durations, a video's
 * length and size). Each part is absent when the page shows none. `unreadable`: the page says such
 * work happened in a form the reader could not read; the worker reports it in health and never
 * counts it as zero.
 */
const HiddenWorkShownSchema = z.object({
  /** Web searches the answer made: how many (a "Searched the web" block, a sources row: at least 1), and the sources it lists. */
  search: z.object({ searches: z.number().int().positive().max(MESSAGE_LIMITS.hiddenWorkItems), sources: Count.optional() }).optional(),
  /** Research runs (deep research, an agent run) that wrote this answer, with what the page says of them. */
  research: z
    .object({
      runs: z.number().int().positive().max(MESSAGE_LIMITS.hiddenWorkItems),
      sources: Count.optional(),
      searches: Count.optional(),
      seconds: Seconds.optional(),
    })
    .optional(),
  /** A spoken exchange, per response in order: the seconds the user and the assistant spoke. */
  voice: z
    .object({
      exchanges: z
        .array(z.object({ userSeconds: Seconds, assistantSeconds: Seconds }))
        .min(1)
        .max(MESSAGE_LIMITS.hiddenWorkItems),
    })
    .optional(),
  /** Videos the answer generated: length, and pixel size and sound where the page shows them. */
  videos: z
    .array(z.object({ seconds: Seconds.optional(), width: Pixels.optional(), height: Pixels.optional(), withAudio: z.boolean().optional() }))
    .min(1)
    .max(MESSAGE_LIMITS.hiddenWorkItems)
    .optional(),
  unreadable: z.array(z.enum(HIDDEN_WORK_KINDS)).max(HIDDEN_WORK_KINDS.length).optional(),
});
export type HiddenWorkShown = z.infer<typeof HiddenWorkShownSchema>;

/** A finished turn as the content script saw it: text only, tokenized in the worker. */
export const TurnCompletedSchema = z.object({
  site: SiteIdSchema,
  conversationId: Id,
  /** Stable and unique per answer: the page's message id where it has one, else derived. */
  turnId: Id,
  /** The prompt's message id (as in conversation/seed), so a reload's seed does not add the prompt to history again. */
  promptId: Id.optional(),
  /** The model label as the page shows it, or null when the page shows none. */
  modelLabel: z.string().max(MESSAGE_LIMITS.labelChars).nullable(),
  promptText: Text,
  /** The answer's text (all its parts), without reasoning (that is in `reasoning`). */
  answerText: Text,
  /** The reasoning the page shows with the answer (the adapter's `readReasoning`), absent when none. */
  reasoning: ReasoningShownSchema.optional(),
  /**
   * Stable keys of the images the assistant generated in this answer that are ready (placeholders
   * left out). Images that become ready after the turn was sent come as a revision of the turn.
   */
  images: ImageKeysSchema.optional(),
  /** Files attached to the prompt (read when attached, or estimated from the page). Absent: none seen. */
  attachments: z.array(AttachmentSentSchema).max(MESSAGE_LIMITS.attachments).optional(),
  /** Work the answer's page shows was done out of sight. Absent: none shown. */
  hiddenWork: HiddenWorkShownSchema.optional(),
  /** When the answer finished streaming (ms since epoch). */
  finishedAt: z.number(),
  /**
   * Absent for the first report of a turn. 1, 2, ... when the same answer went on after it was
   * counted (it paused longer than the tracker waited): the worker replaces that turn's counts.
   */
  revision: z.number().int().positive().optional(),
});
export type TurnCompleted = z.infer<typeof TurnCompletedSchema>;

/**
 * A prompt was sent: its answer is being written. The worker gets the conversation's vocabulary
 * ready meanwhile, so a worker the browser stopped while the person read and wrote does not make the
 * finished turn wait for it. No text: only what picks the tokenizer.
 */
export const TurnExpectedSchema = z.object({
  site: SiteIdSchema,
  conversationId: Id,
  /** The model label the page shows, or null. */
  modelLabel: z.string().max(MESSAGE_LIMITS.labelChars).nullable(),
});
export type TurnExpected = z.infer<typeof TurnExpectedSchema>;

/** Turns already on the page when it was opened: they only seed the conversation's history. */
export const ConversationSeedSchema = z.object({
  site: SiteIdSchema,
  conversationId: Id,
  messages: z
    .array(z.object({ id: Id, role: z.enum(['user', 'assistant']), text: Text }))
    .max(MESSAGE_LIMITS.seedMessages)
    .superRefine((messages, ctx) => {
      const chars = messages.reduce((sum, m) => sum + m.text.length, 0);
      if (chars > MESSAGE_LIMITS.seedChars) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: MESSAGE_LIMITS.seedChars,
          inclusive: true,
          message: `The batch holds ${chars} characters.`,
        });
      }
    }),
  /**
   * True when the page showed that earlier messages of the conversation exist but are not in it (a
   * page that keeps only its newest turns mounted): what this batch holds is not all the history.
   */
  partial: z.literal(true).optional(),
});
export type ConversationSeed = z.infer<typeof ConversationSeedSchema>;

export const SiteHealthSchema = z.object({
  site: SiteIdSchema,
  status: z.enum(['ok', 'not-recognized']),
  /** Why the page is not recognized, as a code (the popup says it in the UI language). */
  reason: z.enum(HEALTH_REASONS).nullable(),
  at: z.number(),
  /** The plan the page shows the account is on (a plan id of data/context-windows.json), where it shows one. */
  planShown: z.string().max(40).optional(),
  /** The last reasoning duration label the site showed that could not be read: nothing was estimated for it. */
  unreadableReasoningLabel: z.string().max(200).nullable().optional(),
  /**
   * Messages from the site's pages the worker refused (over a limit of MESSAGE_LIMITS, or from a tab
   * not on the site's hosts): how many, and the last one's error code. Never recorded. Absent: none.
   */
  refused: z.object({ count: z.number().int().positive(), code: z.string().max(40), at: z.number() }).optional(),
  /**
   * Work out of sight the site's answers showed but that was not counted, per kind: the page showed it
   * in a form its reader could not read, the site has no published rule for it, or it lies beyond what
   * the rule can price. The last of each kind. Absent: none.
   */
  uncountedWork: z.partialRecord(z.enum(HIDDEN_WORK_KINDS), z.object({ code: z.enum(UNCOUNTED_WORK_CODES), at: z.number() })).optional(),
  /** Files attached on the site's pages that could not be counted: how many, and the last one's reason. Their turns were counted. Absent: none. */
  skippedAttachments: z.object({ count: z.number().int().positive(), code: z.enum(ATTACHMENT_SKIP_CODES), at: z.number() }).optional(),
  /** The last answer counted on a history known to be incomplete (a chat first read without its earlier turns on the page). Absent: none. */
  historyIncomplete: z.object({ at: z.number() }).optional(),
  /**
   * The last model label the site's page showed that no rule of data/site-models.json knows (another
   * language, a new model, a bot's name): its turns were counted with the site's default model. Absent: none.
   */
  unknownModelLabel: z.object({ label: z.string().max(MESSAGE_LIMITS.labelChars), at: z.number() }).optional(),
});
export type SiteHealth = z.infer<typeof SiteHealthSchema>;

/**
 * What a turn read beyond its text, each part apart from the counts of the text (absent: none), so
 * that each can be switched off in the Counting settings and the turn is then what it would be
 * without it. Estimated tokens are kept apart from counted ones. Every part is input of the turn
 * except the voice audio's output. A generated video is a record of its own (like generated images).
 */
export const TurnExtrasSchema = z.object({
  /** Files attached to this prompt (`tokens`, of which `estimatedTokens` estimated), and earlier attachments of the chat re-read (`historyTokens`). */
  attachments: z
    .object({
      files: Count,
      tokens: Count,
      estimatedTokens: Count,
      /** The lowest and highest the files' rules allow, where they differ from `tokens` (absent in turns counted before files had ranges). */
      lowTokens: Count.optional(),
      highTokens: Count.optional(),
      historyTokens: Count,
      estimatedHistoryTokens: Count,
      /** Files the page saw but could not count (read failed, too large...): shown, never counted as zero. */
      skipped: Count.optional(),
    })
    .optional(),
  /** Retrieved content of this answer's web searches, and that of earlier searches the chat re-reads (all estimated). */
  search: z.object({ searches: Count, tokens: Count, historyTokens: Count, rule: z.string().max(100) }).optional(),
  /** A research run: the low end of its published range is counted (`tokens`), the high end is kept to show the range. */
  research: z.object({ runs: Count, tokens: Count, highTokens: Count, rule: z.string().max(100) }).optional(),
  /** A voice exchange counted as audio: these replace the transcript's prompt and answer tokens while the setting is on. */
  voice: z.object({ inputTokens: Count, outputTokens: Count, rule: z.string().max(100) }).optional(),
  /**
   * Videos the answer generated: how many, their seconds and central energy (Wh) by the rule. Not part
   * of the answer's request: they are priced as a record of their own (src/domain/image-records.ts).
   */
  video: z
    .object({
      videos: Count,
      seconds: z.number().nonnegative(),
      wh: z.number().nonnegative(),
      /** The rule's range around `wh` (absent in turns counted before it was kept). */
      whLow: z.number().nonnegative().optional(),
      whHigh: z.number().nonnegative().optional(),
      rule: z.string().max(100),
    })
    .optional(),
});
export type TurnExtras = z.infer<typeof TurnExtrasSchema>;

/** A turn after the worker counted it (tokens of `tokenizer`): what the ledger records. No chat text. */
export const CountedTurnSchema = z.object({
  turnId: z.string(),
  time: z.number(),
  site: SiteIdSchema,
  conversationId: z.string(),
  modelKey: z.string(),
  /** The rate (Wh per 1,000 tokens) a `custom` model key was counted with (data/custom-rates.json); absent for every other key. */
  customWhPer1k: z.number().positive().max(1000).optional(),
  promptTokens: z.number().int().nonnegative(),
  historyTokens: z.number().int().nonnegative(),
  answerTokens: z.number().int().nonnegative(),
  /** The tokenizer that counted prompt, history, answer and shown reasoning (src/domain/tokenizers.ts). */
  tokenizer: TokenizerIdSchema,
  /** The tracker's revision of the turn (TurnCompleted.revision) this count is of; absent for the first. */
  revision: z.number().int().positive().optional(),
  /** Reasoning text the page showed, counted exactly (output; never part of the history). Absent: none. */
  reasoningTokens: z.number().int().nonnegative().optional(),
  /** Hidden reasoning estimated from the shown duration (output, marked as an estimate). Absent: none. */
  estimatedReasoningTokens: z.number().int().nonnegative().optional(),
  /** Generated images in the answer (distinct keys). Absent: none. */
  images: z.number().int().nonnegative().optional(),
  /** Attachments, searches, research and voice audio (TurnExtrasSchema). Absent: none. */
  extras: TurnExtrasSchema.optional(),
  /**
   * The turn's input did not all fit the context window it was read in (src/core/context-windows.ts):
   * the window, the plan it is the window of (where the site publishes windows per plan), and what
   * was left out, as codes the label and the popup name. Absent: it fit.
   */
  context: z
    .object({
      windowTokens: z.number().int().positive(),
      plan: z.string().max(40).optional(),
      codes: z.array(z.enum(CONTEXT_CODES)).min(1).max(CONTEXT_CODES.length),
    })
    .optional(),
  /** What the calculation was sent, part by part (src/features/part.ts): written by the pricing step, absent before it. */
  parts: TurnPartsSchema.optional(),
  /**
   * True when `historyTokens` is a lower bound: the chat was first read on a page that did not show
   * its earlier turns, so history the model re-reads is missing from the count. Absent: exact.
   */
  historyIncomplete: z.literal(true).optional(),
});
export type CountedTurn = z.infer<typeof CountedTurnSchema>;

/** What one counted answer cost, as its page label shows it: the turn plus the images its answer generated. */
/** A page label's texts, formatted in the worker: what it shows, what hover and focus add, what screen readers say. */
const LabelTextsSchema = z.object({
  summary: z.string(),
  details: z.string(),
  spoken: z.string(),
  /** In a long chat: the suggestion to start a new one, with what the next answer would cost there (src/core/what-if.ts). */
  tip: z.string().optional(),
});
export type LabelTexts = z.infer<typeof LabelTextsSchema>;

const TurnFootprintSchema = z.object({
  energyKwh: z.number().nonnegative(),
  carbonG: z.number().nonnegative(),
  waterL: z.number().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** The tokenizer's name when it is not the model's own (the label says "approximate (…)"); absent: exact. */
  approximateTokenizer: z.string().max(40).optional(),
  /** Hidden reasoning estimated from a shown duration (part of outputTokens). */
  estimatedReasoningTokens: z.number().int().nonnegative().optional(),
  /** Generated images (their energy is in the totals above). */
  images: z.number().int().nonnegative().optional(),
  /** How the input splits into text and attached files (src/features/attachments/describe.ts); absent: no files read. */
  attachments: z.object({ textTokens: Count, attachmentTokens: Count, earlierTokens: Count, estimatedTokens: Count, files: Count }).optional(),
  /** The share of the input that was re-read history (0..1); absent when the turn re-read none. */
  historyShare: z.number().min(0).max(1).optional(),
  /** The turn's input did not all fit its context window: the window and what was left out (CountedTurn.context). */
  context: z.object({ windowTokens: z.number().int().positive(), codes: z.array(z.enum(CONTEXT_CODES)).min(1) }).optional(),
  /** Work out of sight counted with the answer, estimated (the label shows it apart); absent: none. */
  hiddenWork: TurnExtrasSchema.pick({ search: true, research: true, voice: true, video: true }).optional(),
  /** The ranges of the figures above where the answer holds estimated parts (src/features/part.ts); absent: exact. */
  ranges: z.object({ energyKwh: RangeSchema, carbonG: RangeSchema, waterL: RangeSchema }).optional(),
  /** In a long chat (src/core/what-if.ts, NEW_CHAT_HISTORY_SHARE): the next answer here and in a new chat, in kWh. */
  newChat: z.object({ historyEnergyShare: z.number().min(0).max(1), hereKwh: z.number().nonnegative(), newChatKwh: z.number().nonnegative() }).optional(),
  /** The page label's texts for these figures, in the UI language. */
  texts: LabelTextsSchema,
});
export type TurnFootprint = z.infer<typeof TurnFootprintSchema>;

/**
 * The worker's answer to turn/completed: the footprint recorded for the turn, or null with why.
 * `duplicate-unknown`: the turn was recorded before but its record is no longer readable (pruned).
 */
export const TurnRecordedSchema = z.object({
  ok: z.literal(true),
  turnId: z.string(),
  footprint: TurnFootprintSchema.nullable(),
  notRecorded: z.enum(['duplicate-unknown']).optional(),
});
export type TurnRecorded = z.infer<typeof TurnRecordedSchema>;

/**
 * The worker's answer to conversation/seed: for the batch's answers that were counted before (a
 * reload, a reopened conversation), the footprint recorded for each, by turnId, so their page labels
 * come back. Answers never counted, and those whose record was pruned, are not in it.
 */
export const ConversationSeededSchema = z.object({
  ok: z.literal(true),
  footprints: z.record(z.string(), TurnFootprintSchema),
});
export type ConversationSeeded = z.infer<typeof ConversationSeededSchema>;
