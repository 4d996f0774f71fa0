/**
 * What the popup's period figures are made from, read straight from storage like its numbers
 * (popup-state.ts): the stored turns of the period's days (the chats, the what-if) and the daily
 * totals of the period and the one before it (the change, and how many answers the stored turns
 * hold). Days whose raw turns were pruned keep only their totals: the figures built from turns
 * leave them out, and `storedAnswers` against `allAnswers` says how much that is.
 */
import { browser } from 'wxt/browser';
import type { LedgerEntry, LedgerIndex, MonthTotals } from '../domain/ledger';
import { decodeEntries, isDayTurns } from '../storage/day-turns';
import { FALLBACKS } from '../storage/fallbacks';
import { daysEndingAt, monthOf } from '../storage/days';
import { ITEM_KEYS, bareKey, monthTotalsKey, type StorageKey } from '../storage/layout';
import { answersInTotals, costliestChats, daysOfPeriod, periodChange, type ChatCost, type PeriodChange, type PeriodSpan } from './period-figures';
import { answersIn } from '../domain/image-records';
import { periodRanges, type FootprintRanges } from '../features/part';
import { estimatedWork } from '../features/work/price';
import { withMediaParts } from '../features/pricing';

const withRanges = (ranges: FootprintRanges | undefined): Pick<PeriodData, 'ranges'> => (ranges ? { ranges } : {});

export interface PeriodData {
  /** Every stored turn of the period (answers and image records), oldest day first. */
  entries: LedgerEntry[];
  chats: ChatCost[];
  /** Answers in the stored turns, and in the daily totals, of the period. */
  storedAnswers: number;
  allAnswers: number;
  /** Against the period before (periods of a number of days only). */
  change: PeriodChange | null;
  /** The stored turns' energy: counted, and estimated work out of sight (searches, research, voice, videos). */
  work: { countedKwh: number; estimatedKwh: number };
  /** The stored turns' energy, carbon and water with their ranges, where any turn holds an estimate with one. */
  ranges?: FootprintRanges;
}

const dayTurnsKey = (day: string): StorageKey => `${ITEM_KEYS.dayTurns}${day}`;

type Stored = Record<string, unknown>;
const read = (keys: readonly StorageKey[]): Promise<Stored> => browser.storage.local.get(keys.map(bareKey));

export async function readPeriodData(span: PeriodSpan, today: string): Promise<PeriodData> {
  const got = await read([ITEM_KEYS.ledgerIndex]);
  const index = (got[bareKey(ITEM_KEYS.ledgerIndex)] as LedgerIndex | undefined) ?? FALLBACKS.ledgerIndex;
  // The months of the period and of the one before it (all of them for all time).
  const months = span.kind === 'all' ? index.months : [...new Set(daysEndingAt(today, 2 * span.days).map(monthOf))].filter((m) => index.months.includes(m));
  const monthValues = await read(months.map(monthTotalsKey));
  const monthTotals = months.map((m) => (monthValues[bareKey(monthTotalsKey(m))] as MonthTotals | undefined) ?? FALLBACKS.monthTotals);
  const days = daysOfPeriod(span, today, [...Object.keys(index.days), ...monthTotals.flatMap((m) => Object.keys(m.days))]);
  const storedDays = days.filter((d) => Object.hasOwn(index.days, d));
  const dayValues = await read(storedDays.map(dayTurnsKey));
  // A day not yet in the current shape (the worker migrates it on its next read) is left out, like a pruned one.
  const entries = storedDays.flatMap((d) => {
    const value = dayValues[bareKey(dayTurnsKey(d))];
    // A day of version 6 has the same rows: its media records get their parts as its migration gives them.
    return isDayTurns(value) ? withMediaParts(decodeEntries(value)) : [];
  });
  return {
    entries,
    chats: costliestChats(entries),
    storedAnswers: entries.reduce((n, e) => n + answersIn(e), 0),
    allAnswers: answersInTotals(monthTotals, days),
    change: span.kind === 'days' && span.days > 1 ? periodChange(monthTotals, today, span.days) : null,
    work: estimatedWork(entries),
    ...withRanges(periodRanges(entries)),
  };
}
