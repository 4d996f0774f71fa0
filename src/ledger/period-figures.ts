/**
 * The popup's figures for a chosen period that point somewhere: the chats that took the most
 * energy, and the change against the period before. Pure: the popup reads the stored days and
 * months (read-period.ts) and hands them here. Everything is summed from what an export holds:
 * chats from the stored turns (`turns`), period changes from the daily totals (`dailyTotals`).
 */
import { countedHistoryTokens, relativeChange } from '../core/shares';
import { asOwnPrompt } from '../features/extras';
import { answersIn } from '../domain/image-records';
import type { LedgerEntry, MonthTotals } from '../domain/ledger';
import type { SiteId } from '../domain/site-ids';
import { addDays, daysEndingAt } from '../storage/days';
import { rowTotals } from './totals';

/** How many chats the popup lists. */
const COSTLIEST_CHATS = 5;

export interface ChatCost {
  site: SiteId;
  conversationId: string;
  /** Answers (an answer's generated images are part of its answer). */
  turns: number;
  /** Energy of the chat's turns in the period, images included. */
  energyKwh: number;
  /** The history re-read over all input of the chat's answers in the period (0..1). */
  historyShare: number;
}

/** The chats of `entries` by energy, costliest first (ties: more answers first, then by id, so the order is stable). */
export function costliestChats(entries: readonly LedgerEntry[], count = COSTLIEST_CHATS): ChatCost[] {
  const chats = new Map<string, ChatCost & { input: number; history: number }>();
  for (const e of entries) {
    const key = `${e.site}\u0000${e.conversationId}`;
    let c = chats.get(key);
    if (!c) chats.set(key, (c = { site: e.site, conversationId: e.conversationId, turns: 0, energyKwh: 0, historyShare: 0, input: 0, history: 0 }));
    c.turns += answersIn(e);
    c.energyKwh += e.energyKwh;
    c.input += e.inputTokens;
    // Its own files and searches are not history: a new chat would read them too.
    c.history += countedHistoryTokens(asOwnPrompt(e));
  }
  return [...chats.values()]
    .sort((a, b) => b.energyKwh - a.energyKwh || b.turns - a.turns || a.conversationId.localeCompare(b.conversationId))
    .slice(0, count)
    .map(({ site, conversationId, turns, energyKwh, input, history }) => ({
      site,
      conversationId,
      turns,
      energyKwh,
      historyShare: input > 0 ? history / input : 0,
    }));
}

/** A period as the popup offers it: the last `days` days ending today, or every day recorded. */
export type PeriodSpan = { kind: 'days'; days: number } | { kind: 'all' };

/** The days of a period ending `today`; for all time, every day with totals or stored turns. */
export function daysOfPeriod(span: PeriodSpan, today: string, knownDays: Iterable<string>): string[] {
  if (span.kind === 'days') return daysEndingAt(today, span.days);
  return [...new Set(knownDays)].filter((d) => d <= today).sort();
}

/** Energy of the days from `first` to `last` (inclusive) in the daily totals. */
function energyBetween(months: readonly MonthTotals[], first: string, last: string): number {
  let kwh = 0;
  for (const m of months)
    for (const [day, rows] of Object.entries(m.days)) {
      if (day < first || day > last) continue;
      for (const row of Object.values(rows)) kwh += rowTotals(row).energyKwh;
    }
  return kwh;
}

export interface PeriodChange {
  days: number;
  energyKwh: number;
  beforeKwh: number;
  /** energy / before - 1, or null with nothing before. */
  change: number | null;
}

/** The last `days` days ending today against the `days` days before them, from the daily totals. */
export function periodChange(months: readonly MonthTotals[], today: string, days: number): PeriodChange {
  const first = addDays(today, 1 - days);
  const energyKwh = energyBetween(months, first, today);
  const beforeKwh = energyBetween(months, addDays(first, -days), addDays(first, -1));
  return { days, energyKwh, beforeKwh, change: relativeChange(energyKwh, beforeKwh) };
}

/** Answers in the daily totals of `days` (to say how many of a period's answers the stored turns hold). */
export function answersInTotals(months: readonly MonthTotals[], days: readonly string[]): number {
  const wanted = new Set(days);
  let n = 0;
  for (const m of months)
    for (const [day, rows] of Object.entries(m.days)) if (wanted.has(day)) for (const row of Object.values(rows)) n += rowTotals(row).turns;
  return n;
}
