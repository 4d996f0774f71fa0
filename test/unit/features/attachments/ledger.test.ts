/** Attached files in the ledger: input of their turn and history under the user's settings; switched off, the turn is today's count exactly. */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type CountedTurn, type Settings } from '../../../../src/domain';
import { footprintRanges } from '../../../../src/features/part';
import { requestFor, turnUnderSettings } from '../../../../src/ledger/compute';
import { newLedger, resetBrowser, turn, storeSettings } from '../../support/ledger';

beforeEach(resetBrowser);

const FILES = { files: 2, tokens: 9180, estimatedTokens: 765, historyTokens: 1530, estimatedHistoryTokens: 0 };
const withFiles = (t: CountedTurn): CountedTurn => ({ ...t, extras: { attachments: FILES } });
const settings = (patch: Partial<Settings> = {}, attachments = true): Settings => ({
  ...DEFAULT_SETTINGS,
  ...patch,
  countExtras: { ...DEFAULT_SETTINGS.countExtras, attachments },
});

/** What record-turn sends to the calculation. */
const request = (t: CountedTurn, s: Settings) => requestFor(turnUnderSettings(t, s), s);

describe('the calculation request', () => {
  it('adds the files and the files re-read to the input', () => {
    const t = turn();
    expect(request(withFiles(t), settings()).input_tokens).toBe(120 + 900 + 9180 + 1530);
    expect(request(withFiles(t), settings()).output_tokens).toBe(450);
  });

  it('with history off, adds the files of this prompt only', () => {
    expect(request(withFiles(turn()), settings({ countHistory: false })).input_tokens).toBe(120 + 9180);
  });

  it('with history off, the recorded turn keeps no re-read files (what it records is what is in its input)', () => {
    expect(turnUnderSettings(withFiles(turn()), settings({ countHistory: false })).extras?.attachments).toEqual({
      ...FILES,
      historyTokens: 0,
      estimatedHistoryTokens: 0,
    });
  });

  it('with attachments off, is today’s request exactly, and the turn keeps no attachments', () => {
    const t = turn();
    const off = settings({}, false);
    expect(request(withFiles(t), off)).toEqual(request(t, off));
    expect(turnUnderSettings(withFiles(t), off)).toEqual(turnUnderSettings(t, off));
    expect(turnUnderSettings(withFiles(t), off).extras).toBeUndefined();
  });

  it('with attachments off, keeps the turn’s other extras', () => {
    const t: CountedTurn = { ...turn(), extras: { attachments: FILES, search: { searches: 1, tokens: 10, historyTokens: 0, rule: 'r' } } };
    expect(turnUnderSettings(t, settings({}, false)).extras).toEqual({ search: { searches: 1, tokens: 10, historyTokens: 0, rule: 'r' } });
  });
});

describe('the ledger', () => {
  it('records the files in the input, the entry, the CSV and the JSON export', async () => {
    const ledger = newLedger();
    const t = withFiles(turn());
    await ledger.record(t);
    const json = JSON.parse((await ledger.exportLedger('json')).content) as { version: number; turns: Array<Record<string, unknown>> };
    expect(json.turns[0]).toMatchObject({ inputTokens: 120 + 900 + 9180 + 1530, extras: { attachments: FILES } });
    const [header, row] = (await ledger.exportLedger('csv')).content.trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ attachment_files: '2', attachment_tokens: '9180', attachment_estimated_tokens: '765', attachment_history_tokens: '1530' });
  });

  it('records the range of estimated files in the entry’s parts, so the entry shows its figures with their bounds', async () => {
    const ledger = newLedger();
    const photo = { files: 1, tokens: 2942, estimatedTokens: 2942, lowTokens: 70, highTokens: 14_364, historyTokens: 0, estimatedHistoryTokens: 0 };
    const out = await ledger.record({ ...turn(), historyTokens: 0, extras: { attachments: photo } });
    if (!out.recorded) throw new Error('not recorded');
    expect(out.entry.parts?.files).toEqual({ basis: 'estimated', tokens: 2942, range: { low: 70, central: 2942, high: 14_364 } });
    const r = footprintRanges(out.entry)!;
    expect(r.energyKwh.low).toBeLessThan(out.entry.energyKwh);
    expect(r.energyKwh.high).toBeGreaterThan(out.entry.energyKwh);
    const [json] = JSON.parse((await ledger.exportLedger('json')).content).turns as Array<{ ranges?: { energyKwh: { high: number } } }>;
    expect(json!.ranges!.energyKwh.high).toBeCloseTo(r.energyKwh.high, 12);
    // A turn counted before files had ranges (or with exact files) keeps a single figure.
    const older = await ledger.record({ ...turn(), extras: { attachments: FILES } });
    if (!older.recorded) throw new Error('not recorded');
    expect(older.entry.parts?.files).toEqual({ basis: 'estimated', tokens: 9180, range: { low: 9180, central: 9180, high: 9180 } });
  });

  it('with attachments off, records exactly what a turn without files records', async () => {
    await storeSettings(settings({}, false));
    const ledger = newLedger();
    const plain = turn();
    await ledger.record(withFiles(plain));
    const [withOff] = JSON.parse((await ledger.exportLedger('json')).content).turns as unknown[];
    resetBrowser();
    await storeSettings(settings({}, false));
    const again = newLedger();
    await again.record(plain);
    const [without] = JSON.parse((await again.exportLedger('json')).content).turns as unknown[];
    expect(withOff).toEqual(without);
  });
});
