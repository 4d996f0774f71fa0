/** The popup's "Import": what it sends the worker (the file's text) and what comes back (a summary, or why the file was refused). */
import { z } from 'zod';
import { IMPORT_LIMITS } from './import-limits';

/** Why a file was refused, as a code the popup says in the UI language (src/popup/components/ImportData.tsx). */
const IMPORT_REFUSALS = [
  'not-json',
  'not-ledger',
  'newer-version',
  'too-large',
  'wrong-type',
  'negative',
  'unknown-site',
  'unknown-model',
  'unknown-region',
  'unsafe-id',
  'bad-day',
  'duplicate',
] as const;
export type ImportRefusalCode = (typeof IMPORT_REFUSALS)[number];

const ImportRefusalSchema = z.object({
  code: z.enum(IMPORT_REFUSALS),
  /** Where in the file, e.g. `turns[11].energyKwh` (field names are the format's own, not translated); null for the whole file. */
  at: z.string().max(200).nullable(),
  /** The newest format version this extension reads (for `newer-version`) or the limit passed (for `too-large`). */
  limit: z.number().nullable(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

/** What an import adds (a preview) or added. Days are local calendar days (`YYYY-MM-DD`). */
const ImportSummarySchema = z.object({
  /** Turns the ledger does not have yet. */
  turns: z.number().int().nonnegative(),
  /** The first and last day of those turns (null when none). */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** Turns of the file whose turnId the ledger already holds: left as they are. */
  alreadyHere: z.number().int().nonnegative(),
  /** Days the file keeps only as daily totals (their turns were pruned) that come back as they were. */
  totalsDays: z.number().int().nonnegative(),
  /** Turns of days this ledger already keeps only as daily totals: left out (adding them could count a turn twice). */
  leftOut: z.number().int().nonnegative(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportRequestSchema = z.object({
  /** The file's text. */
  text: z.string().max(IMPORT_LIMITS.fileBytes),
  /** false: only say what would be added; true: add it. */
  write: z.boolean(),
});

export const ImportAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('refused'), refusal: ImportRefusalSchema }),
  z.object({ status: z.literal('preview'), summary: ImportSummarySchema }),
  z.object({ status: z.literal('imported'), summary: ImportSummarySchema }),
]);
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;
