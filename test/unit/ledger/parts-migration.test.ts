/**
 * Raw turns v5 -> v6 -> v7: a year of records stored before turns kept their parts. Each is migrated
 * when its day is read, none is lost, each is exported with the numbers it was recorded with, and
 * its new parts add up to the input and output it was priced with; a record of generated images
 * holds their count as its part (version 7) instead of as its answer's tokens. The records are made by the
 * ledger's own pricing (what version 5 stored, less the parts), with the Counting settings of the
 * time varying over the year.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/domain/settings';
import type { CountedTurn, TurnExtras } from '../../../src/domain/turns';
import { requestTokens } from '../../../src/features/part';
import { computeLocally, requestFor, turnUnderSettings } from '../../../src/ledger/compute';
import { encodeEntries, isDayTurns } from '../../../src/storage/day-turns';
import { addDays } from '../../../src/storage/days';
import { dump, newLedger, resetBrowser } from '../support/ledger';

const FIRST_DAY = '2025-11-23';
const DAYS = 365;

/** What a turn read beyond its text, by the turn's place in its day: none for most. */
const EXTRAS: (TurnExtras | undefined)[] = [
  undefined,
  { attachments: { files: 2, tokens: 1_530, estimatedTokens: 765, historyTokens: 400, estimatedHistoryTokens: 0 } },
  { search: { searches: 3, tokens: 24_000, historyTokens: 16_000, rule: 'search-proxy-claude' } },
  { research: { runs: 1, tokens: 300_000, highTokens: 1_200_000, rule: 'research-run-vendor-range' } },
  { voice: { inputTokens: 230, outputTokens: 190, rule: 'voice-openai-realtime' } },
  undefined,
];

/** The settings a day was recorded under: history off one day in seven, estimates off one in five. */
const settingsOf = (day: number): Settings => ({ ...DEFAULT_SETTINGS, countHistory: day % 7 !== 3, estimateReasoning: day % 5 !== 2 });

function price(t: CountedTurn, settings: Settings, images = false): LedgerEntry[] {
  const under = turnUnderSettings(t, settings);
  const entry = computeLocally(under, requestFor(under, settings));
  if (!entry.ok) throw new Error(entry.error.message);
  // Version 5 kept no parts.
  const { parts: _parts, ...v5 } = entry.value;
  if (!images || !t.images) return [v5];
  // Version 5's record of the images: their count as its answer's tokens, priced per image.
  const imagesTurn: CountedTurn = { ...t, turnId: `${t.turnId}:images`, modelKey: 'image-gen', promptTokens: 0, historyTokens: 0, answerTokens: t.images };
  delete imagesTurn.images;
  delete imagesTurn.estimatedReasoningTokens;
  const imagesEntry = computeLocally(imagesTurn, { model: 'image-gen', input_tokens: 0, output_tokens: t.images, region: settings.region });
  if (!imagesEntry.ok) throw new Error(imagesEntry.error.message);
  return [v5, imagesEntry.value];
}

function yearOfRecords(): Map<string, LedgerEntry[]> {
  const days = new Map<string, LedgerEntry[]>();
  for (let d = 0; d < DAYS; d += 1) {
    const day = addDays(FIRST_DAY, d);
    const entries = EXTRAS.flatMap((extras, i) => {
      const t: CountedTurn = {
        turnId: `${day}-${i}`,
        time: Date.parse(`${day}T12:00:00Z`) + i * 60_000,
        site: extras?.search ? 'claude' : 'chatgpt',
        conversationId: `c${d}`,
        modelKey: 'alpha-4o',
        promptTokens: 100 + i,
        historyTokens: 900 * i,
        answerTokens: 400 + d,
        tokenizer: 'o200k',
        ...(i === 5 ? { estimatedReasoningTokens: 1_200, images: 2 } : {}),
        ...(i === 0 ? { reasoningTokens: 80 } : {}),
        ...(extras ? { extras } : {}),
      };
      return price(t, settingsOf(d), i === 5);
    });
    days.set(day, entries);
  }
  return days;
}

async function seedV5(days: Map<string, LedgerEntry[]>): Promise<void> {
  const items: Record<string, unknown> = { ledger$: { v: 2 } };
  const index: Record<string, { turns: number; bytes: number }> = {};
  for (const [day, entries] of days) {
    const v6 = encodeEntries(entries);
    // A version 5 row: a version 6 row without its last field, the parts.
    const v5 = { strings: v6.strings, rows: v6.rows.map((r) => r.slice(0, 22)) };
    items[`turns:${day}`] = v5;
    items[`turns:${day}$`] = { v: 5 };
    index[day] = { turns: entries.length, bytes: JSON.stringify(v5).length };
  }
  items.ledger = { days: index, months: [], lastTurn: null, lastImages: null };
  await fakeBrowser.storage.local.set(items);
}

beforeEach(resetBrowser);

describe('raw turns v5 -> v7: a year of records without parts', () => {
  it('loses none, exports each with the numbers it was recorded with, and gives each answer the parts it was priced with', async () => {
    const days = yearOfRecords();
    const before = [...days.values()].flat();
    expect(before).toHaveLength(DAYS * (EXTRAS.length + 1));
    await seedV5(days);

    const ledger = newLedger();
    const json = JSON.parse((await ledger.exportLedger('json')).content) as { version: number; turns: (LedgerEntry & Record<string, unknown>)[] };
    expect(json.version).toBe(5);
    expect(json.turns.map((t) => t.turnId)).toEqual(before.map((e) => e.turnId));

    for (const [i, t] of json.turns.entries()) {
      const { parts, ranges, tokenCount: _count, localDay: _day, ...rest } = t;
      const old = before[i];
      if (old.modelKey === 'image-gen') {
        // The images' record: its count is its part, no longer its answer's tokens; priced as it was.
        expect(rest).toEqual({ reasoningTokens: 0, estimatedReasoningTokens: 0, ...old, answerTokens: 0 });
        expect(parts).toEqual({ images: { basis: 'counted', count: old.answerTokens } });
        continue;
      }
      // Exported as before: every field the record had, with reasoning read as 0 where it had none.
      expect(rest).toEqual({ reasoningTokens: 0, estimatedReasoningTokens: 0, ...old });
      // The parts add up to what the record was priced with.
      expect(requestTokens(parts!)).toEqual({ input: old.inputTokens, output: old.outputTokens });
      // A range only where an estimate has one (research, here); none for an exact record.
      if (old.extras?.research) {
        const r = ranges as { energyKwh: { low: number; central: number; high: number } };
        expect(r.energyKwh.central).toBe(old.energyKwh);
        expect(r.energyKwh.low).toBeLessThanOrEqual(old.energyKwh);
        expect(r.energyKwh.high).toBeGreaterThan(old.energyKwh);
      } else expect(ranges).toBeUndefined();
      // History is a part exactly where it was counted.
      const day = Math.floor(i / (EXTRAS.length + 1));
      expect(parts!.history !== undefined).toBe(settingsOf(day).countHistory && old.historyTokens > 0);
    }

    const csv = (await ledger.exportLedger('csv')).content.trim().split('\r\n');
    expect(csv).toHaveLength(before.length + 1);

    const stored = await dump();
    const migrated = Object.keys(stored).filter((k) => /^turns:\d{4}-\d{2}-\d{2}$/.test(k));
    expect(migrated).toHaveLength(DAYS);
    for (const key of migrated) {
      expect(isDayTurns(stored[key])).toBe(true);
      expect(stored[`${key}$`]).toEqual({ v: 7 });
    }
  }, 120_000);
});
