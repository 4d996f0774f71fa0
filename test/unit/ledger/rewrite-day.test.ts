import { beforeEach, describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/domain';
import { commit } from '../../../src/ledger/store';
import { beginLedgerChanges } from '../../../src/ledger/rewrite-day';
import { decodeEntries, encodeEntries } from '../../../src/storage/day-turns';
import { localDay } from '../../../src/storage/days';
import { createWorkerStorage } from '../../../src/storage/worker-storage';
import { dump, newLedger, resetBrowser, turn, NOW } from '../support/ledger';

beforeEach(resetBrowser);

describe('rewriting a ledger day', () => {
  it('keeps the day, its totals, the all-time sums and the index in step in one set of writes', async () => {
    const storage = createWorkerStorage();
    const ledger = newLedger({ storage });
    const out = await ledger.record(turn({ time: NOW - 1000 }));
    if (!out.recorded) throw new Error('not recorded');
    const day = localDay(out.entry.time);
    const changed: LedgerEntry = {
      ...out.entry,
      energyKwh: out.entry.energyKwh * 2,
      carbonG: out.entry.carbonG * 2,
      waterL: out.entry.waterL * 2,
      computedBy: 'remote',
      plan: 'pro',
    };
    const changes = await beginLedgerChanges(storage);
    await changes.rewriteDay(day, [changed]);
    await commit(changes.writes());
    const stored = await dump();
    const index = stored['ledger'] as { days: Record<string, { turns: number; bytes: number }>; lastTurn: LedgerEntry };
    expect(decodeEntries(stored[`turns:${day}`] as never)).toEqual([changed]);
    expect(index.days[day]).toEqual({ turns: 1, bytes: JSON.stringify(encodeEntries([changed])).length });
    expect(index.lastTurn).toEqual(changed);
    const row = [1, changed.inputTokens, changed.outputTokens, changed.energyKwh, changed.carbonG, changed.waterL];
    expect((stored[`totals:${day.slice(0, 7)}`] as { days: Record<string, Record<string, number[]>> }).days[day]).toEqual({ 'chatgpt|alpha-4o': row });
    const allTime = (stored['totals:all'] as { groups: Record<string, number[]> }).groups['chatgpt|alpha-4o'];
    row.forEach((v, i) => expect(allTime[i]).toBeCloseTo(v, 12));
    expect((await ledger.popupState()).totals.allTime.energyKwh).toBeCloseTo(changed.energyKwh, 12);
  });
});
