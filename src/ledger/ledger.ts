/**
 * The ledger: records counted turns (idempotent by turnId, never lost),
 * keeps daily totals next to the raw turns, prunes the oldest raw turns when
 * they outgrow their budget, and answers the popup.
 *
 * Write order for one turn:
 *   1. journal: the counted turn is appended to the inbox (small write);
 *   2. compute: locally, or remotely (up to 5 s) with a local fallback;
 *   3. commit: raw turn + daily totals + index + inbox removal (+ retry item,
 *      + remote state) in ONE storage.set.
 * The sender is answered only after 3. A crash before 1: no answer, the sender
 * resends. Between 1 and 3: the next start replays the inbox. After 3: a resend
 * finds the turnId in its day and is skipped. So a turn is recorded exactly once.
 */
import { findModel, findRegion, resolveRegion, MODELS } from '../core';
import type { CountedTurn, ExportFileSchema, LedgerEntry, PopupState, RemoteStatus, SiteHealth } from '../messaging/protocol';
import type { RemoteConfigSchema, RemoteTestResultSchema, SettingsPatchSchema } from '../messaging/protocol';
import { postCalculation } from '../remote/client';
import { parseBaseUrl } from '../remote/config';
import { CodedError, userMessage } from '../remote/errors';
import { attemptRemote, type RemoteDeps } from '../remote/remote-mode';
import {
  backoffMs,
  dueRetries,
  enqueueRetry,
  nextRetryAt,
  removeRetry,
  rescheduleRetry,
  retryQueueItem,
  EMPTY_RETRY_QUEUE,
  type RetryItem,
  type RetryQueue,
} from '../remote/retry-queue';
import { INITIAL_REMOTE_STATE, remoteStateItem, toRemoteStatus, type RemoteState } from '../remote/state';
import { decodeEntries, encodeEntries } from '../storage/day-turns';
import { addDays, localDay, monthOf } from '../storage/days';
import { inboxItem, ledgerIndexItem, type LedgerIndex, type MonthTotals, type TotalsRow } from '../storage/ledger-items';
import { settingsItem, type Settings } from '../storage/settings';
import { storage } from 'wxt/utils/storage';
import { computeLocally, entryFromRemote, recomputeEntry, requestFor, turnOf } from './compute';
import { toCsv, toJson, type DayEntries } from './export';
import { buildPopupState } from './popup-state';
import { commit, dayWrite, indexWrite, monthWrite, readDay, readIndex, readMonth, removeDays, type StorageKey, type Write } from './store';
import { addEntryToRows, rowsFromEntries } from './totals';
import { createWriter } from './writer';
import type { z } from 'zod';

/** Raw turns kept within this many bytes (chrome.storage.local holds 10 MB); older days live on in the daily totals. */
export const RAW_TURNS_BUDGET_BYTES = 6_000_000;
/** Retries sent per alarm. */
const RETRIES_PER_RUN = 50;

export interface LedgerDeps {
  remote: RemoteDeps;
  now?: () => number;
  readSiteHealth?: () => Promise<SiteHealth[]>;
  /** After today's totals change and at start (the badge). */
  onTodayChanged?: (todayEnergyKwh: number) => Promise<void> | void;
  /** Schedules (or with null cancels) the retry alarm. */
  scheduleRetry?: (at: number | null) => Promise<void> | void;
  rawTurnsBudgetBytes?: number;
}

export type RecordOutcome = { recorded: true; entry: LedgerEntry } | { recorded: false; reason: 'duplicate' };

const REMOTE_QUEUE_KEY = retryQueueItem.key as StorageKey;
const REMOTE_STATE_KEY = remoteStateItem.key as StorageKey;
const INBOX_KEY = inboxItem.key as StorageKey;

/** The model `remote/test` asks about: the first current per-token model of the table. */
const TEST_MODEL = MODELS.find((m) => !m.legacy && m.unit === 'wh_per_1k_tokens')!.key;

export function createLedger(deps: LedgerDeps) {
  const writer = createWriter();
  const now = deps.now ?? Date.now;
  const budget = deps.rawTurnsBudgetBytes ?? RAW_TURNS_BUDGET_BYTES;

  /** The day holding `turnId`, if recorded. A resend carries the same time; neighbours cover a sender that re-stamps across midnight. */
  async function findRecordedDay(turnId: string, time: number): Promise<string | null> {
    const day = localDay(time);
    for (const d of [day, addDays(day, -1), addDays(day, 1)]) {
      const value = await readDay(d);
      if (value.rows.some((r) => r[0] === turnId)) return d;
    }
    return null;
  }

  async function todayEnergyKwh(): Promise<number> {
    const today = localDay(now());
    const rows = (await readMonth(monthOf(today))).days[today] ?? {};
    return Object.values(rows).reduce((s, r) => s + r[3], 0);
  }

  async function notifyToday(): Promise<void> {
    if (deps.onTodayChanged) await deps.onTodayChanged(await todayEnergyKwh());
  }

  async function journal(turn: CountedTurn): Promise<void> {
    await writer.run(async () => {
      const inbox = await inboxItem.getValue();
      if (inbox.turns.some((t) => t.turnId === turn.turnId)) return;
      await commit([{ key: INBOX_KEY, value: { turns: [...inbox.turns, turn] }, version: 1 }]);
    });
  }

  async function dropFromInbox(turnId: string): Promise<void> {
    await writer.run(async () => {
      const inbox = await inboxItem.getValue();
      await commit([{ key: INBOX_KEY, value: { turns: inbox.turns.filter((t) => t.turnId !== turnId) }, version: 1 }]);
    });
  }

  async function pruneIfNeeded(index: LedgerIndex): Promise<void> {
    const days = Object.keys(index.days).sort();
    let total = days.reduce((s, d) => s + index.days[d].bytes, 0);
    const prune: string[] = [];
    const today = localDay(now());
    for (const d of days) {
      if (total <= budget || d >= addDays(today, -1)) break;
      // Only days already in the daily totals (always true: they are committed together; checked anyway).
      const month = await readMonth(monthOf(d));
      if (!month.days[d]) break;
      prune.push(d);
      total -= index.days[d].bytes;
    }
    if (prune.length === 0) return;
    // Keys first: a crash here leaves index entries for missing days, which read as empty and are pruned again.
    await removeDays(prune);
    const next = await readIndex();
    for (const d of prune) delete next.days[d];
    await commit([indexWrite(next)]);
  }

  /** Step 3: commit one computed turn (inside the writer). */
  async function commitEntry(entry: LedgerEntry, retry: RetryItem | null, remoteState: RemoteState | null): Promise<RecordOutcome> {
    const inbox = await inboxItem.getValue();
    const writes: Write[] = [{ key: INBOX_KEY, value: { turns: inbox.turns.filter((t) => t.turnId !== entry.turnId) }, version: 1 }];
    if (remoteState) writes.push({ key: REMOTE_STATE_KEY, value: remoteState, version: 1 });
    if (await findRecordedDay(entry.turnId, entry.time)) {
      await commit(writes);
      return { recorded: false, reason: 'duplicate' };
    }
    const day = localDay(entry.time);
    const month = monthOf(day);
    const entries = decodeEntries(await readDay(day));
    const at = entries.findIndex((e) => e.time > entry.time);
    entries.splice(at === -1 ? entries.length : at, 0, entry);
    const encoded = encodeEntries(entries);
    const totals = await readMonth(month);
    const rows = (totals.days[day] ??= {});
    addEntryToRows(rows, entry);
    const index = await readIndex();
    index.days[day] = { turns: entries.length, bytes: JSON.stringify(encoded).length };
    if (!index.months.includes(month)) index.months = [...index.months, month].sort();
    if (!index.lastTurn || entry.time >= index.lastTurn.time) index.lastTurn = entry;
    writes.push(dayWrite(day, encoded), monthWrite(month, totals), indexWrite(index));
    if (retry) writes.push({ key: REMOTE_QUEUE_KEY, value: enqueueRetry(await retryQueueItem.getValue(), retry), version: 1 });
    await commit(writes);
    await pruneIfNeeded(index);
    return { recorded: true, entry };
  }

  /** Steps 2 and 3 for a journaled turn. */
  async function process(turn: CountedTurn): Promise<RecordOutcome> {
    const settings = await settingsItem.getValue();
    const req = requestFor(turn, settings);
    const local = computeLocally(turn, req);
    if (!local.ok) {
      await dropFromInbox(turn.turnId);
      throw new CodedError(local.error.code, local.error.message);
    }
    let entry = local.value;
    let retry: RetryItem | null = null;
    let state: RemoteState | null = null;
    if (settings.remote.enabled) {
      const t = now();
      const result = await attemptRemote(settings, await remoteStateItem.getValue(), req, deps.remote, t);
      state = result.state;
      const a = result.attempt;
      if (a.kind === 'remote') entry = entryFromRemote(turn, req, a.success.response);
      else if (a.kind === 'failed' && a.failure.transient) {
        entry = { ...local.value, computedBy: 'local-fallback' };
        // The failed first send is attempt 1.
        retry = { turnId: turn.turnId, day: localDay(turn.time), request: req, attempts: 1, nextAt: t + backoffMs(1) };
      }
    }
    const outcome = await writer.run(() => commitEntry(entry, retry, state));
    if (outcome.recorded && localDay(entry.time) === localDay(now())) await notifyToday();
    if (retry) await scheduleNextRetry();
    return outcome;
  }

  async function record(turn: CountedTurn): Promise<RecordOutcome> {
    const recordedDay = await findRecordedDay(turn.turnId, turn.time);
    if (recordedDay) return { recorded: false, reason: 'duplicate' };
    await journal(turn);
    return process(turn);
  }

  /** Replays turns journaled but not committed (the worker stopped mid-way). */
  async function drainInbox(): Promise<number> {
    const { turns } = await inboxItem.getValue();
    let n = 0;
    for (const t of turns) {
      try {
        if ((await process(t)).recorded) n++;
      } catch {
        // An invalid turn was dropped from the inbox by process(); nothing else to do.
      }
    }
    return n;
  }

  async function scheduleNextRetry(): Promise<void> {
    if (!deps.scheduleRetry) return;
    await deps.scheduleRetry(nextRetryAt(await retryQueueItem.getValue()));
  }

  let retrying: Promise<number> | null = null;

  /** Sends due retries (from the alarm). One run at a time; stops at the first pause (401, 429) or when remote mode is off. */
  function processRetries(): Promise<number> {
    retrying ??= sendDueRetries().finally(() => (retrying = null));
    return retrying;
  }

  async function sendDueRetries(): Promise<number> {
    const settings = await settingsItem.getValue();
    const due = dueRetries(await retryQueueItem.getValue(), now()).slice(0, RETRIES_PER_RUN);
    let sent = 0;
    for (const item of due) {
      const t = now();
      const { attempt, state } = await attemptRemote(settings, await remoteStateItem.getValue(), item.request, deps.remote, t);
      if (attempt.kind === 'skipped') {
        if (state) await writer.run(() => commit([{ key: REMOTE_STATE_KEY, value: state, version: 1 }]));
        // Nothing to send until the quota resets, or until the user changes the configuration (which reschedules).
        const current = await remoteStateItem.getValue();
        await deps.scheduleRetry?.(current.state === 'quota' ? current.pausedUntil : null);
        if (sent > 0) await notifyToday();
        return sent;
      }
      await writer.run(async () => {
        let q = await retryQueueItem.getValue();
        const writes: Write[] = [];
        if (state) writes.push({ key: REMOTE_STATE_KEY, value: state, version: 1 });
        if (attempt.kind === 'remote') {
          q = removeRetry(q, item.turnId);
          const entries = decodeEntries(await readDay(item.day));
          const i = entries.findIndex((e) => e.turnId === item.turnId);
          const e = entries[i];
          // Apply only to the turn as it was queued (a recompute may have changed it since).
          if (e && e.computedBy === 'local-fallback' && e.region === item.request.region && e.modelKey === item.request.model) {
            entries[i] = entryFromRemote(turnOf(e), item.request, attempt.success.response);
            const month = monthOf(item.day);
            const totals = await readMonth(month);
            totals.days[item.day] = rowsFromEntries(entries);
            const index = await readIndex();
            if (index.lastTurn?.turnId === item.turnId) index.lastTurn = entries[i];
            writes.push(dayWrite(item.day, encodeEntries(entries)), monthWrite(month, totals), indexWrite(index));
            sent++;
          }
        } else if (attempt.failure.transient) {
          q = rescheduleRetry(q, item.turnId, t);
        } else if (attempt.failure.code === 'REMOTE_REJECTED') {
          q = removeRetry(q, item.turnId);
        }
        writes.push({ key: REMOTE_QUEUE_KEY, value: q, version: 1 });
        await commit(writes);
      });
      if (attempt.kind === 'failed' && (attempt.failure.code === 'REMOTE_UNAUTHORIZED' || attempt.failure.code === 'REMOTE_QUOTA')) {
        await deps.scheduleRetry?.(attempt.failure.code === 'REMOTE_QUOTA' ? (state?.pausedUntil ?? null) : null);
        if (sent > 0) await notifyToday();
        return sent;
      }
    }
    if (sent > 0) await notifyToday();
    await scheduleNextRetry();
    return sent;
  }

  async function start(): Promise<void> {
    // Reading every fixed item runs its migrations before any handler runs.
    await Promise.all([settingsItem.getValue(), ledgerIndexItem.getValue(), inboxItem.getValue(), retryQueueItem.getValue(), remoteStateItem.getValue()]);
  }

  /** Work after start that handlers need not wait for. */
  async function afterStart(): Promise<void> {
    await drainInbox();
    await notifyToday();
    await scheduleNextRetry();
  }

  async function remoteStatus(settings: Settings): Promise<RemoteStatus> {
    const [state, queue, hasKey] = await Promise.all([
      remoteStateItem.getValue(),
      retryQueueItem.getValue(),
      deps.remote.keyStore.get().then((k) => k !== null, () => false),
    ]);
    return toRemoteStatus(settings, hasKey, state, queue.items.length, now());
  }

  async function popupState(): Promise<PopupState> {
    const [settings, index] = await Promise.all([settingsItem.getValue(), ledgerIndexItem.getValue()]);
    const months = index.months.length === 0 ? [] : ((await storage.getItems(index.months.map((m) => `local:totals:${m}` as const))).map((r) => r.value ?? { days: {} }) as MonthTotals[]);
    const [health, remote] = await Promise.all([deps.readSiteHealth ? deps.readSiteHealth().catch(() => []) : Promise.resolve([]), remoteStatus(settings)]);
    return buildPopupState({ settings, index, months, today: localDay(now()), health, remote });
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
    await writer.run(async () => {
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
    const n = await writer.run(async () => {
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
      writes.push(indexWrite(index), { key: REMOTE_QUEUE_KEY, value: EMPTY_RETRY_QUEUE, version: 1 });
      await commit(writes);
      return count;
    });
    await notifyToday();
    await scheduleNextRetry();
    return n;
  }

  async function readAllDays(): Promise<DayEntries[]> {
    const index = await readIndex();
    const days = Object.keys(index.days).sort();
    return Promise.all(days.map(async (day) => ({ day, entries: decodeEntries(await readDay(day)) })));
  }

  async function exportLedger(format: 'csv' | 'json'): Promise<z.infer<typeof ExportFileSchema>> {
    const days = await readAllDays();
    const stamp = localDay(now());
    if (format === 'csv') return { filename: `ai-chat-footprint-${stamp}.csv`, mimeType: 'text/csv', content: toCsv(days) };
    const index = await readIndex();
    const months = await Promise.all(index.months.map(readMonth));
    return { filename: `ai-chat-footprint-${stamp}.json`, mimeType: 'application/json', content: toJson(days, months, now()) };
  }

  /**
   * "Delete all data": every ledger item (raw turns, totals, index, inbox, retry queue) and the
   * per-conversation history counts of site tracking (`conversation:*`). Settings, site health and
   * the API key stay.
   */
  async function clear(): Promise<void> {
    await writer.run(async () => {
      const all = await storage.snapshot('local');
      const ledgerKeys = Object.keys(all).filter((k) => /^(turns:|totals:|conversation:|ledger(-inbox)?\$?$|remote-queue\$?$)/.test(k));
      await storage.removeItems(ledgerKeys.map((k) => `local:${k}` as const));
    });
    await notifyToday();
    await scheduleNextRetry();
  }

  async function configureRemote(cfg: z.infer<typeof RemoteConfigSchema>): Promise<RemoteStatus> {
    const baseUrl = cfg.baseUrl.trim();
    let normalized = '';
    if (baseUrl !== '' || cfg.enabled) {
      const parsed = parseBaseUrl(baseUrl);
      if (!parsed.ok) throw new CodedError(parsed.error.code, parsed.error.message);
      normalized = parsed.value.baseUrl;
    }
    if (cfg.apiKey !== undefined) {
      const key = cfg.apiKey.trim();
      if (key === '') await deps.remote.keyStore.clear();
      else await deps.remote.keyStore.set(key);
    }
    await writer.run(async () => {
      const s = structuredClone(await settingsItem.getValue());
      s.remote = { enabled: cfg.enabled, baseUrl: normalized };
      await settingsItem.setValue(s);
      // A new configuration lifts a pause (rejected key) and forgets the old service's plan.
      await commit([{ key: REMOTE_STATE_KEY, value: { ...INITIAL_REMOTE_STATE, at: now() }, version: 1 }]);
    });
    const settings = await settingsItem.getValue();
    if (settings.remote.enabled) {
      const parsed = parseBaseUrl(settings.remote.baseUrl);
      if (parsed.ok && !(await deps.remote.hasPermission(parsed.value.originPattern))) {
        const state: RemoteState = { ...INITIAL_REMOTE_STATE, state: 'degraded', code: 'REMOTE_PERMISSION_MISSING', detail: null, at: now() };
        await writer.run(() => commit([{ key: REMOTE_STATE_KEY, value: state, version: 1 }]));
      }
      await scheduleNextRetry();
    }
    return remoteStatus(settings);
  }

  async function testRemote(): Promise<z.infer<typeof RemoteTestResultSchema>> {
    const settings = await settingsItem.getValue();
    const fail = (code: string, limit: number | null = null, remaining: number | null = null) => ({ ok: false, code, message: userMessage(code), plan: null, remaining, limit });
    const parsed = parseBaseUrl(settings.remote.baseUrl);
    if (!parsed.ok) return fail(parsed.error.code);
    const apiKey = await deps.remote.keyStore.get().catch(() => null);
    if (!apiKey) return fail('REMOTE_NO_KEY');
    if (!(await deps.remote.hasPermission(parsed.value.originPattern))) return fail('REMOTE_PERMISSION_MISSING');
    // A real (tiny) calculation: it proves the key works and costs one unit of the plan's quota.
    const request = { model: TEST_MODEL, input_tokens: 1, output_tokens: 1, region: settings.region };
    const result = await postCalculation({ calculateUrl: parsed.value.calculateUrl, apiKey, request, timeoutMs: deps.remote.timeoutMs, fetch: deps.remote.fetch, now });
    const prev = await remoteStateItem.getValue();
    let state: RemoteState;
    let answer: z.infer<typeof RemoteTestResultSchema>;
    if (result.ok) {
      const { plan, limit, remaining } = result.value;
      state = { state: 'ok', code: null, detail: null, plan, limit, remaining, pausedUntil: null, at: now() };
      const quota = remaining !== null && limit !== null ? ` ${remaining} of ${limit} requests left this month.` : '';
      answer = { ok: true, code: null, message: `Connected. Plan: ${plan}.${quota}`, plan, remaining, limit };
    } else {
      const f = result.error;
      const st: RemoteState['state'] = f.code === 'REMOTE_UNAUTHORIZED' ? 'unauthorized' : f.code === 'REMOTE_QUOTA' ? 'quota' : 'degraded';
      state = { ...prev, state: st, code: f.code, detail: f.message, limit: f.limit ?? prev.limit, remaining: f.remaining ?? prev.remaining, pausedUntil: f.code === 'REMOTE_QUOTA' ? f.retryAt : null, at: now() };
      answer = { ok: false, code: f.code, message: userMessage(f.code, f.message), plan: null, remaining: f.remaining, limit: f.limit };
    }
    await writer.run(() => commit([{ key: REMOTE_STATE_KEY, value: state, version: 1 }]));
    if (result.ok) await scheduleNextRetry();
    return answer;
  }

  return {
    start,
    afterStart,
    record,
    journal,
    drainInbox,
    processRetries,
    popupState,
    updateSettings,
    recompute,
    exportLedger,
    clear,
    configureRemote,
    testRemote,
    todayEnergyKwh,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
export type { RetryQueue };
