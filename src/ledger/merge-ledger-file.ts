/**
 * ledger/import: a ledger file (read-ledger-file.ts) merged into the ledger, all or nothing.
 *
 * - Turns merge by turnId: a turn the ledger holds stays as it is, so a file imported twice adds
 *   nothing the second time. New turns go into the day they were counted under, with the region,
 *   model, tokenizer and figures they were recorded with (nothing is recomputed), and that day's
 *   totals are rebuilt from its turns like every other day's (rewrite-day.ts).
 * - Days the file keeps only as daily totals (their turns were pruned) come back as they were,
 *   unless the ledger already has that day.
 * - A day this ledger keeps only as totals takes nothing from the file: its turns are gone, so
 *   which of the file's turns it already counts cannot be known, and adding them could count a
 *   turn twice.
 * Everything is written in one commit inside the write queue, planned there again, so a turn
 * recorded between the preview and the confirmation is neither lost nor counted twice.
 */
import type { ImportAnswer, ImportSummary } from '../domain/import';
import type { LedgerEntry, TotalsRow } from '../domain/ledger';
import { answersIn } from '../domain/image-records';
import { decodeEntries } from '../storage/day-turns';
import { monthOf } from '../storage/days';
import type { LedgerContext } from './context';
import { readLedgerFile, type LedgerFile } from './read-ledger-file';
import { beginLedgerChanges } from './rewrite-day';
import type { WorkerStorage } from '../storage/worker-storage';
import { commit, readDay, readIndex, readMonth } from './store';
import { groupKey, modelGroup, toRow } from './totals';

interface ImportPlan {
  summary: ImportSummary;
  /** Per day, the new turns to add to it. */
  turnsByDay: Map<string, LedgerEntry[]>;
  /** Days that come back as daily totals only. */
  totalsByDay: Map<string, Record<string, TotalsRow>>;
}

async function planImport(storage: WorkerStorage, file: LedgerFile): Promise<ImportPlan> {
  const index = await readIndex();
  const rawDays = Object.keys(index.days);
  const held = new Set<string>();
  for (const day of rawDays) for (const row of (await readDay(storage, day)).rows) held.add(row[0]);
  const months = new Map<string, Set<string>>();
  /** A day the ledger has daily totals of (raw turns or not). */
  async function hasTotals(day: string): Promise<boolean> {
    let days = months.get(monthOf(day));
    if (!days) {
      days = index.months.includes(monthOf(day)) ? new Set(Object.keys((await readMonth(storage, monthOf(day))).days)) : new Set<string>();
      months.set(monthOf(day), days);
    }
    return days.has(day);
  }
  const prunedHere = async (day: string) => !(day in index.days) && (await hasTotals(day));

  const turnsByDay = new Map<string, LedgerEntry[]>();
  let alreadyHere = 0;
  let leftOut = 0;
  let turns = 0;
  for (const { day, entry } of file.turns) {
    if (held.has(entry.turnId)) alreadyHere += answersIn(entry);
    else if (await prunedHere(day)) leftOut += answersIn(entry);
    else {
      const list = turnsByDay.get(day) ?? [];
      if (list.length === 0) turnsByDay.set(day, list);
      list.push(entry);
      turns += answersIn(entry);
    }
  }

  const daysWithTurns = new Set(file.turns.map((t) => t.day));
  const totalsByDay = new Map<string, Record<string, TotalsRow>>();
  const skippedTotalsDays = new Set<string>();
  for (const r of file.dailyTotals) {
    if (daysWithTurns.has(r.day) || skippedTotalsDays.has(r.day)) continue;
    let rows = totalsByDay.get(r.day);
    if (!rows) {
      // The ledger has that day already (as turns or as totals): it stays as it is.
      if (await hasTotals(r.day)) {
        skippedTotalsDays.add(r.day);
        continue;
      }
      rows = {};
      totalsByDay.set(r.day, rows);
    }
    rows[groupKey(r.site, modelGroup(r))] = toRow(r.totals);
  }

  const days = [...turnsByDay.keys()].sort();
  return {
    summary: {
      turns,
      firstDay: days[0] ?? null,
      lastDay: days[days.length - 1] ?? null,
      alreadyHere,
      totalsDays: totalsByDay.size,
      leftOut,
    },
    turnsByDay,
    totalsByDay,
  };
}

async function writeImport(storage: WorkerStorage, plan: ImportPlan): Promise<void> {
  const changes = await beginLedgerChanges(storage);
  for (const [day, added] of plan.turnsByDay) {
    const entries = [...decodeEntries(await readDay(storage, day)), ...added].sort((a, b) => a.time - b.time);
    // The newest answer of the day may become the popup's last answer.
    const newest = added.filter((e) => answersIn(e) === 1).reduce<LedgerEntry | undefined>((a, e) => (!a || e.time >= a.time ? e : a), undefined);
    await changes.rewriteDay(day, entries, newest);
  }
  for (const [day, rows] of plan.totalsByDay) await changes.setPrunedDayTotals(day, rows);
  await commit(changes.writes());
}

/** `write: false` says what the file would add; `write: true` adds it. A refused file changes nothing. */
export async function importLedger(ctx: LedgerContext, text: string, write: boolean): Promise<ImportAnswer> {
  const read = readLedgerFile(text);
  if (!read.ok) return { status: 'refused', refusal: read.refusal };
  const summary = await ctx.storage.writes.run(async () => {
    const plan = await planImport(ctx.storage, read.file);
    if (write && (plan.turnsByDay.size > 0 || plan.totalsByDay.size > 0)) await writeImport(ctx.storage, plan);
    return plan.summary;
  });
  if (!write) return { status: 'preview', summary };
  await ctx.notifyToday();
  return { status: 'imported', summary };
}
