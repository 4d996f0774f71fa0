/**
 * The ledger's records: one entry per turn (counts and footprint, never chat
 * text), daily totals rows, and the shapes the ledger keeps in storage.
 */
import { z } from 'zod';
import { CountedTurnSchema, type CountedTurn } from './turns';

/** How a turn's footprint was computed. `local-fallback`: remote mode was on but the service failed; queued for retry. */
const ComputedBySchema = z.enum(['local', 'remote', 'local-fallback']);
export type ComputedBy = z.infer<typeof ComputedBySchema>;

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

/**
 * One group's sums for a day (or all time), as stored: the fields of `Totals` in a fixed order,
 * without their names. Read and written only through src/ledger/totals.ts (`rowTotals`, `toRow`).
 */
export type TotalsRow = [turns: number, inputTokens: number, outputTokens: number, energyKwh: number, carbonG: number, waterL: number];

/** One month of daily totals: day -> "site|modelKey" -> sums. Never pruned. */
export interface MonthTotals {
  days: Record<string, Record<string, TotalsRow>>;
}

/**
 * All-time sums per "site|modelKey": the sum of every day's totals, written in
 * the same commit as the day's totals, so the popup reads one small item
 * instead of a year of months.
 */
export interface AllTimeTotals {
  groups: Record<string, TotalsRow>;
}

export interface LedgerIndex {
  /** Days whose raw turns are stored (not pruned), with their turn count and encoded size. */
  days: Record<string, { turns: number; bytes: number }>;
  /** Months that have a daily-totals item. */
  months: string[];
  /** The most recent turn recorded (by time), for the popup. */
  lastTurn: LedgerEntry | null;
  /** The image-gen record of `lastTurn` when its answer generated images (absent in indexes written before images were counted). */
  lastImages?: LedgerEntry | null;
}

/** Turns received but not yet committed: written before any work, removed in the commit. */
export interface Inbox {
  turns: CountedTurn[];
}
