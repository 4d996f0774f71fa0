/**
 * Read-only: the ledger records of turns counted earlier, for the page labels of answers already
 * on a page when it loads (the reply to conversation/seed). Each day is read and decoded once per
 * call, however many of the turns it holds.
 */
import type { LedgerEntry } from '../domain/ledger';
import type { CountedTurn } from '../domain/turns';
import { imagesTurnId, videoTurnId } from '../domain/image-records';
import { decodeEntries } from '../storage/day-turns';
import { addDays, localDay } from '../storage/days';
import type { WorkerStorage } from '../storage/worker-storage';
import { readDay } from './store';

/** A turn's record and its generated images' and videos' records. */
export interface TurnRecords {
  entry: LedgerEntry;
  images?: LedgerEntry;
  /** The record of its generated videos. */
  video?: LedgerEntry;
}

/**
 * The records of `turns`, by turnId. A turn is looked up on its own day and, as `findRecordedDay`
 * does, the days either side; a turn whose day was pruned (or never recorded) is left out.
 */
export async function recordsOf(
  storage: WorkerStorage,
  turns: ReadonlyArray<Pick<CountedTurn, 'turnId' | 'time' | 'images'>>,
): Promise<Map<string, TurnRecords>> {
  const days = new Map<string, Promise<Map<string, LedgerEntry>>>();
  const dayEntries = (day: string) => {
    let entries = days.get(day);
    if (!entries) {
      entries = readDay(storage, day).then((stored) => new Map(decodeEntries(stored).map((e) => [e.turnId, e])));
      days.set(day, entries);
    }
    return entries;
  };
  const found = new Map<string, TurnRecords>();
  for (const turn of turns) {
    const day = localDay(turn.time);
    for (const d of [day, addDays(day, -1), addDays(day, 1)]) {
      const entries = await dayEntries(d);
      const entry = entries.get(turn.turnId);
      if (!entry) continue;
      const images = turn.images ? entries.get(imagesTurnId(turn.turnId)) : undefined;
      const video = entry.extras?.video ? entries.get(videoTurnId(turn.turnId)) : undefined;
      found.set(turn.turnId, { entry, ...(images ? { images } : {}), ...(video ? { video } : {}) });
      break;
    }
  }
  return found;
}
