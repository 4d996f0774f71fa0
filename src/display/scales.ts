/**
 * Unit scales and the one rule that picks a unit on them.
 *
 * The rule (same for every scale, no hysteresis: a value always gets the same unit):
 * 1. Round the value to two significant figures first, so the unit is picked on
 *    what is shown ("9,999 g" is shown as 10 kg, never as "10,000 g").
 * 2. Start at the scale's home unit (Wh, g CO₂e, mL, m, s).
 * 3. Step UP to a larger unit only from 10 of it: kWh from 10 kWh (so
 *    1,000-9,900 Wh stay in Wh and a total never flickers between "999 Wh" and
 *    "1.0 kWh"), kg from 10 kg, L from 10 L, km from 10 km, min from 10 min, h from 10 h.
 * 4. Step DOWN to a smaller unit below 1 of the current one: mWh below 1 Wh,
 *    mg below 1 g, µL below 1 mL, cm below 1 m.
 * 5. Anything above zero but below 0.1 of the smallest unit reads "<0.1"; zero
 *    reads "0" in the home unit. So no number has more than one zero after the
 *    decimal point.
 * Units are shown as symbols and stay untranslated; only the number follows the locale. Each unit
 * also has a name, `unit_<name>_one|other` in the message catalogues, which screen readers read in
 * place of the symbol ("9.2 watt-hours", not "≈ 9.2 Wh").
 */
import { FACTOR_DIGITS, ESTIMATE_DIGITS, SMALLEST_SHOWN, belowSmallest, formatEstimateNumber, formatFactorNumber, roundSignificant } from './numbers';

export interface Unit {
  symbol: string;
  /** Its spoken name: the messages `unit_<name>_one` and `unit_<name>_other`. */
  name: UnitName;
  /** How many home units one of this unit holds. */
  size: number;
}

export interface Scale {
  /** Ascending by size; exactly one unit has size 1 (the home unit). */
  units: readonly Unit[];
}

export type UnitName =
  | 'milliwatt_hour'
  | 'watt_hour'
  | 'kilowatt_hour'
  | 'megawatt_hour'
  | 'milligram_co2e'
  | 'gram_co2e'
  | 'kilogram_co2e'
  | 'tonne_co2e'
  | 'microlitre'
  | 'millilitre'
  | 'litre'
  | 'centimetre'
  | 'metre'
  | 'kilometre'
  | 'second'
  | 'minute'
  | 'hour';

const scale = (...units: [string, number, UnitName][]): Scale => ({ units: units.map(([symbol, size, name]) => ({ symbol, size, name })) });

/** Energy in Wh. */
export const ENERGY = scale(['mWh', 1e-3, 'milliwatt_hour'], ['Wh', 1, 'watt_hour'], ['kWh', 1e3, 'kilowatt_hour'], ['MWh', 1e6, 'megawatt_hour']);
/** Carbon in grams of CO₂e. */
export const CARBON = scale(['mg CO₂e', 1e-3, 'milligram_co2e'], ['g CO₂e', 1, 'gram_co2e'], ['kg CO₂e', 1e3, 'kilogram_co2e'], ['t CO₂e', 1e6, 'tonne_co2e']);
/**
 * Water in mL. Below 1 mL we show µL (one consistent metric scale that rows
 * can share); a single small amount also gets a drop count, see `dropsOf`.
 */
export const WATER = scale(['µL', 1e-3, 'microlitre'], ['mL', 1, 'millilitre'], ['L', 1e3, 'litre']);
/** Distance in metres. */
export const DISTANCE = scale(['cm', 0.01, 'centimetre'], ['m', 1, 'metre'], ['km', 1e3, 'kilometre']);
/** Duration in seconds. */
export const DURATION = scale(['s', 1, 'second'], ['min', 60, 'minute'], ['h', 3600, 'hour']);

/** Switching up to a larger unit starts at this many of it (rule 3). */
const SWITCH_UP_AT = 10;

/** A number with its unit, ready to show. `approx` marks an estimate (shown with "≈"). */
export interface Quantity {
  /** The number in the locale, or "<0.1" in the locale. */
  value: string;
  unit: string;
  approx: boolean;
  /** The number as shown, rounded (what a plural rule is chosen on); 0.1 for "<0.1". */
  amount: number;
  /** Shown as "<0.1": `amount` is a bound, not a value. */
  below?: boolean;
  /** The unit's spoken name, when it has a unit. */
  unitName?: UnitName;
}

/** "≈ 1.2 Wh" (no-break spaces, so the number and its unit never wrap apart). */
export function quantityText(q: Quantity): string {
  const body = q.unit ? `${q.value}\u00a0${q.unit}` : q.value;
  return q.approx ? `≈\u00a0${body}` : body;
}

const homeIndex = (s: Scale) => s.units.findIndex((u) => u.size === 1);

/** The unit `value` (in home units) is shown in: rules 2-4 applied to the value as given. */
function unitFor(s: Scale, value: number): Unit {
  const a = Math.abs(value);
  let i = homeIndex(s);
  if (!(a > 0) || !Number.isFinite(a)) return s.units[i]!;
  while (i + 1 < s.units.length && a >= SWITCH_UP_AT * s.units[i + 1]!.size) i++;
  while (i > 0 && a < s.units[i]!.size) i--;
  return s.units[i]!;
}

/** One unit for values shown side by side: the unit of the largest (rounded) value. */
export function sharedUnit(s: Scale, values: readonly number[]): Unit {
  const max = values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  return unitFor(s, roundSignificant(max, ESTIMATE_DIGITS));
}

/** An estimate without a unit (a ratio, a token estimate): "≈ 2.1", "<0.1" above zero below the smallest shown, "0". */
export function formatUnitlessEstimate(value: number, locale: string): Quantity {
  if (value === 0) return { value: formatEstimateNumber(0, locale), unit: '', approx: false, amount: 0 };
  if (Math.abs(value) < SMALLEST_SHOWN) return { value: belowSmallest(locale), unit: '', approx: false, amount: SMALLEST_SHOWN, below: true };
  return { value: formatEstimateNumber(value, locale), unit: '', approx: true, amount: roundSignificant(value, ESTIMATE_DIGITS) };
}

/** An estimate (two significant figures, "≈"), in `unit` if given (rows sharing one), else its own unit; zero in the home unit. */
export function formatEstimate(s: Scale, value: number, locale: string, unit?: Unit): Quantity {
  const u = value === 0 ? s.units[homeIndex(s)]! : (unit ?? unitFor(s, roundSignificant(value, ESTIMATE_DIGITS)));
  return { ...formatUnitlessEstimate(value / u.size, locale), unit: u.symbol, unitName: u.name };
}

/**
 * Factors step down later than amounts: a factor stays in the home unit down to 0.01
 * ("0.3 Wh per web search", as published), and only below that takes the smaller unit.
 */
const FACTOR_STEP_DOWN_BELOW = 0.01;

/** A published factor (up to three significant figures, no "≈"): up by rule 3, down only below 0.01 of the home unit. */
export function formatFactor(s: Scale, value: number, locale: string): Quantity {
  const rounded = roundSignificant(value, FACTOR_DIGITS);
  const u = Math.abs(rounded) >= FACTOR_STEP_DOWN_BELOW && Math.abs(rounded) < 1 ? s.units[homeIndex(s)]! : unitFor(s, rounded);
  return {
    value: formatFactorNumber(value / u.size, locale),
    unit: u.symbol,
    approx: false,
    amount: roundSignificant(value / u.size, FACTOR_DIGITS),
    unitName: u.name,
  };
}

// ---- The footprint's three quantities, from the units the core computes in ----

export const energyQuantity = (kwh: number, locale: string, unit?: Unit) => formatEstimate(ENERGY, kwh * 1000, locale, unit);
export const carbonQuantity = (grams: number, locale: string, unit?: Unit) => formatEstimate(CARBON, grams, locale, unit);
export const waterQuantity = (liters: number, locale: string, unit?: Unit) => formatEstimate(WATER, liters * 1000, locale, unit);

/** One metric drop (20 drops per mL, the pharmacopoeia's standard dropper). */
const ML_PER_DROP = 0.05;

/**
 * Below 1 mL, how many drops an amount of water is, as a whole number
 * (Google describes 0.26 mL as "about five drops"); null from 1 mL up or
 * under half a drop, where a drop count says nothing.
 */
export function dropsOf(liters: number): number | null {
  const ml = liters * 1000;
  if (!(ml > 0) || ml >= 1) return null;
  const drops = Math.round(ml / ML_PER_DROP);
  return drops >= 1 ? drops : null;
}
