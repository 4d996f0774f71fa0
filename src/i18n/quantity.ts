/**
 * How a screen reader reads an amount: the number in the locale and its unit's name, with the
 * plural the locale's rule picks ("about 9.2 watt-hours", "environ 1,5 wattheure"), never the
 * symbols a speech engine spells out or skips ("≈ 9.2 Wh"). The unit names are messages
 * (`unit_<name>_one|other`), so each language has them in its one catalogue.
 */
import type { Quantity } from '../display/scales';
import { t, tn, type PluralKey } from './t';

export function spokenQuantity(q: Quantity, locale: string): string {
  // "<0.1" is said as "less than 0.1": the bound's number without its sign.
  const number = q.below ? q.value.replace(/^</, '') : q.value;
  const body = q.unitName ? tn(`unit_${q.unitName}` as PluralKey, q.amount, locale, number) : number;
  return q.below ? t('spoken_below', body) : q.approx ? t('spoken_about', body) : body;
}

/** Whether a quantity reads differently from how it is shown (an "≈", a "<" or a unit symbol). */
export const needsSpokenForm = (q: Quantity): boolean => q.approx || q.below === true || q.unitName !== undefined;
