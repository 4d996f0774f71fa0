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
import type { LedgerEntry, LedgerIndex } from '../domain/ledger';
import type { RemoteRequest, RemoteState, RetryItem } from '../domain/remote';
import type { Settings } from '../domain/settings';
import type { CountedTurn } from '../domain/turns';
import { CodedError } from '../domain/errors';
import { answersIn, imagesTurnId, videoTurnId } from '../domain/image-records';
import { turnIdempotencyKey } from '../remote/client';
import { attemptRemote } from '../remote/remote-mode';
import { backoffMs, enqueueRetry } from '../remote/retry-queue';
import { decodeEntries } from '../storage/day-turns';
import { addDays, localDay, monthOf } from '../storage/days';
import { inboxItem, remoteStateItem, retryQueueItem, STORAGE_ITEMS, type Write } from '../storage/items';
import { computeLocally, entryFromRemote, requestFor, turnUnderSettings } from './compute';
import { mediaRecordsOf, mediaRequestFor } from '../features/pricing';
import { findRecordedDay, type LedgerContext, type RecordOutcome } from './context';
import { beginLedgerChanges } from './rewrite-day';
import { commit, readDay, readIndex, readMonth, removeDays } from './store';
import { rowTurns } from './totals';

/** Step 1: the counted turn in the inbox (a later revision replaces an earlier one). */
async function journal(ctx: LedgerContext, turn: CountedTurn): Promise<void> {
  await ctx.storage.writes.run(async () => {
    const inbox = await inboxItem.getValue();
    const same = inbox.turns.find((t) => t.turnId === turn.turnId);
    if (same && (same.revision ?? 0) >= (turn.revision ?? 0)) return;
    await commit([STORAGE_ITEMS.inbox.write({ turns: [...inbox.turns.filter((t) => t !== same), turn] })]);
  });
}

async function dropFromInbox(ctx: LedgerContext, turnId: string): Promise<void> {
  await ctx.storage.writes.run(async () => {
    const inbox = await inboxItem.getValue();
    await commit([STORAGE_ITEMS.inbox.write({ turns: inbox.turns.filter((t) => t.turnId !== turnId) })]);
  });
}

async function pruneIfNeeded(ctx: LedgerContext, index: LedgerIndex): Promise<void> {
  const days = Object.keys(index.days).sort();
  let total = days.reduce((s, d) => s + index.days[d].bytes, 0);
  const prune: string[] = [];
  const today = localDay(ctx.now());
  for (const d of days) {
    if (total <= ctx.budget || d >= addDays(today, -1)) break;
    // Only days already in the daily totals (always true: they are committed together; checked anyway).
    const month = await readMonth(ctx.storage, monthOf(d));
    if (!month.days[d]) break;
    prune.push(d);
    total -= index.days[d].bytes;
  }
  if (prune.length === 0) return;
  // Keys first: a crash here leaves index entries for missing days, which read as empty and are pruned again.
  await removeDays(prune);
  const next = await readIndex();
  for (const d of prune) delete next.days[d];
  await commit([STORAGE_ITEMS.ledgerIndex.write(next)]);
}

/** The day's totals rebuilt from its raw turns if they disagree (only after a write that did not land whole). */
async function repairDayTotals(ctx: LedgerContext, day: string): Promise<Write[]> {
  const entries = decodeEntries(await readDay(ctx.storage, day));
  const counted = Object.values((await readMonth(ctx.storage, monthOf(day))).days[day] ?? {}).reduce((s, r) => s + rowTurns(r), 0);
  if (counted === entries.reduce((n, e) => n + answersIn(e), 0)) return [];
  const changes = await beginLedgerChanges(ctx.storage);
  // The all-time sums may have landed without this month: summed again from every month.
  for (const m of changes.index.months) await changes.month(m);
  await changes.rewriteDay(day, entries);
  changes.resumAllTime();
  return changes.writes();
}

/** Step 3: commit one computed turn (inside the write queue). `revised`: it replaces the recorded turn of the same id. */
async function commitEntry(
  ctx: LedgerContext,
  entry: LedgerEntry,
  retry: RetryItem | null,
  remoteState: RemoteState | null,
  revised = false,
): Promise<RecordOutcome> {
  const inbox = await inboxItem.getValue();
  const writes: Write[] = [STORAGE_ITEMS.inbox.write({ turns: inbox.turns.filter((t) => t.turnId !== entry.turnId) })];
  if (remoteState) writes.push(STORAGE_ITEMS.remoteState.write(remoteState));
  const recordedDay = await findRecordedDay(ctx.storage, entry.turnId, entry.time);
  if (recordedDay && revised) {
    // The answer went on after it was counted: one turn, its final counts.
    const entries = decodeEntries(await readDay(ctx.storage, recordedDay)).map((e) => (e.turnId === entry.turnId ? { ...entry, time: e.time } : e));
    const changes = await beginLedgerChanges(ctx.storage);
    await changes.rewriteDay(recordedDay, entries);
    writes.push(...changes.writes());
    if (retry) writes.push(STORAGE_ITEMS.retryQueue.write(enqueueRetry(await retryQueueItem.getValue(), retry)));
    await commit(writes);
    return { recorded: true, entry };
  }
  if (recordedDay) {
    writes.push(...(await repairDayTotals(ctx, recordedDay)));
    await commit(writes);
    return { recorded: false, reason: 'duplicate' };
  }
  const day = localDay(entry.time);
  const entries = decodeEntries(await readDay(ctx.storage, day));
  const at = entries.findIndex((e) => e.time > entry.time);
  entries.splice(at === -1 ? entries.length : at, 0, entry);
  const changes = await beginLedgerChanges(ctx.storage);
  await changes.rewriteDay(day, entries, entry);
  writes.push(...changes.writes());
  if (retry) writes.push(STORAGE_ITEMS.retryQueue.write(enqueueRetry(await retryQueueItem.getValue(), retry)));
  await commit(writes);
  await pruneIfNeeded(ctx, changes.index);
  return { recorded: true, entry };
}

/**
 * Steps 2 and 3 for a journaled turn. The images and videos its answer generated are records of their own
 * (priced per image, or at the video's own rate; sent to the service as their own requests), committed first: the turn's own
 * commit takes it out of the inbox, so a stop in between replays both and the images are found
 * already recorded.
 */
async function process(ctx: LedgerContext, turn: CountedTurn): Promise<RecordOutcome> {
  const settings = await ctx.storage.settings.read();
  const counted = turnUnderSettings(turn, settings);
  const media: Pick<RecordOutcome, 'images' | 'video'> = {};
  for (const record of mediaRecordsOf(counted)) {
    const req = mediaRequestFor(record, settings);
    const done = req ? await processOne(ctx, record, req, settings) : null;
    if (done?.entry) media[record.parts?.images ? 'images' : 'video'] = done.entry;
  }
  const outcome = await processOne(ctx, counted, requestFor(counted, settings), settings);
  return { ...outcome, ...media };
}

async function processOne(ctx: LedgerContext, turn: CountedTurn, req: RemoteRequest, settings: Settings): Promise<RecordOutcome> {
  const local = computeLocally(turn, req);
  if (!local.ok) {
    await dropFromInbox(ctx, turn.turnId);
    throw new CodedError(local.error.code, local.error.message);
  }
  let entry = local.value;
  let retry: RetryItem | null = null;
  let state: RemoteState | null = null;
  if (settings.remote.enabled) {
    const t = ctx.now();
    const result = await attemptRemote(
      settings,
      await remoteStateItem.getValue(),
      req,
      ctx.deps.remote,
      t,
      turnIdempotencyKey(turn.turnId, req, turn.revision),
    );
    state = result.state;
    const a = result.attempt;
    if (a.kind === 'remote') entry = entryFromRemote(turn, req, a.success.response);
    else if (a.kind === 'failed' && a.failure.transient) {
      entry = { ...local.value, computedBy: 'local-fallback' };
      // The failed first send is attempt 1.
      retry = { turnId: turn.turnId, revision: turn.revision, day: localDay(turn.time), request: req, attempts: 1, nextAt: t + backoffMs(1) };
    }
  }
  const outcome = await ctx.storage.writes.run(() => commitEntry(ctx, entry, retry, state, turn.revision !== undefined));
  if (outcome.recorded && localDay(entry.time) === localDay(ctx.now())) await ctx.notifyToday();
  if (retry) await ctx.scheduleNextRetry();
  return outcome;
}

async function record(ctx: LedgerContext, turn: CountedTurn): Promise<RecordOutcome> {
  const recordedDay = await findRecordedDay(ctx.storage, turn.turnId, turn.time);
  if (recordedDay && turn.revision === undefined) {
    // A resend (the worker answered too late, or restarted): the page label still gets the footprint.
    const entries = decodeEntries(await readDay(ctx.storage, recordedDay));
    const entry = entries.find((e) => e.turnId === turn.turnId);
    const images = turn.images ? entries.find((e) => e.turnId === imagesTurnId(turn.turnId)) : undefined;
    const video = entry?.extras?.video ? entries.find((e) => e.turnId === videoTurnId(turn.turnId)) : undefined;
    return { recorded: false, reason: 'duplicate', ...(entry ? { entry } : {}), ...(images ? { images } : {}), ...(video ? { video } : {}) };
  }
  await journal(ctx, turn);
  return process(ctx, turn);
}

/** Replays turns journaled but not committed (the worker stopped mid-way). */
async function drainInbox(ctx: LedgerContext): Promise<number> {
  const { turns } = await inboxItem.getValue();
  let n = 0;
  for (const t of turns) {
    try {
      if ((await process(ctx, t)).recorded) n++;
    } catch {
      // An invalid turn was dropped from the inbox by process(); nothing else to do.
    }
  }
  return n;
}

/** The ledger's recording of counted turns: journaled first, then computed and committed (see the file's comment for the order). */
export function createRecording(ctx: LedgerContext) {
  return {
    journal: (turn: CountedTurn) => journal(ctx, turn),
    record: (turn: CountedTurn) => record(ctx, turn),
    drainInbox: () => drainInbox(ctx),
  };
}
