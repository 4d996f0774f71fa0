/** What the popup shows (its state, remote mode's status) and what it asks the worker to do. */
import { z } from 'zod';
import { MAX_BUDGET_KWH } from './budget';
import { EXTRA_KINDS } from './settings';
import { LedgerEntrySchema, TotalsSchema } from './ledger';
import { SiteHealthSchema, SiteIdSchema } from './turns';

export const RemoteStatusSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  hasKey: z.boolean(),
  /** off: local mode; ok: last call succeeded; unauthorized: key rejected, paused; quota: monthly quota used up; degraded: service unreachable, computing locally. */
  state: z.enum(['off', 'ok', 'unauthorized', 'quota', 'degraded']),
  /** The error code behind `message` (src/domain/errors.ts): the popup says it in the UI language. */
  code: z.string().nullable(),
  /** The worker's English sentence for it (userMessage(code, detail)): shown as it is for a code the popup has no translation of. */
  message: z.string().nullable(),
  plan: z.string().nullable(),
  remaining: z.number().nullable(),
  queued: z.number().int().nonnegative(),
});
export type RemoteStatus = z.infer<typeof RemoteStatusSchema>;

const BudgetSettingSchema = z.object({ weeklyKwh: z.number().positive().max(MAX_BUDGET_KWH).nullable(), notify: z.boolean() });

const ExtraKindSchema = z.enum(EXTRA_KINDS);
const CountExtrasSchema = z.record(ExtraKindSchema, z.boolean());

export const PopupStateSchema = z.object({
  settings: z.object({
    region: z.string(),
    countHistory: z.boolean(),
    estimateReasoning: z.boolean(),
    modelOverrides: z.record(z.string(), z.string()),
    /** Per site, false when its page label is switched off (absent: on). */
    pageLabels: z.record(z.string(), z.boolean()).optional(),
    /** The weekly energy budget (src/domain/budget.ts); absent: off. */
    budget: BudgetSettingSchema.optional(),
    /** What is counted beyond a turn's text (src/domain/settings.ts, EXTRA_KINDS); absent: all on. */
    countExtras: CountExtrasSchema.optional(),
    /** Per site, the plan whose context window is assumed (absent: the site's most common plan). */
    plans: z.record(z.string(), z.string()).optional(),
  }),
  totals: z.object({ today: TotalsSchema, last7: TotalsSchema, last30: TotalsSchema, allTime: TotalsSchema }),
  /** The last 30 days, oldest first, one row per day (days without turns included, zero). */
  daily: z.array(z.object({ day: z.string(), energyKwh: z.number(), carbonG: z.number(), waterL: z.number(), turns: z.number() })),
  /** All time, largest energy first. */
  bySite: z.array(z.object({ site: SiteIdSchema, totals: TotalsSchema })),
  /** All time, largest energy first. */
  byModel: z.array(z.object({ modelKey: z.string(), totals: TotalsSchema })),
  lastTurn: LedgerEntrySchema.nullable(),
  /** The image-gen record of the last turn, when its answer generated images. */
  lastImages: LedgerEntrySchema.nullable(),
  health: z.array(SiteHealthSchema),
  remote: RemoteStatusSchema,
});
export type PopupState = z.infer<typeof PopupStateSchema>;

export const SettingsPatchSchema = z.object({
  region: z.string().optional(),
  countHistory: z.boolean().optional(),
  estimateReasoning: z.boolean().optional(),
  /** A model key, or null to go back to what the page shows. */
  modelOverride: z.object({ site: SiteIdSchema, modelKey: z.string().nullable() }).optional(),
  /** Show or hide the footprint label under answers on one site's pages. */
  pageLabel: z.object({ site: SiteIdSchema, on: z.boolean() }).optional(),
  /** The weekly energy budget: a limit in kWh (null: off) and the notification switch. */
  budget: BudgetSettingSchema.optional(),
  /** Switch counting one or more parts beyond a turn's text on or off; parts not named stay as they are. */
  countExtras: z.partialRecord(ExtraKindSchema, z.boolean()).optional(),
  /** The plan the user has on a site whose context windows differ by plan; null: back to the site's most common plan. */
  plan: z.object({ site: SiteIdSchema, plan: z.string().max(40).nullable() }).optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export const ExportRequestSchema = z.object({ format: z.enum(['csv', 'json']) });
export const ExportFileSchema = z.object({ filename: z.string(), mimeType: z.string(), content: z.string() });
export type ExportFile = z.infer<typeof ExportFileSchema>;

export const RemoteConfigSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  /** Omitted: keep the stored key. Empty string: forget it. */
  apiKey: z.string().optional(),
});
export type RemoteConfig = z.infer<typeof RemoteConfigSchema>;

export const RemoteTestResultSchema = z.object({
  ok: z.boolean(),
  code: z.string().nullable(),
  message: z.string(),
  plan: z.string().nullable(),
  remaining: z.number().nullable(),
  limit: z.number().nullable(),
});
export type RemoteTestResult = z.infer<typeof RemoteTestResultSchema>;
