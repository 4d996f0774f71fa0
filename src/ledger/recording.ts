/**
 * Recording turns. Write order for one turn:
 *   1. journal: the counted turn is appended to the inbox (small write);
 *   2. compute: locally, or remotely (up to 5 s) with a local fallback;
 *   3. commit: raw turn + the day's totals + index + inbox removal (+ retry
 *      item, + remote state) in ONE storage.set.
 * The sender is answered only after 3. A crash before 1: no answer, the sender
 * resends. Between 1 and 3: the next start replays the inbox. After 3: a resend
 * finds the turnId in its day and is skipped. So a turn is recorded exactly once.
 * A day's totals are always rebuilt from that day's raw turns, so they cannot
 * drift from them even if a commit landed only in part.
 */
import type { CountedTurn, LedgerEntry } from '../messaging/protocol';
import { CodedError } from '../remote/errors';
import { attemptRemote } from '../remote/remote-mode';
import { backoffMs, enqueueRetry, retryQueueItem, type RetryItem } from '../remote/retry-queue';
import { remoteStateItem, type RemoteState } from '../remote/state';
import { decodeEntries, encodeEntries } from '../storage/day-turns';
import { addDays, localDay, monthOf } from '../storage/days';
import { inboxItem, type LedgerIndex } from '../storage/ledger-items';
import { settingsItem } from '../storage/settings';
import { computeLocally, entryFromRemote, requestFor } from './compute';
import { findRecordedDay, inboxWrite, remoteStateWrite, retryQueueWrite, type LedgerContext, type RecordOutcome } from './context';
import { allTimeWrite, commit, dayWrite, indexWrite, monthWrite, readAllTime, readDay, readIndex, readMonth, removeDays, type Write } from './store';
import { applyDayChange, rowsFromEntries, sumMonths } from './totals';

export function createRecording(ctx: LedgerContext) {
  async function journal(turn: CountedTurn): Promise<void> {
    await ctx.writer.run(async () => {
      const inbox = await inboxItem.getValue();
      if (inbox.turns.some((t) => t.turnId === turn.turnId)) return;
      await commit([inboxWrite({ turns: [...inbox.turns, turn] })]);
    });
  }

  async function dropFromInbox(turnId: string): Promise<void> {
    await ctx.writer.run(async () => {
      const inbox = await inboxItem.getValue();
      await commit([inboxWrite({ turns: inbox.turns.filter((t) => t.turnId !== turnId) })]);
    });
  }

  async function pruneIfNeeded(index: LedgerIndex): Promise<void> {
    const days = Object.keys(index.days).sort();
    let total = days.reduce((s, d) => s + index.days[d].bytes, 0);
    const prune: string[] = [];
    const today = localDay(ctx.now());
    for (const d of days) {
      if (total <= ctx.budget || d >= addDays(today, -1)) break;
      // Only days already in the daily totals (always true: they are committed together; checked anyway).
      const month = await readMonth(monthOf(d));
      if (!month.days[d]) break;
      prune.push(d);
      total -= index.days[d].bytes;
    }
    if (prune.length === 0) return;
    // Keys first: a crash here leaves index entries for missing days, which read as empty and are pruned again.
    await removeDays(prune);
    const next = await readIndex();
    for (const d of prune) delete next.days[d];
    await commit([indexWrite(next)]);
  }

  /** The day's totals rebuilt from its raw turns if they disagree (only after a write that did not land whole). */
  async function repairDayTotals(day: string): Promise<Write[]> {
    const entries = decodeEntries(await readDay(day));
    const month = monthOf(day);
    const totals = await readMonth(month);
    const counted = Object.values(totals.days[day] ?? {}).reduce((s, r) => s + r[0], 0);
    if (counted === entries.length) return [];
    totals.days[day] = rowsFromEntries(entries);
    // The all-time sums may have landed without this month: rebuild them from every month.
    const index = await readIndex();
    const months = await Promise.all(index.months.map((m) => (m === month ? totals : readMonth(m))));
    return [monthWrite(month, totals), allTimeWrite({ groups: sumMonths(months) })];
  }

  /** Step 3: commit one computed turn (inside the writer). */
  async function commitEntry(entry: LedgerEntry, retry: RetryItem | null, remoteState: RemoteState | null): Promise<RecordOutcome> {
    const inbox = await inboxItem.getValue();
    const writes: Write[] = [inboxWrite({ turns: inbox.turns.filter((t) => t.turnId !== entry.turnId) })];
    if (remoteState) writes.push(remoteStateWrite(remoteState));
    const recordedDay = await findRecordedDay(entry.turnId, entry.time);
    if (recordedDay) {
      writes.push(...(await repairDayTotals(recordedDay)));
      await commit(writes);
      return { recorded: false, reason: 'duplicate' };
    }
    const day = localDay(entry.time);
    const month = monthOf(day);
    const entries = decodeEntries(await readDay(day));
    const at = entries.findIndex((e) => e.time > entry.time);
    entries.splice(at === -1 ? entries.length : at, 0, entry);
    const encoded = encodeEntries(entries);
    const totals = await readMonth(month);
    const before = totals.days[day] ?? {};
    // Rebuilt from the day's raw turns (at most a few hundred), never incremented: totals can never drift from the turns.
    totals.days[day] = rowsFromEntries(entries);
    const index = await readIndex();
    const allTime = await readAllTime(index);
    applyDayChange(allTime.groups, before, totals.days[day]);
    index.days[day] = { turns: entries.length, bytes: JSON.stringify(encoded).length };
    if (!index.months.includes(month)) index.months = [...index.months, month].sort();
    if (!index.lastTurn || entry.time >= index.lastTurn.time) index.lastTurn = entry;
    writes.push(dayWrite(day, encoded), monthWrite(month, totals), indexWrite(index), allTimeWrite(allTime));
    if (retry) writes.push(retryQueueWrite(enqueueRetry(await retryQueueItem.getValue(), retry)));
    await commit(writes);
    await pruneIfNeeded(index);
    return { recorded: true, entry };
  }

  /** Steps 2 and 3 for a journaled turn. */
  async function process(turn: CountedTurn): Promise<RecordOutcome> {
    const settings = await settingsItem.getValue();
    const req = requestFor(turn, settings);
    const local = computeLocally(turn, req);
    if (!local.ok) {
      await dropFromInbox(turn.turnId);
      throw new CodedError(local.error.code, local.error.message);
    }
    let entry = local.value;
    let retry: RetryItem | null = null;
    let state: RemoteState | null = null;
    if (settings.remote.enabled) {
      const t = ctx.now();
      const result = await attemptRemote(settings, await remoteStateItem.getValue(), req, ctx.deps.remote, t);
      state = result.state;
      const a = result.attempt;
      if (a.kind === 'remote') entry = entryFromRemote(turn, req, a.success.response);
      else if (a.kind === 'failed' && a.failure.transient) {
        entry = { ...local.value, computedBy: 'local-fallback' };
        // The failed first send is attempt 1.
        retry = { turnId: turn.turnId, day: localDay(turn.time), request: req, attempts: 1, nextAt: t + backoffMs(1) };
      }
    }
    const outcome = await ctx.writer.run(() => commitEntry(entry, retry, state));
    if (outcome.recorded && localDay(entry.time) === localDay(ctx.now())) await ctx.notifyToday();
    if (retry) await ctx.scheduleNextRetry();
    return outcome;
  }

  async function record(turn: CountedTurn): Promise<RecordOutcome> {
    const recordedDay = await findRecordedDay(turn.turnId, turn.time);
    if (recordedDay) return { recorded: false, reason: 'duplicate' };
    await journal(turn);
    return process(turn);
  }

  /** Replays turns journaled but not committed (the worker stopped mid-way). */
  async function drainInbox(): Promise<number> {
    const { turns } = await inboxItem.getValue();
    let n = 0;
    for (const t of turns) {
      try {
        if ((await process(t)).recorded) n++;
      } catch {
        // An invalid turn was dropped from the inbox by process(); nothing else to do.
      }
    }
    return n;
  }

  return { journal, record, drainInbox };
}
