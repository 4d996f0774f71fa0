/**
 * Generated images and videos as parts of their own: each record of them holds its one part (the
 * images counted on the page, the videos estimated with their energy range), priced from it by the
 * pricing step, with no token count standing in for them. Records kept before (raw turns version 6)
 * and exported files of format 5 without those parts get them: a day migrated to version 7, and a
 * file imported, keep every figure and give the video record its answer's range.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { footprintOf } from '../../../src/counting/footprint';
import { footprintRanges, periodRanges } from '../../../src/features/part';
import { readLedgerFile } from '../../../src/ledger/read-ledger-file';
import { decodeEntries, encodeEntries, isDayTurns, type DayTurns } from '../../../src/storage/day-turns';
import { localDay } from '../../../src/storage/days';
import { NOW, dump, newLedger, resetBrowser, turn } from '../support/ledger';

beforeEach(resetBrowser);

const VIDEO = { videos: 1, seconds: 8, wh: 31.1, whLow: 12.4, whHigh: 55.9, rule: 'video-ecologits' };
const DAY = localDay(NOW);

/** A turn whose answer generated two images and a video, recorded by the ledger. */
async function recorded(): Promise<{ t: ReturnType<typeof turn>; entries: LedgerEntry[] }> {
  const t = turn({ images: 2, extras: { video: VIDEO } });
  await newLedger().record(t);
  return { t, entries: decodeEntries((await dump())[`turns:${DAY}`] as DayTurns) };
}

/** What version 6 kept of a media record: no part, and its count (images) or length in milliseconds (video) as its answer's tokens. */
const asVersion6 = (e: LedgerEntry): LedgerEntry => {
  if (!e.turnId.includes(':')) return e;
  const { parts: _parts, ...rest } = e;
  return { ...rest, answerTokens: e.outputTokens };
};

describe('generated images and videos, each a record with its own part', () => {
  it('are priced from their part: the images by their count, the video by its central Wh, its range its own', async () => {
    const { t, entries } = await recorded();
    const images = entries.find((e) => e.turnId === `${t.turnId}:images`)!;
    const video = entries.find((e) => e.turnId === `${t.turnId}:video`)!;
    expect(images).toMatchObject({ modelKey: 'image-gen', answerTokens: 0, outputTokens: 2, parts: { images: { basis: 'counted', count: 2 } } });
    expect(video).toMatchObject({ modelKey: 'custom', answerTokens: 0, outputTokens: 8000 });
    expect(video.parts).toEqual({ video: { basis: 'estimated', count: 1, seconds: 8, wh: { low: 12.4, central: 31.1, high: 55.9 } } });
    // The core rounds to six significant digits.
    expect(video.energyKwh).toBeCloseTo(0.0311, 6);
    const r = footprintRanges(video)!;
    expect(r.energyKwh.low / video.energyKwh).toBeCloseTo(12.4 / 31.1, 12);
    expect(r.waterL.high / video.waterL).toBeCloseTo(55.9 / 31.1, 12);
    // Images are counted: no range of their own.
    expect(footprintRanges(images)).toBeUndefined();
    // The answer's own figures stay exact (its text is counted); the label sums the three with the video's range.
    const answer = entries.find((e) => e.turnId === t.turnId)!;
    expect(footprintRanges(answer)).toBeUndefined();
    const label = footprintOf(answer, images, 'en', video);
    expect(label.ranges!.energyKwh.high).toBeCloseTo(answer.energyKwh + images.energyKwh + r.energyKwh.high, 15);
    expect(periodRanges(entries)!.energyKwh.low).toBeCloseTo(answer.energyKwh + images.energyKwh + r.energyKwh.low, 15);
  });

  it('raw turns v6 -> v7: media records kept without parts get them, every figure kept', async () => {
    const { t, entries } = await recorded();
    const v6 = encodeEntries(entries.map(asVersion6));
    resetBrowser();
    await fakeBrowser.storage.local.set({
      [`turns:${DAY}`]: v6,
      [`turns:${DAY}$`]: { v: 6 },
      ledger: { days: { [DAY]: { turns: entries.length, bytes: JSON.stringify(v6).length } }, months: [], lastTurn: null, lastImages: null },
      ledger$: { v: 2 },
    });
    const json = JSON.parse((await newLedger().exportLedger('json')).content) as { turns: (LedgerEntry & { ranges?: unknown })[] };
    expect(json.turns.map((e) => e.turnId)).toEqual(entries.map((e) => e.turnId));
    for (const [i, e] of json.turns.entries()) {
      const {
        localDay: _day,
        tokenCount: _count,
        ranges: _ranges,
        reasoningTokens: _r,
        estimatedReasoningTokens: _er,
        ...rest
      } = e as LedgerEntry & Record<string, unknown>;
      expect(rest).toEqual(Object.fromEntries(Object.entries(entries[i]!).filter(([k]) => k !== 'reasoningTokens' && k !== 'estimatedReasoningTokens')));
    }
    const video = json.turns.find((e) => e.turnId === `${t.turnId}:video`)!;
    expect(video.ranges).toMatchObject({ energyKwh: { central: video.energyKwh } });
    const stored = await dump();
    expect(isDayTurns(stored[`turns:${DAY}`])).toBe(true);
    expect(stored[`turns:${DAY}$`]).toEqual({ v: 7 });
  });

  it('an exported file of format 5 whose media records have no parts imports with them', async () => {
    const { t } = await recorded();
    const file = JSON.parse((await newLedger().exportLedger('json')).content) as { turns: Record<string, unknown>[] };
    // As format 5 wrote media records before they held their part.
    for (const row of file.turns) {
      if (!String(row.turnId).includes(':')) continue;
      delete row.parts;
      delete row.ranges;
      row.answerTokens = row.outputTokens;
    }
    const read = readLedgerFile(JSON.stringify(file));
    if (!read.ok) throw new Error(read.refusal.code);
    const byId = new Map(read.file.turns.map(({ entry }) => [entry.turnId, entry]));
    expect(byId.get(`${t.turnId}:images`)).toMatchObject({ answerTokens: 0, parts: { images: { basis: 'counted', count: 2 } } });
    expect(byId.get(`${t.turnId}:video`)).toMatchObject({
      answerTokens: 0,
      parts: { video: { count: 1, seconds: 8, wh: { low: 12.4, central: 31.1, high: 55.9 } } },
    });
    // Without its answer in the file, a video is one video of the length and Wh it was priced with.
    const alone = { ...file, turns: file.turns.filter((row) => row.turnId === `${t.turnId}:video`) };
    const single = readLedgerFile(JSON.stringify(alone));
    if (!single.ok) throw new Error(single.refusal.code);
    const [{ entry }] = single.file.turns;
    const wh = entry!.parts!.video!.wh;
    expect(entry!.parts!.video).toMatchObject({ count: 1, seconds: 8 });
    expect(wh.low).toBe(wh.high);
    expect(wh.central).toBeCloseTo(31.1, 3);
  });
});
