/**
 * The popup's numbers, built from daily totals only: a year of turns is never
 * re-added. `readPopupState` only reads storage, so the popup calls it itself
 * (no wait for a sleeping worker to start) and the worker answers popup/state
 * with the same function.
 */
import { browser } from 'wxt/browser';
import type { LedgerIndex, MonthTotals, Totals, TotalsRow } from '../domain/ledger';
import type { PopupState, RemoteStatus } from '../domain/popup';
import { DEFAULT_BUDGET } from '../domain/budget';
import { DEFAULT_COUNT_EXTRAS, type Settings } from '../domain/settings';
import type { SiteHealth } from '../domain/turns';
import type { KeyStore } from '../remote/key-store';
import { toRemoteStatus } from '../remote/state';
import type { SiteId } from '../domain/site-ids';
import { localDay } from '../storage/days';
import { FALLBACKS } from '../storage/fallbacks';
import { ITEM_KEYS, bareKey, monthTotalsKey, type StorageKey } from '../storage/layout';
import { storedSiteHealthMap } from '../storage/site-health-migrations';
import { popupStateKeys, popupWindow, windowMonths } from './popup-keys';
import { addRow, emptyTotals, splitGroupKey, sumMonths } from './totals';

/**
 * Every site's latest health as a list, from the stored value of the `siteHealth` item: read raw
 * here, so a value the worker has not migrated yet (an English sentence for a reason) reads too.
 */
function siteHealthList(stored: unknown): SiteHealth[] {
  return Object.values(storedSiteHealthMap(stored));
}

export interface StateReaders {
  now: () => number;
  keyStore: KeyStore;
}

/** Whether a key is stored. The key store is IndexedDB, slow to open: in local mode (nothing configured) there is none to look for. */
function hasKey(settings: Settings, keyStore: KeyStore): Promise<boolean> {
  if (!settings.remote.enabled && settings.remote.baseUrl === '') return Promise.resolve(false);
  return keyStore.get().then(
    (k) => k !== null,
    () => false,
  );
}

/**
 * storage.local read directly, one call for all keys: not through WXT's items
 * (src/storage/items.ts), since defining them would read every item once more.
 */
type Stored = Record<string, unknown>;
const readKeys = (keys: readonly StorageKey[]): Promise<Stored> => browser.storage.local.get(keys.map(bareKey));
/** An item's stored value, or its fallback while absent (as WXT reads it). */
const valueOf = <T>(stored: Stored, key: StorageKey, fallback: T): T => (stored[bareKey(key)] as T | null | undefined) ?? fallback;
const monthsOf = (stored: Stored, months: readonly string[]): MonthTotals[] => months.map((m) => valueOf(stored, monthTotalsKey(m), FALLBACKS.monthTotals));

export async function readRemoteStatus(settings: Settings, keyStore: KeyStore, now: number): Promise<RemoteStatus> {
  const [stored, keyStored] = await Promise.all([readKeys([ITEM_KEYS.remoteState, ITEM_KEYS.retryQueue]), hasKey(settings, keyStore)]);
  const queue = valueOf(stored, ITEM_KEYS.retryQueue, FALLBACKS.retryQueue);
  return toRemoteStatus(settings, keyStored, valueOf(stored, ITEM_KEYS.remoteState, FALLBACKS.remoteState), queue.items.length, now);
}

/** A read of popupStateKeys(today) already under way (the popup starts it before its modules have loaded). */
export interface StartedRead {
  today: string;
  stored: Promise<Stored>;
}

/**
 * Everything the popup shows, in one storage read (popupStateKeys: settings,
 * the index, the all-time sums, the months of the last 30 days, site health and
 * remote mode's state), or from `started`. Before the all-time item exists,
 * every month is read and summed.
 */
export async function readPopupState(r: StateReaders, started?: StartedRead): Promise<PopupState> {
  const today = started?.today ?? localDay(r.now());
  const got = await (started?.stored ?? readKeys(popupStateKeys(today)));
  const settings = valueOf(got, ITEM_KEYS.settings, FALLBACKS.settings);
  const index = valueOf(got, ITEM_KEYS.ledgerIndex, FALLBACKS.ledgerIndex);
  const stored = valueOf(got, ITEM_KEYS.allTimeTotals, FALLBACKS.allTimeTotals);
  const health = valueOf(got, ITEM_KEYS.siteHealth, FALLBACKS.siteHealth);
  const remoteState = valueOf(got, ITEM_KEYS.remoteState, FALLBACKS.remoteState);
  const queue = valueOf(got, ITEM_KEYS.retryQueue, FALLBACKS.retryQueue);
  const months = stored ? monthsOf(got, windowMonths(today)) : monthsOf(await readKeys(index.months.map(monthTotalsKey)), index.months);
  const remote = toRemoteStatus(settings, await hasKey(settings, r.keyStore), remoteState, queue.items.length, r.now());
  return buildPopupState({
    settings,
    index,
    months,
    allTime: stored?.groups ?? sumMonths(months),
    today,
    health: siteHealthList(health),
    remote,
  });
}

export interface StateInputs {
  settings: Settings;
  index: LedgerIndex;
  /** Daily totals of (at least) the months holding the last 30 days. */
  months: MonthTotals[];
  /** All-time sums per "site|modelKey". */
  allTime: Record<string, TotalsRow>;
  today: string;
  health: SiteHealth[];
  remote: PopupState['remote'];
}

function buildPopupState(x: StateInputs): PopupState {
  const last30Days = popupWindow(x.today);
  const last7 = new Set(last30Days.slice(-7));
  const last30 = new Set(last30Days);
  const totals = { today: emptyTotals(), last7: emptyTotals(), last30: emptyTotals(), allTime: emptyTotals() };
  const perDay = new Map<string, Totals>(last30Days.map((d) => [d, emptyTotals()]));
  const bySite = new Map<string, Totals>();
  const byModel = new Map<string, Totals>();
  const group = (m: Map<string, Totals>, k: string) => {
    let t = m.get(k);
    if (!t) m.set(k, (t = emptyTotals()));
    return t;
  };
  for (const [key, row] of Object.entries(x.allTime)) {
    const { site, modelKey } = splitGroupKey(key);
    addRow(totals.allTime, row);
    addRow(group(bySite, site), row);
    addRow(group(byModel, modelKey), row);
  }
  for (const month of x.months) {
    for (const [day, rows] of Object.entries(month.days)) {
      if (!last30.has(day)) continue;
      for (const row of Object.values(rows)) {
        addRow(totals.last30, row);
        addRow(perDay.get(day)!, row);
        if (last7.has(day)) addRow(totals.last7, row);
        if (day === x.today) addRow(totals.today, row);
      }
    }
  }
  const byEnergy = <T extends { totals: Totals }>(a: T, b: T) => b.totals.energyKwh - a.totals.energyKwh;
  return {
    settings: {
      region: x.settings.region,
      countHistory: x.settings.countHistory,
      estimateReasoning: x.settings.estimateReasoning,
      modelOverrides: { ...x.settings.modelOverrides } as Record<string, string>,
      pageLabels: { ...(x.settings.pageLabels ?? {}) } as Record<string, boolean>,
      budget: { ...(x.settings.budget ?? DEFAULT_BUDGET) },
      countExtras: { ...DEFAULT_COUNT_EXTRAS, ...x.settings.countExtras },
      plans: { ...(x.settings.plans ?? {}) } as Record<string, string>,
    },
    totals,
    daily: last30Days.map((day) => {
      const t = perDay.get(day)!;
      return { day, energyKwh: t.energyKwh, carbonG: t.carbonG, waterL: t.waterL, turns: t.turns };
    }),
    bySite: [...bySite].map(([site, t]) => ({ site: site as SiteId, totals: t })).sort(byEnergy),
    byModel: [...byModel].map(([modelKey, t]) => ({ modelKey, totals: t })).sort(byEnergy),
    lastTurn: x.index.lastTurn,
    lastImages: x.index.lastImages ?? null,
    health: x.health,
    remote: x.remote,
  };
}
