/**
 * Numbers for people: a unit that fits the size (Wh/kWh, g/kg, mL/L), three
 * significant digits, and exact integers for token counts. The locale is a
 * parameter so tests are deterministic; the popup passes the browser's.
 */

export const DEFAULT_LOCALE = 'en-US';

// Building an Intl formatter costs far more than using one: keep one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/** Three significant digits, grouping for large values, never exponent notation. */
export function formatSignificant(value: number, locale = DEFAULT_LOCALE): string {
  if (!Number.isFinite(value)) return '–';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  // At or above 1000 the integer part already carries more than three digits: keep it whole.
  if (abs >= 1000) return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  return numberFormat(locale, { maximumSignificantDigits: 3 }).format(value);
}

export interface Quantity {
  /** The number as text, already rounded. */
  value: string;
  unit: string;
}

export const quantityText = (q: Quantity): string => `${q.value} ${q.unit}`;

/** Energy given in kWh: Wh below 1 kWh, kWh from there (and MWh from 1,000 kWh). */
export function formatEnergy(kwh: number, locale = DEFAULT_LOCALE): Quantity {
  const abs = Math.abs(kwh);
  if (abs >= 1000) return { value: formatSignificant(kwh / 1000, locale), unit: 'MWh' };
  if (abs >= 1) return { value: formatSignificant(kwh, locale), unit: 'kWh' };
  return { value: formatSignificant(kwh * 1000, locale), unit: 'Wh' };
}

/** Carbon given in grams of CO2e: g below 1 kg, kg from there (and t from 1,000 kg). */
export function formatCarbon(grams: number, locale = DEFAULT_LOCALE): Quantity {
  const abs = Math.abs(grams);
  if (abs >= 1_000_000) return { value: formatSignificant(grams / 1_000_000, locale), unit: 't CO₂e' };
  if (abs >= 1000) return { value: formatSignificant(grams / 1000, locale), unit: 'kg CO₂e' };
  return { value: formatSignificant(grams, locale), unit: 'g CO₂e' };
}

/** Water given in liters: mL below 1 L, L from there. */
export function formatWater(liters: number, locale = DEFAULT_LOCALE): Quantity {
  if (Math.abs(liters) >= 1) return { value: formatSignificant(liters, locale), unit: 'L' };
  return { value: formatSignificant(liters * 1000, locale), unit: 'mL' };
}

/** An exact integer with grouping: token counts are never rounded. */
export function formatInteger(n: number, locale = DEFAULT_LOCALE): string {
  if (!Number.isFinite(n)) return '–';
  return numberFormat(locale, { maximumFractionDigits: 0, useGrouping: true }).format(n);
}

/** A percentage share (0..1) as a whole percent; "<1%" for a small but non-zero share. */
export function formatShare(share: number): string {
  if (!(share > 0)) return '0%';
  if (share < 0.01) return '<1%';
  return `${Math.round(share * 100)}%`;
}

/** `2026-11-03` -> `Nov 3` (the day is read as a calendar date, not shifted by time zone). */
export function formatDay(day: string, locale = DEFAULT_LOCALE): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return dateFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A time as "today 14:05", or a date and time for older ones. */
export function formatTime(ms: number, now = Date.now(), locale = DEFAULT_LOCALE): string {
  const d = new Date(ms);
  const time = dateFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(d);
  if (new Date(now).toDateString() === d.toDateString()) return `today ${time}`;
  const date = dateFormat(locale, { month: 'short', day: 'numeric' }).format(d);
  return `${date} ${time}`;
}
