/**
 * Reading a ledger file for "Import": JSON of the format `toJson` writes (write-ledger-file.ts,
 * docs/export-format.md), versions 1 to EXPORT_VERSION, checked whole with the ledger's own zod
 * schemas before anything is written. The answer is the turns and daily totals as the ledger
 * keeps them, or why the file was refused.
 */
import { z } from 'zod';
import { findModel, resolveRegion } from '../core/tables';
import type { ImportRefusal, ImportRefusalCode } from '../domain/import';
import { IMPORT_LIMITS } from '../domain/import-limits';
import { LedgerEntrySchema, TotalsSchema, type LedgerEntry, type Totals } from '../domain/ledger';
import type { SiteId } from '../domain/site-ids';
import { MESSAGE_LIMITS, SiteIdSchema, TurnExtrasSchema } from '../domain/turns';
import { LEGACY_TOKENIZER, TokenizerIdSchema } from '../domain/tokenizers';
import { TurnPartsSchema } from '../features/part';
import { addDays } from '../storage/days';
import { withRecordParts } from '../storage/encoded-parts';
import { withMediaParts } from '../features/pricing';
import { EXPORT_FORMAT, EXPORT_VERSION } from './write-ledger-file';

export interface ImportedTurn {
  /** The local day the turn was counted under where it was recorded (a day never moves). */
  day: string;
  entry: LedgerEntry;
}

export interface ImportedDayTotals {
  day: string;
  site: SiteId;
  modelKey: string;
  customWhPer1k?: number;
  totals: Totals;
}

export interface LedgerFile {
  version: number;
  turns: ImportedTurn[];
  dailyTotals: ImportedDayTotals[];
}

export type ReadResult = { ok: true; file: LedgerFile } | { ok: false; refusal: ImportRefusal };

/** Names an object already has (`__proto__`, `constructor`, `toString`...): never an id, so no id can reach a prototype. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

const refuse = (code: ImportRefusalCode, at: string | null = null, limit: number | null = null): ReadResult => ({
  ok: false,
  refusal: { code, at, limit },
});

const notPrototypeName = (s: string) => !PROTOTYPE_NAMES.has(s);
const Id = z
  .string()
  .min(1)
  .max(MESSAGE_LIMITS.idChars)
  .refine(notPrototypeName, { params: { reason: 'unsafe-id' } });
/** Turns recorded before conversations had ids have an empty one. */
const ConversationId = z
  .string()
  .max(MESSAGE_LIMITS.idChars)
  .refine(notPrototypeName, { params: { reason: 'unsafe-id' } });

/** A calendar day `YYYY-MM-DD` that exists. */
const Day = z.string().refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && addDays(d, 0) === d, { params: { reason: 'bad-day' } });

const ModelKey = z.string().refine((k) => findModel(k) !== undefined, { params: { reason: 'unknown-model' } });

function turnSchema(version: number) {
  return LedgerEntrySchema.extend({
    turnId: Id,
    conversationId: ConversationId,
    time: z.number().int().nonnegative(),
    localDay: Day,
    modelKey: ModelKey,
    region: z.string().refine((r) => resolveRegion(r) !== undefined, { params: { reason: 'unknown-region' } }),
    // Before version 3 turns did not record their tokenizer: every one was counted with o200k.
    tokenizer: version >= 3 ? TokenizerIdSchema : TokenizerIdSchema.default(LEGACY_TOKENIZER),
    // Before version 4 no turn read anything beyond its text.
    extras: version >= 4 ? TurnExtrasSchema.optional() : z.never().optional(),
    // Before version 5 turns did not keep their parts: read off their counts and input on import.
    parts: version >= 5 ? TurnPartsSchema.optional() : z.never().optional(),
  });
}

const DayTotalsSchema = TotalsSchema.extend({
  day: Day,
  site: SiteIdSchema,
  modelKey: ModelKey,
  customWhPer1k: z.number().positive().max(1000).optional(),
});

const Envelope = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number().int().positive() });

function fileSchema(version: number) {
  return z.object({
    turns: z.array(turnSchema(version)).max(IMPORT_LIMITS.turns),
    dailyTotals: z.array(DayTotalsSchema).max(IMPORT_LIMITS.dailyTotals),
  });
}

function where(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** The plain reason for the first problem zod found. */
function reasonOf(issue: z.core.$ZodIssue): ImportRefusalCode {
  const own = (issue as { params?: { reason?: ImportRefusalCode } }).params?.reason;
  if (own) return own;
  if (issue.code === 'too_small' && issue.origin === 'number') return 'negative';
  if (issue.code === 'too_big' && issue.origin === 'array') return 'too-large';
  if (issue.code === 'invalid_value' && issue.path[issue.path.length - 1] === 'site') return 'unknown-site';
  return 'wrong-type';
}

/**
 * The entry as the ledger stores and reads it back: reasoning only when there was some, no fields
 * the format does not keep, and the parts it was priced with (read off a turn of an older version).
 */
function entryOf(t: z.infer<ReturnType<typeof turnSchema>>): LedgerEntry {
  const { localDay: _day, reasoningTokens, estimatedReasoningTokens, customWhPer1k, revision: _revision, images: _images, ...rest } = t;
  const entry: LedgerEntry = { ...rest };
  if (reasoningTokens) entry.reasoningTokens = reasoningTokens;
  if (estimatedReasoningTokens) entry.estimatedReasoningTokens = estimatedReasoningTokens;
  if (customWhPer1k !== undefined) entry.customWhPer1k = customWhPer1k;
  return withRecordParts(entry);
}

export function readLedgerFile(text: string): ReadResult {
  if (text.length > IMPORT_LIMITS.fileBytes) return refuse('too-large', null, IMPORT_LIMITS.fileBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('not-json');
  }
  return checkLedgerJson(json);
}

/** The checks after JSON.parse. */
function checkLedgerJson(json: unknown): ReadResult {
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) return refuse('not-ledger');
  const { version } = envelope.data;
  if (version > EXPORT_VERSION) return refuse('newer-version', 'version', EXPORT_VERSION);
  const parsed = fileSchema(version).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const code = reasonOf(issue);
    return refuse(code, where(issue.path), code === 'too-large' ? (issue.path[0] === 'turns' ? IMPORT_LIMITS.turns : IMPORT_LIMITS.dailyTotals) : null);
  }
  const ids = new Set<string>();
  const turns: ImportedTurn[] = [];
  for (const [i, t] of parsed.data.turns.entries()) {
    if (ids.has(t.turnId)) return refuse('duplicate', `turns[${i}].turnId`);
    ids.add(t.turnId);
    turns.push({ day: t.localDay, entry: entryOf(t) });
  }
  // Records of generated media from files before they held their part get it from their answer's.
  const entries = withMediaParts(turns.map((t) => t.entry));
  for (const [i, t] of turns.entries()) t.entry = entries[i]!;
  const groups = new Set<string>();
  const dailyTotals: ImportedDayTotals[] = [];
  for (const [i, r] of parsed.data.dailyTotals.entries()) {
    const { day, site, modelKey, customWhPer1k, ...totals } = r;
    const group = `${day}|${site}|${modelKey}@${customWhPer1k ?? ''}`;
    if (groups.has(group)) return refuse('duplicate', `dailyTotals[${i}]`);
    groups.add(group);
    dailyTotals.push({ day, site, modelKey, ...(customWhPer1k === undefined ? {} : { customWhPer1k }), totals });
  }
  return { ok: true, file: { version, turns, dailyTotals } };
}
