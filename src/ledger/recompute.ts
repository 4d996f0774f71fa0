/** ledger/recompute: every stored turn computed again locally with the current region. */
import { resolveRegion, type RegionRow } from '../core';
import { footprintOfEnergy } from '../core/calculate';
import { CodedError } from '../domain/errors';
import { EMPTY_RETRY_QUEUE } from '../domain/remote';
import { decodeEntries } from '../storage/day-turns';
import { STORAGE_ITEMS } from '../storage/items';
import { recomputeEntry } from './compute';
import type { LedgerContext } from './context';
import { beginLedgerChanges } from './rewrite-day';
import { commit, readDay } from './store';
import { rowTotals, toRow } from './totals';
import type { TotalsRow } from '../domain/ledger';

/** A totals row's energy in another region: carbon and water from the core, counts and energy unchanged. */
function rescaleRow(r: TotalsRow, region: RegionRow): TotalsRow {
  const t = rowTotals(r);
  const f = footprintOfEnergy(t.energyKwh, region);
  return toRow({ ...t, carbonG: f.carbon_gco2e, waterL: f.water_liters });
}

/** Days whose raw turns were pruned are rescaled from their energy. Returns how many raw turns were recomputed. */
export async function recompute(ctx: LedgerContext): Promise<number> {
  const n = await ctx.storage.writes.run(async () => {
    const { region } = await ctx.storage.settings.read();
    const row = resolveRegion(region)?.row;
    if (!row) throw new CodedError('INVALID_REGION', `Unknown region ${region}.`);
    const changes = await beginLedgerChanges(ctx.storage);
    const { index } = changes;
    let count = 0;
    for (const day of Object.keys(index.days)) {
      const entries = decodeEntries(await readDay(ctx.storage, day)).map((e) => {
        const r = recomputeEntry(e, region);
        return r.ok ? r.value : e;
      });
      count += entries.length;
      await changes.rewriteDay(day, entries);
    }
    for (const month of index.months) {
      const totals = await changes.month(month);
      for (const [day, rows] of Object.entries(totals.days)) {
        if (index.days[day]) continue;
        await changes.setPrunedDayTotals(day, Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, rescaleRow(r, row)])));
      }
    }
    changes.resumAllTime();
    // Every turn is now computed locally: no retry is left to send.
    await commit([...changes.writes(), STORAGE_ITEMS.retryQueue.write(EMPTY_RETRY_QUEUE)]);
    return count;
  });
  await ctx.notifyToday();
  await ctx.scheduleNextRetry();
  return n;
}
