/** The popup's reads (state, export) and the user's changes (settings, recompute, delete all data). */
import { storage } from 'wxt/utils/storage';
import { findModel, findRegion, resolveRegion } from '../core';
import type { ExportFileSchema, PopupState, SettingsPatchSchema } from '../messaging/protocol';
import { CodedError } from '../remote/errors';
import { EMPTY_RETRY_QUEUE } from '../remote/retry-queue';
import { decodeEntries, encodeEntries } from '../storage/day-turns';
import { localDay, monthOf } from '../storage/days';
import type { MonthTotals, TotalsRow } from '../storage/ledger-items';
import { settingsItem } from '../storage/settings';
import { recomputeEntry } from './compute';
import { retryQueueWrite, type LedgerContext } from './context';
import { toCsv, toJson, type DayEntries } from './export';
import { readPopupState } from './popup-state';
import { allTimeWrite, commit, dayWrite, indexWrite, monthWrite, readDay, readIndex, readMonth, type Write } from './store';
import { rowsFromEntries, sumMonths } from './totals';
import type { z } from 'zod';

export function createMaintenance(ctx: LedgerContext) {
  function popupState(): Promise<PopupState> {
    return readPopupState({ now: ctx.now, keyStore: ctx.deps.remote.keyStore });
  }

  async function updateSettings(patch: z.infer<typeof SettingsPatchSchema>): Promise<void> {
    if (patch.region !== undefined && !findRegion(patch.region)) {
      throw new CodedError('INVALID_REGION', `Unknown region ${patch.region}.`);
    }
    const override = patch.modelOverride;
    if (override && override.modelKey !== null) {
      const m = findModel(override.modelKey);
      if (!m || m.unit !== 'wh_per_1k_tokens') throw new CodedError('INVALID_MODEL', `${override.modelKey} is not a per-token model key.`);
    }
    await ctx.writer.run(async () => {
      const s = structuredClone(await settingsItem.getValue());
      if (patch.region !== undefined) s.region = patch.region;
      if (patch.countHistory !== undefined) s.countHistory = patch.countHistory;
      if (override) {
        if (override.modelKey === null) delete s.modelOverrides[override.site];
        else s.modelOverrides[override.site] = override.modelKey;
      }
      await settingsItem.setValue(s);
    });
  }

  /** Recomputes every stored turn locally with the current region; days whose raw turns were pruned are rescaled from their energy. */
  async function recompute(): Promise<number> {
    const n = await ctx.writer.run(async () => {
      const { region } = await settingsItem.getValue();
      const row = resolveRegion(region)?.row;
      if (!row) throw new CodedError('INVALID_REGION', `Unknown region ${region}.`);
      const index = await readIndex();
      const writes: Write[] = [];
      const monthCache = new Map<string, MonthTotals>();
      const monthOfDay = async (day: string) => {
        const m = monthOf(day);
        if (!monthCache.has(m)) monthCache.set(m, await readMonth(m));
        return monthCache.get(m)!;
      };
      let count = 0;
      for (const day of Object.keys(index.days)) {
        const entries = decodeEntries(await readDay(day)).map((e) => {
          const r = recomputeEntry(e, region);
          return r.ok ? r.value : e;
        });
        count += entries.length;
        const encoded = encodeEntries(entries);
        index.days[day] = { turns: entries.length, bytes: JSON.stringify(encoded).length };
        writes.push(dayWrite(day, encoded));
        (await monthOfDay(day)).days[day] = rowsFromEntries(entries);
        if (index.lastTurn) {
          const last = entries.find((e) => e.turnId === index.lastTurn!.turnId);
          if (last) index.lastTurn = last;
        }
      }
      for (const month of index.months) {
        const totals = await monthOfDay(`${month}-01`);
        for (const [day, rows] of Object.entries(totals.days)) {
          if (index.days[day]) continue;
          for (const [k, r] of Object.entries(rows)) rows[k] = [r[0], r[1], r[2], r[3], r[3] * row.carbon_gco2_per_kwh, r[3] * row.wue_liters_per_kwh] as TotalsRow;
        }
      }
      for (const [m, totals] of monthCache) writes.push(monthWrite(m, totals));
      writes.push(indexWrite(index), allTimeWrite({ groups: sumMonths(monthCache.values()) }), retryQueueWrite(EMPTY_RETRY_QUEUE));
      await commit(writes);
      return count;
    });
    await ctx.notifyToday();
    await ctx.scheduleNextRetry();
    return n;
  }

  async function readAllDays(): Promise<DayEntries[]> {
    const index = await readIndex();
    const days = Object.keys(index.days).sort();
    return Promise.all(days.map(async (day) => ({ day, entries: decodeEntries(await readDay(day)) })));
  }

  async function exportLedger(format: 'csv' | 'json'): Promise<z.infer<typeof ExportFileSchema>> {
    const days = await readAllDays();
    const stamp = localDay(ctx.now());
    if (format === 'csv') return { filename: `ai-chat-footprint-${stamp}.csv`, mimeType: 'text/csv', content: toCsv(days) };
    const index = await readIndex();
    const months = await Promise.all(index.months.map(readMonth));
    return { filename: `ai-chat-footprint-${stamp}.json`, mimeType: 'application/json', content: toJson(days, months, ctx.now()) };
  }

  /**
   * "Delete all data": every ledger item (raw turns, totals, index, inbox, retry queue) and the
   * per-conversation history counts of site tracking (`conversation:*`). Settings, site health and
   * the API key stay.
   */
  async function clear(): Promise<void> {
    await ctx.writer.run(async () => {
      const all = await storage.snapshot('local');
      const ledgerKeys = Object.keys(all).filter((k) => /^(turns:|totals:|conversation:|ledger(-inbox)?\$?$|remote-queue\$?$)/.test(k));
      await storage.removeItems(ledgerKeys.map((k) => `local:${k}` as const));
    });
    await ctx.notifyToday();
    await ctx.scheduleNextRetry();
  }

  return { popupState, updateSettings, recompute, exportLedger, clear };
}
