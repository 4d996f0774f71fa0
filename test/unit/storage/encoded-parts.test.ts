/**
 * A day's row keeps an answer's parts only where its own counts do not already say them: the parts
 * of an answer of text alone are derived again when the row is read, and equal those it was priced
 * with; estimated parts, and the parts of a record of generated images, are kept as they were.
 */
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/domain/settings';
import type { CountedTurn } from '../../../src/domain/turns';
import { mediaRecordsOf, mediaRequestFor } from '../../../src/features/pricing';
import { computeLocally, requestFor, turnUnderSettings } from '../../../src/ledger/compute';
import { decodeEntries, encodeEntries } from '../../../src/storage/day-turns';

const TIME = Date.parse('2026-11-20T12:00:00Z');

const turn = (over: Partial<CountedTurn> = {}): CountedTurn => ({
  turnId: `t-${Math.random()}`,
  time: TIME,
  site: 'chatgpt',
  conversationId: 'c1',
  modelKey: 'alpha-5.5',
  promptTokens: 120,
  historyTokens: 3_400,
  answerTokens: 650,
  tokenizer: 'o200k',
  ...over,
});

function priced(t: CountedTurn, settings: Settings = DEFAULT_SETTINGS): LedgerEntry {
  const under = turnUnderSettings(t, settings);
  const entry = computeLocally(under, requestFor(under, settings));
  if (!entry.ok) throw new Error(entry.error.message);
  return entry.value;
}

/** The row's parts field, and the entry read back from the row. */
function stored(entry: LedgerEntry): { field: unknown; read: LedgerEntry } {
  const day = encodeEntries([entry]);
  return { field: day.rows[0]![22], read: decodeEntries(day)[0]! };
}

describe("a day's row and an answer's parts", () => {
  it('keeps none for an answer of text alone, and reads back the parts it was priced with', () => {
    for (const settings of [DEFAULT_SETTINGS, { ...DEFAULT_SETTINGS, countHistory: false }]) {
      const entry = priced(turn(), settings);
      expect(entry.parts?.prompt).toEqual({ basis: 'counted', tokens: 120 });
      const { field, read } = stored(entry);
      expect(field).toBe(0);
      expect(read.parts).toEqual(entry.parts);
    }
  });

  it('keeps none for counted reasoning (the row has its count), and the parts of an answer that drew images (it has not)', () => {
    const reasoning = priced(turn({ reasoningTokens: 900 }));
    expect(stored(reasoning).field).toBe(0);
    expect(stored(reasoning).read.parts).toEqual(reasoning.parts);
    const drew = priced(turn({ images: 2 }));
    expect(drew.parts?.images).toEqual({ basis: 'counted', count: 2 });
    expect(stored(drew).field).toMatchObject({ images: 2 });
    expect(stored(drew).read.parts).toEqual(drew.parts);
  });

  it('keeps an estimated part with its range, as priced', () => {
    const entry = priced(
      turn({
        extras: {
          attachments: { files: 1, tokens: 2_000, estimatedTokens: 2_000, lowTokens: 800, highTokens: 9_000, historyTokens: 0, estimatedHistoryTokens: 0 },
        },
      }),
    );
    const estimated = Object.values(entry.parts ?? {}).filter((p) => p.basis === 'estimated');
    expect(estimated.length).toBeGreaterThan(0);
    const { field, read } = stored(entry);
    expect(field).not.toBe(0);
    expect(read.parts).toEqual(entry.parts);
  });

  it('keeps the part of a record of generated images', () => {
    const t = turnUnderSettings(turn({ images: 3 }), DEFAULT_SETTINGS);
    const [record] = mediaRecordsOf(t);
    const request = record && mediaRequestFor(record, DEFAULT_SETTINGS);
    if (!record || !request) throw new Error('no record of the images');
    const entry = computeLocally(record, request);
    if (!entry.ok) throw new Error(entry.error.message);
    const { field, read } = stored(entry.value);
    expect(field).toEqual({ images: 3 });
    expect(read.parts).toEqual(entry.value.parts);
  });

  it('takes fewer bytes for a day of answers of text alone', () => {
    const entries = Array.from({ length: 100 }, (_, i) => priced(turn({ turnId: `t${i}`, time: TIME + i * 60_000 })));
    const day = encodeEntries(entries);
    // Each row would otherwise repeat its three counts in the parts' short form.
    const repeated = '{"prompt":120,"history":3400,"answer":650}';
    const everyPartKept = { ...day, rows: day.rows.map((r) => [...r.slice(0, 22), JSON.parse(repeated)]) };
    expect(day.rows.every((r) => r[22] === 0)).toBe(true);
    expect(JSON.stringify(everyPartKept).length - JSON.stringify(day).length).toBe(100 * (repeated.length - 1));
    expect(decodeEntries(encodeEntries(entries))).toEqual(entries);
  });
});
