/**
 * A turn on its way from the chat page to the ledger: what the content script
 * sends (text, never stored), what the worker counted (tokens only), and the
 * page's health report.
 */
import { z } from 'zod';
import { SITE_IDS } from '../sites/site-ids';
import { HEALTH_REASONS } from './health-reasons';

export const SiteIdSchema = z.enum(SITE_IDS);

/** Reasoning as the page shows it: full text (counted exactly), a summary, and/or a duration label (estimated in the worker). */
export const ReasoningShownSchema = z.object({
  text: z.string().nullable(),
  summaryOnly: z.boolean(),
  durationLabel: z.string().max(200).nullable(),
});
export type ReasoningShown = z.infer<typeof ReasoningShownSchema>;

export const ImageKeysSchema = z.array(z.string().min(1).max(500)).max(64);

/** A finished turn as the content script saw it: text only, tokenized in the worker. */
export const TurnCompletedSchema = z.object({
  site: SiteIdSchema,
  conversationId: z.string().min(1),
  /** Stable and unique per answer: the page's message id where it has one, else derived. */
  turnId: z.string().min(1),
  /** The prompt's message id (as in conversation/seed), so a reload's seed does not add the prompt to history again. */
  promptId: z.string().min(1).optional(),
  /** The model label as the page shows it, or null when the page shows none. */
  modelLabel: z.string().nullable(),
  promptText: z.string(),
  /** The answer's text, without reasoning (that is in `reasoning`). */
  answerText: z.string(),
  /** The reasoning the page shows with the answer (the adapter's `readReasoning`), absent when none. */
  reasoning: ReasoningShownSchema.optional(),
  /**
   * Stable keys of the images the assistant generated in this answer that are ready (placeholders
   * left out). Images that become ready after the turn was sent come as a revision of the turn.
   */
  images: ImageKeysSchema.optional(),
  /** When the answer finished streaming (ms since epoch). */
  finishedAt: z.number(),
  /**
   * Absent for the first report of a turn. 1, 2, ... when the same answer went on after it was
   * counted (it paused longer than the tracker waited): the worker replaces that turn's counts.
   */
  revision: z.number().int().positive().optional(),
});
export type TurnCompleted = z.infer<typeof TurnCompletedSchema>;

/** Turns already on the page when it was opened: they only seed the conversation's history. */
export const ConversationSeedSchema = z.object({
  site: SiteIdSchema,
  conversationId: z.string().min(1),
  messages: z.array(z.object({ id: z.string().min(1), role: z.enum(['user', 'assistant']), text: z.string() })),
});
export type ConversationSeed = z.infer<typeof ConversationSeedSchema>;

export const SiteHealthSchema = z.object({
  site: SiteIdSchema,
  status: z.enum(['ok', 'not-recognized']),
  /** Why the page is not recognized, as a code (the popup says it in the UI language). */
  reason: z.enum(HEALTH_REASONS).nullable(),
  at: z.number(),
  /** The last reasoning duration label the site showed that could not be read: nothing was estimated for it. */
  unreadableReasoningLabel: z.string().max(200).nullable().optional(),
});
export type SiteHealth = z.infer<typeof SiteHealthSchema>;

/** A turn after the worker counted it (o200k tokens): what the ledger records. No chat text. */
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
  /** The tracker's revision of the turn (TurnCompleted.revision) this count is of; absent for the first. */
  revision: z.number().int().positive().optional(),
  /** Reasoning text the page showed, counted exactly (output; never part of the history). Absent: none. */
  reasoningTokens: z.number().int().nonnegative().optional(),
  /** Hidden reasoning estimated from the shown duration (output, marked as an estimate). Absent: none. */
  estimatedReasoningTokens: z.number().int().nonnegative().optional(),
  /** Generated images in the answer (distinct keys). Absent: none. */
  images: z.number().int().nonnegative().optional(),
});
export type CountedTurn = z.infer<typeof CountedTurnSchema>;

/** What one counted answer cost, as its page label shows it: the turn plus the images its answer generated. */
/** A page label's texts, formatted in the worker: what it shows, what hover and focus add, what screen readers say. */
export const LabelTextsSchema = z.object({ summary: z.string(), details: z.string(), spoken: z.string() });
export type LabelTexts = z.infer<typeof LabelTextsSchema>;

export const TurnFootprintSchema = z.object({
  energyKwh: z.number().nonnegative(),
  carbonG: z.number().nonnegative(),
  waterL: z.number().nonnegative(),
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  /** Hidden reasoning estimated from a shown duration (part of outputTokens). */
  estimatedReasoningTokens: z.number().int().nonnegative().optional(),
  /** Generated images (their energy is in the totals above). */
  images: z.number().int().nonnegative().optional(),
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
