/**
 * Daily and all-time totals are stored as positional rows (src/ledger/totals.ts says why). These
 * tests pin the stored order, which old data was written in: changing it needs a storage migration.
 */
import { describe, expect, it } from 'vitest';
import type { Totals, TotalsRow } from '../../../src/domain/ledger';
import { addRow, applyDayChange, emptyTotals, rowTotals, toRow } from '../../../src/ledger/totals';

const sums: Totals = { turns: 3, inputTokens: 120, outputTokens: 900, energyKwh: 0.0042, carbonG: 1.7, waterL: 0.012 };

describe('stored totals rows', () => {
  it('keep the order turns, input tokens, output tokens, energy, carbon, water', () => {
    expect(toRow(sums)).toEqual([3, 120, 900, 0.0042, 1.7, 0.012]);
    expect(rowTotals([3, 120, 900, 0.0042, 1.7, 0.012])).toEqual(sums);
  });

  it('add into named totals field by field', () => {
    const t = emptyTotals();
    addRow(t, toRow(sums));
    addRow(t, toRow(sums));
    expect(t).toEqual({ turns: 6, inputTokens: 240, outputTokens: 1800, energyKwh: 0.0084, carbonG: 3.4, waterL: 0.024 });
  });

  it('move the all-time sums by the difference when a day changes, and add a group that was not there', () => {
    const groups: Record<string, TotalsRow> = { 'chatgpt|a': toRow(sums) };
    const before = { 'chatgpt|a': toRow({ ...sums, turns: 1, energyKwh: 0.001 }) };
    const after = { 'chatgpt|a': toRow({ ...sums, turns: 2, energyKwh: 0.003 }), 'claude|b': toRow(sums) };
    applyDayChange(groups, before, after);
    expect(rowTotals(groups['chatgpt|a']).turns).toBe(4);
    expect(rowTotals(groups['chatgpt|a']).energyKwh).toBeCloseTo(0.0062, 12);
    expect(groups['claude|b']).toEqual(toRow(sums));
  });
});
