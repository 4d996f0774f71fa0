/** The ledger as CSV and JSON files. Columns documented in docs/export-format.md. */
import type { LedgerEntry, MonthTotals } from '../domain/ledger';
import { approximationOf } from '../domain/tokenizers';
import { HIDDEN_WORK_CSV_COLUMNS, hiddenWorkCsvFields } from '../features/work/price';
import { footprintRanges } from '../features/part';
import { parseModelGroup, rowTotals, splitGroupKey } from './totals';

/** The CSV's bounds of a turn's figures: empty for an exact turn (its figures are its only values). */
const RANGE_CSV_COLUMNS = ['energy_kwh_low', 'energy_kwh_high', 'carbon_gco2e_low', 'carbon_gco2e_high', 'water_liters_low', 'water_liters_high'] as const;

function rangeCsvFields(e: LedgerEntry): (number | string)[] {
  const r = footprintRanges(e);
  return r ? [r.energyKwh.low, r.energyKwh.high, r.carbonG.low, r.carbonG.high, r.waterL.low, r.waterL.high] : ['', '', '', '', '', ''];
}

/** The JSON's `ranges` of a turn holding estimated parts; nothing for an exact one. */
function rangesOf(e: LedgerEntry) {
  const r = footprintRanges(e);
  return r ? { ranges: r } : {};
}

const CSV_COLUMNS = [
  'turn_id',
  'time_utc',
  'local_day',
  'site',
  'conversation_id',
  'model_key',
  'custom_wh_per_1k',
  'prompt_tokens',
  'history_tokens',
  'answer_tokens',
  'reasoning_tokens',
  'estimated_reasoning_tokens',
  'attachment_files',
  'attachment_tokens',
  'attachment_estimated_tokens',
  'attachment_history_tokens',
  ...HIDDEN_WORK_CSV_COLUMNS,
  'input_tokens',
  'output_tokens',
  'tokenizer',
  'token_count',
  'region',
  'energy_kwh',
  'carbon_gco2e',
  'water_liters',
  ...RANGE_CSV_COLUMNS,
  'water_stress',
  'computed_by',
  'plan',
] as const;

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvField(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface DayEntries {
  day: string;
  entries: LedgerEntry[];
}

export function toCsv(days: readonly DayEntries[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const { day, entries } of days) {
    for (const e of entries) {
      lines.push(
        [
          e.turnId,
          new Date(e.time).toISOString(),
          day,
          e.site,
          e.conversationId,
          e.modelKey,
          e.customWhPer1k ?? '',
          e.promptTokens,
          e.historyTokens,
          e.answerTokens,
          e.reasoningTokens ?? 0,
          e.estimatedReasoningTokens ?? 0,
          e.extras?.attachments?.files ?? 0,
          e.extras?.attachments?.tokens ?? 0,
          e.extras?.attachments?.estimatedTokens ?? 0,
          e.extras?.attachments?.historyTokens ?? 0,
          ...hiddenWorkCsvFields(e),
          e.inputTokens,
          e.outputTokens,
          e.tokenizer,
          tokenCountOf(e),
          e.region,
          e.energyKwh,
          e.carbonG,
          e.waterL,
          ...rangeCsvFields(e),
          e.stressLevel,
          e.computedBy,
          e.plan,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** "exact" when the tokenizer is the model's own, else "approximate (<tokenizer>)", as the popup says it. */
function tokenCountOf(e: LedgerEntry): string {
  const approximate = approximationOf(e.modelKey, e.tokenizer);
  return approximate === null ? 'exact' : `approximate (${approximate})`;
}

export const EXPORT_FORMAT = 'ai-chat-footprint-ledger';
/**
 * 2: turns carry reasoningTokens and estimatedReasoningTokens; image-gen records are turns of their own.
 * 3: turns carry the tokenizer that counted them and tokenCount ("exact" or "approximate (…)").
 * 4: turns carry `extras`, what they read beyond their text (attachments, searches, research, voice audio), where they have any.
 * 5: turns carry `parts`, what their calculation was sent part by part (counted or estimated, with
 *    the estimate's range), and `ranges`, the low and high energy, carbon and water of a turn that
 *    holds estimated parts; the CSV has the ranges' columns.
 */
export const EXPORT_VERSION = 5;

export function toJson(days: readonly DayEntries[], months: readonly MonthTotals[], exportedAt: number): string {
  const dailyTotals = months
    .flatMap((m) => Object.entries(m.days))
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([day, rows]) =>
      Object.entries(rows).map(([key, r]) => {
        const { site, modelKey: group } = splitGroupKey(key);
        return { day, site, ...parseModelGroup(group), ...rowTotals(r) };
      }),
    );
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(exportedAt).toISOString(),
    turns: days.flatMap(({ day, entries }) =>
      entries.map((e) => ({
        ...e,
        reasoningTokens: e.reasoningTokens ?? 0,
        estimatedReasoningTokens: e.estimatedReasoningTokens ?? 0,
        tokenCount: tokenCountOf(e),
        ...rangesOf(e),
        localDay: day,
      })),
    ),
    dailyTotals,
  });
}
