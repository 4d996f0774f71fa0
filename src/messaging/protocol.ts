/**
 * The one protocol map: every message between content scripts, extension
 * pages and the background worker, with zod schemas for what is sent and what
 * comes back. Receivers validate with these schemas at the boundary.
 *
 * Sections: content script -> worker (site tracking), popup -> worker (ledger,
 * settings, remote mode). Add a message by adding an entry here.
 */
import { z } from 'zod';
import { SITE_IDS } from '../sites/site-ids';

export const SiteIdSchema = z.enum(SITE_IDS);

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
  /** The answer's text, including visible reasoning text. */
  answerText: z.string(),
  /** When the answer finished streaming (ms since epoch). */
  finishedAt: z.number(),
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
  /** Why the page is not recognized, in words a user understands. */
  reason: z.string().nullable(),
  at: z.number(),
});
export type SiteHealth = z.infer<typeof SiteHealthSchema>;

/** A turn after the worker counted it (o200k tokens): what the ledger records. No chat text. */
export const CountedTurnSchema = z.object({
  turnId: z.string(),
  time: z.number(),
  site: SiteIdSchema,
  conversationId: z.string(),
  modelKey: z.string(),
  promptTokens: z.number().int().nonnegative(),
  historyTokens: z.number().int().nonnegative(),
  answerTokens: z.number().int().nonnegative(),
});
export type CountedTurn = z.infer<typeof CountedTurnSchema>;

const Ack = z.object({ ok: z.literal(true) });

// ---- Ledger and popup -------------------------------------------------------

/** How a turn's footprint was computed. `local-fallback`: remote mode was on but the service failed; queued for retry. */
export const ComputedBySchema = z.enum(['local', 'remote', 'local-fallback']);

/** One recorded turn: counts and footprint, never chat text. */
export const LedgerEntrySchema = CountedTurnSchema.extend({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  region: z.string(),
  energyKwh: z.number().nonnegative(),
  carbonG: z.number().nonnegative(),
  waterL: z.number().nonnegative(),
  stressLevel: z.enum(['low', 'moderate', 'high', 'critical']),
  computedBy: ComputedBySchema,
  plan: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const TotalsSchema = z.object({
  turns: z.number().int().nonnegative(),
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  energyKwh: z.number().nonnegative(),
  carbonG: z.number().nonnegative(),
  waterL: z.number().nonnegative(),
});
export type Totals = z.infer<typeof TotalsSchema>;

export const RemoteStatusSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  hasKey: z.boolean(),
  /** off: local mode; ok: last call succeeded; unauthorized: key rejected, paused; quota: monthly quota used up; degraded: service unreachable, computing locally. */
  state: z.enum(['off', 'ok', 'unauthorized', 'quota', 'degraded']),
  message: z.string().nullable(),
  plan: z.string().nullable(),
  remaining: z.number().nullable(),
  queued: z.number().int().nonnegative(),
});
// RemoteStatus.message and error answers carry sentences from src/remote/errors.ts (userMessage(code)).
export type RemoteStatus = z.infer<typeof RemoteStatusSchema>;

export const PopupStateSchema = z.object({
  settings: z.object({
    region: z.string(),
    countHistory: z.boolean(),
    modelOverrides: z.record(z.string(), z.string()),
  }),
  totals: z.object({ today: TotalsSchema, last7: TotalsSchema, last30: TotalsSchema, allTime: TotalsSchema }),
  /** The last 30 days, oldest first, one row per day (days without turns included, zero). */
  daily: z.array(z.object({ day: z.string(), energyKwh: z.number(), carbonG: z.number(), waterL: z.number(), turns: z.number() })),
  /** All time, largest energy first. */
  bySite: z.array(z.object({ site: SiteIdSchema, totals: TotalsSchema })),
  /** All time, largest energy first. */
  byModel: z.array(z.object({ modelKey: z.string(), totals: TotalsSchema })),
  lastTurn: LedgerEntrySchema.nullable(),
  health: z.array(SiteHealthSchema),
  remote: RemoteStatusSchema,
});
export type PopupState = z.infer<typeof PopupStateSchema>;

export const SettingsPatchSchema = z.object({
  region: z.string().optional(),
  countHistory: z.boolean().optional(),
  /** A model key, or null to go back to what the page shows. */
  modelOverride: z.object({ site: SiteIdSchema, modelKey: z.string().nullable() }).optional(),
});

export const ExportSchema = z.object({ format: z.enum(['csv', 'json']) });
export const ExportFileSchema = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });

export const RemoteConfigSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  /** Omitted: keep the stored key. Empty string: forget it. */
  apiKey: z.string().optional(),
});
export const RemoteTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string(),
  plan: z.string().nullable(),
  remaining: z.number().nullable(),
  limit: z.number().nullable(),
});

export const protocol = {
  'turn/completed': { request: TurnCompletedSchema, response: z.object({ ok: z.literal(true), turnId: z.string() }) },
  'conversation/seed': { request: ConversationSeedSchema, response: Ack },
  'site/health': { request: SiteHealthSchema, response: Ack },

  'popup/state': { request: z.object({}), response: PopupStateSchema },
  'settings/update': { request: SettingsPatchSchema, response: Ack },
  'ledger/recompute': { request: z.object({}), response: z.object({ ok: z.literal(true), recomputed: z.number().int() }) },
  'ledger/export': { request: ExportSchema, response: ExportFileSchema },
  'ledger/clear': { request: z.object({ confirm: z.literal(true) }), response: Ack },
  'remote/configure': { request: RemoteConfigSchema, response: RemoteStatusSchema },
  'remote/test': { request: z.object({}), response: RemoteTestResultSchema },
} as const;

/** What a content script may send. Everything else comes only from the extension's own pages (the popup). */
export const CONTENT_SCRIPT_MESSAGES: ReadonlySet<string> = new Set(['turn/completed', 'conversation/seed', 'site/health']);

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = z.infer<Protocol[T]['request']>;
export type ResponseOf<T extends MessageType> = z.infer<Protocol[T]['response']>;
