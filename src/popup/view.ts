/**
 * What the popup shows, computed from PopupState without the DOM: texts,
 * option lists, chart geometry and input checks. Pure, so it is tested alone.
 */
// Straight from the modules, not the core's index: the popup has no use for the request/response schemas.
import { REGIONS, findRegion, type RegionRow, type StressLevel } from '../core/tables';
import { planLabel, sitePlans } from '../core/context-windows';
import { ENERGY, energyQuantity, formatCount, formatDay, formatFactorNumber, quantityText, sharedUnit, type Quantity } from '../display';
import { spokenQuantity } from '../i18n/quantity';
import { attachmentSkipText, healthReasonText } from '../i18n/health-reason';
import { t, tn } from '../i18n/t';
import type { LedgerEntry, PopupState, RemoteStatus, SiteHealth, Totals } from '../domain';
import type { HiddenWorkKindShown } from '../domain/turns';
import type { Range } from '../core/range';
import type { FootprintRanges } from '../features/part';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../sites';
import { CUSTOM_KEY, modelRowsFor, siteCustomRate } from '../sites/site-models';
import { parseModelGroup } from '../ledger/totals';
import { parseBaseUrl, type RemoteUrlProblem } from '../remote/config';

export const PERIOD_KEYS = ['today', 'last7', 'last30', 'allTime'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export function periodLabel(key: PeriodKey): string {
  return t(`period_${key}`);
}

/**
 * The ranges of a period's headline figures: its totals (the daily totals, which keep the days whose
 * turns were pruned) with the spread of its stored answers' ranges around them, so a pruned answer
 * adds its figure alone (the period's note says how many answers are stored). Undefined when no
 * stored answer holds an estimate with a range: the headline then shows single figures.
 */
export function totalsRanges(totals: Pick<Totals, 'energyKwh' | 'carbonG' | 'waterL'>, stored: FootprintRanges | undefined): FootprintRanges | undefined {
  if (!stored) return undefined;
  const around = (central: number, r: Range): Range => ({ low: Math.max(0, central - (r.central - r.low)), central, high: central + (r.high - r.central) });
  return {
    energyKwh: around(totals.energyKwh, stored.energyKwh),
    carbonG: around(totals.carbonG, stored.carbonG),
    waterL: around(totals.waterL, stored.waterL),
  };
}

// ---- Models per site --------------------------------------------------------

export interface ModelOption {
  key: string;
  label: string;
}

/**
 * A model as the popup names it: its key, and for `custom` the rate it was counted with
 * ("custom (2 Wh/1k tokens)"). Takes a breakdown group (`custom@2`) or a key and a rate.
 */
export function modelText(group: string, locale = 'en', customWhPer1k?: number): string {
  const { modelKey, customWhPer1k: groupRate } = parseModelGroup(group);
  const rate = customWhPer1k ?? groupRate;
  return rate === undefined ? modelKey : t('model_option', [modelKey, formatFactorNumber(rate, locale)]);
}

/** The model keys a user can pick for a site: its token-priced keys (src/sites/site-models.ts), legacy ones last and marked. */
export function modelOptionsFor(site: SiteId, locale = 'en'): ModelOption[] {
  const rows = modelRowsFor(site);
  const current = rows.filter((m) => !m.legacy);
  const legacy = rows.filter((m) => m.legacy);
  const custom = siteCustomRate(site);
  return [
    ...current.map((m) => ({ key: m.key, label: t('model_option', [m.key, formatFactorNumber(m.rate!, locale)]) })),
    ...(custom === null ? [] : [{ key: CUSTOM_KEY, label: modelText(CUSTOM_KEY, locale, custom) }]),
    ...legacy.map((m) => ({ key: m.key, label: t('model_optionLegacy', [m.key, formatFactorNumber(m.rate!, locale)]) })),
  ];
}

// ---- Regions and water stress ---------------------------------------------------

/** A region's name in the UI language (`region_name_<key>`); the table's label for a key without one. */
export function regionName(key: string): string {
  const messageKey = `region_name_${key.replace(/-/g, '_')}`;
  const name = (t as (k: string) => string)(messageKey);
  return name === messageKey ? (findRegion(key)?.label ?? key) : name;
}

/** Compact, to fit a 360 px select: label, carbon intensity, WUE, stress class. Region names are the table's, untranslated. */
function regionOptionLabel(r: RegionRow, locale = 'en'): string {
  return `${regionName(r.key)}: ${formatFactorNumber(r.carbon_gco2_per_kwh, locale)} g/kWh · ${formatFactorNumber(r.wue_liters_per_kwh, locale)} L/kWh · ${t(`stress_level_${r.stress_level}`)}`;
}

/** The chosen region in full words, under the picker. */
export function regionDetail(r: RegionRow, locale = 'en'): string {
  return t('region_detail', [
    regionName(r.key),
    `${formatFactorNumber(r.carbon_gco2_per_kwh, locale)}\u00a0g\u00a0CO₂e/kWh`,
    `${formatFactorNumber(r.wue_liters_per_kwh, locale)}\u00a0L/kWh`,
    t(`stress_level_${r.stress_level}`),
  ]);
}

export const regionOptions = (locale = 'en') => REGIONS.map((r) => ({ key: r.key, label: regionOptionLabel(r, locale) }));

export interface StressView {
  level: StressLevel;
  /** Badge text, e.g. "High water stress". */
  badge: string;
  /** One sentence: the region, its class and what the class means. */
  note: string;
}

export function stressViewFor(regionKey: string): StressView | null {
  const region = findRegion(regionKey);
  if (!region) return null;
  return {
    level: region.stress_level,
    badge: t(`stress_badge_${region.stress_level}`),
    note: t('stress_note', [regionName(region.key), t(`stress_level_${region.stress_level}`), stressMeaning(region.stress_level)]),
  };
}

/** The class's meaning (data/regions.json in English; a test keeps the English message equal to it). */
function stressMeaning(level: StressLevel): string {
  return t(`stress_meaning_${level}`);
}

// ---- The last answer ----------------------------------------------------------------

export function computedByText(entry: Pick<LedgerEntry, 'computedBy' | 'plan'>): string {
  switch (entry.computedBy) {
    case 'local':
      return t('computed_local');
    case 'remote':
      return t('computed_remote', entry.plan ?? t('remote_planUnknown'));
    case 'local-fallback':
      return t('computed_fallback');
  }
}

// ---- Site health ---------------------------------------------------------------------

const UNCOUNTED_MESSAGES = {
  unreadable: 'health_uncounted_unreadable',
  'no-rule': 'health_uncounted_noRule',
  'out-of-range': 'health_uncounted_outOfRange',
} as const;

/** Voice not counted as audio is still counted as its transcript, and the note says so. */
const UNCOUNTED_VOICE_MESSAGES = {
  ...UNCOUNTED_MESSAGES,
  unreadable: 'health_uncounted_unreadableVoice',
  'no-rule': 'health_uncounted_noRuleVoice',
} as const;

/** Work out of sight an answer showed but that was not counted: said, since the answer was counted without it. */
function uncountedWorkText(h: SiteHealth): string {
  const work = Object.entries(h.uncountedWork ?? {}).flatMap(([kind, note]) => {
    if (!note) return [];
    const key = (kind === 'voice' ? UNCOUNTED_VOICE_MESSAGES : UNCOUNTED_MESSAGES)[note.code];
    return [t(key, t(`hidden_kind_${kind as HiddenWorkKindShown}`))];
  });
  return work.length === 0 ? '' : ` ${t('health_uncounted', work.join('; '))}`;
}

/** Where the page shows a plan other than the one assumed for the site (the user's, else the site's default): that sentence. */
function planContradiction(h: SiteHealth, plans: Partial<Record<SiteId, string>>): string {
  const published = h.planShown ? sitePlans(h.site) : null;
  if (!published || !h.planShown || !published.plans.includes(h.planShown)) return '';
  const assumed = plans[h.site] ?? published.defaultPlan;
  return assumed === h.planShown ? '' : ` ${t('health_planContradiction', [planLabel(h.planShown), planLabel(assumed)])}`;
}

function healthText(h: SiteHealth, locale = 'en', plans: Partial<Record<SiteId, string>> = {}): string {
  const site = SITE_LABELS[h.site];
  // A reasoning time the page showed but we could not read: said, since nothing was estimated for it.
  const reasoning = h.unreadableReasoningLabel ? ` ${t('health_reasoningUnreadable', h.unreadableReasoningLabel)}` : '';
  // Messages the worker refused (over a limit, from another site's tab): said, since they were not counted.
  const refused = h.refused ? ` ${t('health_refused', String(h.refused.count))}` : '';
  // Attached files that could not be counted: said, since their answers were counted without them.
  const skipped = h.skippedAttachments
    ? ` ${t('health_attachmentsSkipped', [formatCount(h.skippedAttachments.count, locale), attachmentSkipText(h.skippedAttachments.code)])}`
    : '';
  // An answer counted on a history the page did not show whole: said, since its history is a lower bound.
  const incomplete = h.historyIncomplete ? ` ${t('health_historyIncomplete')}` : '';
  // A model label no rule knows: said, since its turns were counted with the site's default model.
  const model = h.unknownModelLabel ? ` ${t('health_modelLabelUnknown', h.unknownModelLabel.label)}` : '';
  const detail = reasoning + model + planContradiction(h, plans) + refused + skipped + uncountedWorkText(h) + incomplete;
  if (h.status === 'ok') return t('health_ok', site) + detail;
  return t('health_notRecognized', [site, h.reason ? healthReasonText(h.reason, locale) : t('health_noReason')]) + detail;
}

/** One line per known site: its latest report, or "no visit yet". `plans`: the plan setting, against which the plan a page shows is read. */
export function healthRows(
  health: readonly SiteHealth[],
  locale = 'en',
  plans: Partial<Record<SiteId, string>> = {},
): { site: SiteId; status: SiteHealth['status'] | 'unknown'; text: string }[] {
  const latest = new Map<SiteId, SiteHealth>();
  for (const h of health) {
    const seen = latest.get(h.site);
    if (!seen || h.at >= seen.at) latest.set(h.site, h);
  }
  return SITE_IDS.map((site) => {
    const h = latest.get(site);
    return h
      ? { site, status: h.status, text: healthText(h, locale, plans) }
      : { site, status: 'unknown' as const, text: t('health_unknown', SITE_LABELS[site]) };
  });
}

// ---- Remote mode ------------------------------------------------------------------------

export type RemoteUrlCheck = { ok: true; baseUrl: string; origin: string; permissionPattern: string } | { ok: false; message: string };

/** The worker's rule (src/remote/config.ts), with its problem said in the user's language. */
export function checkRemoteUrl(input: string): RemoteUrlCheck {
  const parsed = parseBaseUrl(input);
  if (parsed.ok) return { ok: true, baseUrl: parsed.value.baseUrl, origin: parsed.value.origin, permissionPattern: parsed.value.originPattern };
  return { ok: false, message: remoteUrlMessage(parsed.error.problem, input.trim()) };
}

function remoteUrlMessage(problem: RemoteUrlProblem, text: string): string {
  switch (problem) {
    case 'empty':
      return t('url_empty');
    case 'not-url':
      return t('url_invalid', text);
    case 'credentials':
      return t('url_credentials');
    case 'query':
      return t('url_query');
    case 'insecure':
      return t('url_insecure');
    case 'scheme':
      return t('url_protocol', new URL(text).protocol); // 'scheme' means the text parsed as a URL
  }
}

export interface RemoteStatusView {
  tone: 'neutral' | 'ok' | 'warning' | 'error';
  text: string;
}

export function remoteStatusView(r: RemoteStatus, locale = 'en'): RemoteStatusView {
  const plan = r.plan ?? t('remote_planUnknown');
  switch (r.state) {
    case 'off':
      return { tone: 'neutral', text: t('remote_stateOff') };
    case 'ok':
      return {
        tone: 'ok',
        text:
          r.remaining === null
            ? t('remote_stateOk', [originOf(r.baseUrl), plan])
            : t('remote_stateOkLeft', [originOf(r.baseUrl), plan, formatCount(r.remaining, locale)]),
      };
    case 'unauthorized':
      return { tone: 'error', text: t('remote_stateUnauthorized') };
    case 'quota':
      return { tone: 'warning', text: t('remote_stateQuota', plan) };
    case 'degraded':
      return { tone: 'warning', text: tn('remote_stateDegraded', r.queued, locale, formatCount(r.queued, locale)) };
  }
}

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl || t('remote_theService');
  }
}

// ---- Daily chart -----------------------------------------------------------------------

export interface ChartBar {
  day: string;
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
}

export interface ChartModel {
  bars: ChartBar[];
  /** The chart in one sentence for screen readers. */
  summary: string;
  maxLabel: string;
}

export const CHART_WIDTH = 360;
export const CHART_HEIGHT = 96;

export function dailyChart(daily: PopupState['daily'], locale = 'en'): ChartModel {
  const n = Math.max(daily.length, 1);
  const slot = CHART_WIDTH / n;
  const width = Math.max(slot - 2, 1);
  const max = daily.reduce((m, d) => Math.max(m, d.energyKwh), 0);
  // Bars are compared with each other: one unit for all of them.
  const unit = sharedUnit(
    ENERGY,
    daily.map((d) => d.energyKwh * 1000),
  );
  const energy = (kwh: number) => quantityText(energyQuantity(kwh, locale, unit));
  // The summary is only read (the chart's name): its amounts in words.
  const spokenEnergy = (kwh: number, shared?: typeof unit) => spokenQuantity(energyQuantity(kwh, locale, shared), locale);
  const bars = daily.map((d, i) => {
    // Days with use keep at least 1.5 px so a small day is never drawn as none.
    const h = max > 0 ? Math.max((d.energyKwh / max) * CHART_HEIGHT, d.energyKwh > 0 ? 1.5 : 0) : 0;
    return {
      day: d.day,
      x: i * slot + (slot - width) / 2,
      y: CHART_HEIGHT - h,
      width,
      height: h,
      title: tn('chart_bar', d.turns, locale, [formatDay(d.day, locale), energy(d.energyKwh), formatCount(d.turns, locale)]),
    };
  });
  const total = daily.reduce((s, d) => s + d.energyKwh, 0);
  const active = daily.filter((d) => d.turns > 0).length;
  const peak = daily.reduce<PopupState['daily'][number] | null>((p, d) => (d.energyKwh > 0 && (!p || d.energyKwh > p.energyKwh) ? d : p), null);
  const summary =
    daily.length === 0
      ? t('chart_summaryEmpty')
      : tn('chart_summary', active, locale, [formatCount(daily.length, locale), spokenEnergy(total), formatCount(active, locale)]) +
        (peak ? ` ${t('chart_peak', [spokenEnergy(peak.energyKwh, unit), formatDay(peak.day, locale)])}` : '');
  return { bars, summary, maxLabel: energy(max) };
}

// ---- Breakdown ----------------------------------------------------------------------------

export interface BreakdownRow {
  key: string;
  label: string;
  energy: Quantity;
  share: number;
  turns: number;
}

/** Rows largest first; their energies share one unit, since they are read against each other. */
export function breakdownRows(rows: readonly { key: string; label: string; totals: Totals }[], locale = 'en'): BreakdownRow[] {
  const total = rows.reduce((s, r) => s + r.totals.energyKwh, 0);
  const unit = sharedUnit(
    ENERGY,
    rows.map((r) => r.totals.energyKwh * 1000),
  );
  return [...rows]
    .sort((a, b) => b.totals.energyKwh - a.totals.energyKwh || a.label.localeCompare(b.label))
    .map((r) => ({
      key: r.key,
      label: r.label,
      energy: energyQuantity(r.totals.energyKwh, locale, unit),
      share: total > 0 ? r.totals.energyKwh / total : 0,
      turns: r.totals.turns,
    }));
}
