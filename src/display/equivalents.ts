/**
 * Everyday equivalents as scales with their own unit, and which of them say
 * the most for a period. The factors stay in data/equivalents.json (via the
 * core's table); this module only decides how each one is shown.
 *
 * - Distance driven: cm below 1 m, m, km from 10 km (DISTANCE scale).
 * - LED and video time: s, min from 10 min, h from 10 h (DURATION scale).
 * - Phone charges: "% of a charge" below one charge, a count from one.
 * - Web searches, bottles, emails: a count, and only from 1 (less than one
 *   search is not a picture anyone has in mind).
 * - "Telling": the number in its unit lies between 1 and 999. The three most
 *   telling are shown; the rest go behind "More"; counts under 1 are left out.
 */
import { EQUIVALENTS, type EquivalentField, type EquivalentRow } from '../core/tables';
import { ESTIMATE_DIGITS, formatEstimateNumber, numberFormat, roundSignificant, SMALLEST_SHOWN } from './numbers';
import { CARBON, DISTANCE, DURATION, ENERGY, WATER, formatEstimate, formatFactor, type Quantity, type Scale } from './scales';

export interface FootprintAmounts {
  energyKwh: number;
  carbonG: number;
  waterL: number;
}

/**
 * How an equivalent reads: `count` needs a plural noun after the number
 * (message `eq_<field>_one|other`), `share` is "% of a phone charge"
 * (message `eq_<field>_share`), `scaled` is a duration or distance whose
 * phrase follows the quantity (message `eq_<field>`).
 */
export type EquivalentForm = 'count' | 'share' | 'scaled';

export interface EquivalentShown {
  field: EquivalentField;
  form: EquivalentForm;
  quantity: Quantity;
  /** The number the plural rule is chosen on (for `count`). */
  count: number;
  /** The number as it reads in its unit; 1-999 is "telling". */
  inUnit: number;
  /** The factor from data/equivalents.json in a human unit, e.g. 0.3 Wh (per web search). */
  factor: Quantity;
  /** Source id in data/sources.json. */
  source: string;
}

/** Preferred order when several are equally telling: pictures first, counts last. */
const PREFERENCE: readonly EquivalentField[] = [
  'km_driven',
  'smartphones_charged',
  'led_hours',
  'netflix_hours_sd',
  'google_searches',
  'water_bottles_500ml',
  'emails_equivalent',
];

const TIME_FIELDS = new Set<EquivalentField>(['led_hours', 'netflix_hours_sd']);

const BASIS_SCALE: Record<EquivalentRow['basis'], { scale: Scale; toHome: number }> = {
  energy_kwh: { scale: ENERGY, toHome: 1000 },
  carbon_gco2e: { scale: CARBON, toHome: 1 },
  water_liters: { scale: WATER, toHome: 1000 },
};

function basisAmount(row: EquivalentRow, f: FootprintAmounts): number {
  return row.basis === 'energy_kwh' ? f.energyKwh : row.basis === 'carbon_gco2e' ? f.carbonG : f.waterL;
}

function numberIn(q: number): number {
  return Math.abs(roundSignificant(q, ESTIMATE_DIGITS));
}

function countQuantity(n: number, locale: string): Quantity {
  return { value: formatEstimateNumber(n, locale), unit: '', approx: true, amount: roundSignificant(n, ESTIMATE_DIGITS) };
}

/** One equivalent for the amounts, or null when it says nothing (a count under 1, or zero). */
function showEquivalent(row: EquivalentRow, amounts: FootprintAmounts, locale: string): EquivalentShown | null {
  const units = basisAmount(row, amounts) / row.per_unit; // in the table's own unit: charges, km, hours, searches...
  if (!(units > 0) || !Number.isFinite(units)) return null;
  const b = BASIS_SCALE[row.basis];
  const base = { field: row.field, factor: formatFactor(b.scale, row.per_unit * b.toHome, locale), source: row.source };
  if (row.field === 'km_driven' || TIME_FIELDS.has(row.field)) {
    const s = row.field === 'km_driven' ? DISTANCE : DURATION;
    const home = units * (row.field === 'km_driven' ? 1000 : 3600);
    const quantity = formatEstimate(s, home, locale);
    const u = s.units.find((x) => x.symbol === quantity.unit)!;
    return { ...base, form: 'scaled', quantity, count: home / u.size, inUnit: numberIn(home / u.size) };
  }
  if (row.field === 'smartphones_charged' && roundSignificant(units, ESTIMATE_DIGITS) < 1) {
    const pct = units * 100;
    const quantity: Quantity =
      pct < SMALLEST_SHOWN
        ? {
            value: `<${numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(SMALLEST_SHOWN / 100)}`,
            unit: '',
            approx: false,
            amount: SMALLEST_SHOWN,
            below: true,
          }
        : {
            value: numberFormat(locale, { style: 'percent', maximumSignificantDigits: ESTIMATE_DIGITS }).format(units),
            unit: '',
            approx: true,
            amount: roundSignificant(pct, ESTIMATE_DIGITS),
          };
    return { ...base, form: 'share', quantity, count: pct, inUnit: numberIn(pct) };
  }
  if (roundSignificant(units, ESTIMATE_DIGITS) < 1) return null;
  return { ...base, form: 'count', quantity: countQuantity(units, locale), count: roundSignificant(units, ESTIMATE_DIGITS), inUnit: numberIn(units) };
}

/** How far a number is from the telling range 1-999, in decades (0 inside it). */
function distanceFromTelling(n: number): number {
  if (n >= 1 && n < 1000) return 0;
  return n < 1 ? -Math.log10(Math.max(n, 1e-12)) : Math.log10(n / 999);
}

export interface EquivalentsView {
  /** At most three, the most telling first. */
  top: EquivalentShown[];
  /** The rest, behind "More". */
  more: EquivalentShown[];
}

const TOP_EQUIVALENTS = 3;

/** Every equivalent that says something for the amounts, the three most telling first. */
export function equivalentsFor(amounts: FootprintAmounts, locale: string, rows: readonly EquivalentRow[] = EQUIVALENTS): EquivalentsView {
  const shown = rows.map((r) => showEquivalent(r, amounts, locale)).filter((e): e is EquivalentShown => e !== null);
  shown.sort((a, b) => distanceFromTelling(a.inUnit) - distanceFromTelling(b.inUnit) || rank(a.field) - rank(b.field));
  return { top: shown.slice(0, TOP_EQUIVALENTS), more: shown.slice(TOP_EQUIVALENTS) };
}

const rank = (f: EquivalentField) => {
  const i = PREFERENCE.indexOf(f);
  return i < 0 ? PREFERENCE.length : i;
};
