/** Builds the popup's numbers from daily totals only: a year of turns is never re-added. */
import type { PopupState, SiteHealth, Totals } from '../messaging/protocol';
import type { SiteId } from '../sites/site-ids';
import { daysEndingAt } from '../storage/days';
import type { LedgerIndex, MonthTotals } from '../storage/ledger-items';
import type { Settings } from '../storage/settings';
import { addRow, emptyTotals, splitGroupKey } from './totals';

export interface StateInputs {
  settings: Settings;
  index: LedgerIndex;
  months: MonthTotals[];
  today: string;
  health: SiteHealth[];
  remote: PopupState['remote'];
}

export function buildPopupState(x: StateInputs): PopupState {
  const last30Days = daysEndingAt(x.today, 30);
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
  for (const month of x.months) {
    for (const [day, rows] of Object.entries(month.days)) {
      const inWindow = last30.has(day);
      for (const [key, row] of Object.entries(rows)) {
        const { site, modelKey } = splitGroupKey(key);
        addRow(totals.allTime, row);
        addRow(group(bySite, site), row);
        addRow(group(byModel, modelKey), row);
        if (!inWindow) continue;
        addRow(totals.last30, row);
        addRow(perDay.get(day)!, row);
        if (last7.has(day)) addRow(totals.last7, row);
        if (day === x.today) addRow(totals.today, row);
      }
    }
  }
  const byEnergy = <T extends { totals: Totals }>(a: T, b: T) => b.totals.energyKwh - a.totals.energyKwh;
  return {
    settings: { region: x.settings.region, countHistory: x.settings.countHistory, modelOverrides: { ...x.settings.modelOverrides } as Record<string, string> },
    totals,
    daily: last30Days.map((day) => {
      const t = perDay.get(day)!;
      return { day, energyKwh: t.energyKwh, carbonG: t.carbonG, waterL: t.waterL, turns: t.turns };
    }),
    bySite: [...bySite].map(([site, t]) => ({ site: site as SiteId, totals: t })).sort(byEnergy),
    byModel: [...byModel].map(([modelKey, t]) => ({ modelKey, totals: t })).sort(byEnergy),
    lastTurn: x.index.lastTurn,
    health: x.health,
    remote: x.remote,
  };
}
