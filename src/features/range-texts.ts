/**
 * An energy, carbon or water figure as the label and the popup show it: the central figure, and
 * where the turn holds estimated parts the lowest and highest the rules allow beside it
 * ("≈ 1.2 Wh (≈ 0.9 Wh–≈ 3.4 Wh)"). An exact figure shows no range.
 */
import type { Range } from '../core/range';
import { quantityText, type Quantity } from '../display/scales';
import { spokenQuantity } from '../i18n/quantity';
import { t } from '../i18n/t';

export interface RangedText {
  shown: string;
  spoken: string;
}

/** The figure `central` (or the range's central figure) formatted by `quantity`, with the range where there is one. */
export function rangedText(quantity: (value: number, locale: string) => Quantity, central: number, range: Range | undefined, locale: string): RangedText {
  const q = quantity(central, locale);
  if (!range) return { shown: quantityText(q), spoken: spokenQuantity(q, locale) };
  const [low, high] = [quantity(range.low, locale), quantity(range.high, locale)];
  return {
    shown: t('quantity_range', [quantityText(q), quantityText(low), quantityText(high)]),
    spoken: t('quantity_rangeSpoken', [spokenQuantity(q, locale), spokenQuantity(low, locale), spokenQuantity(high, locale)]),
  };
}

/** The bounds alone, shown beside a figure shown on its own ("(≈ 0.9 Wh–≈ 3.4 Wh)"), and the whole range as words for screen readers. */
export function boundsText(quantity: (value: number, locale: string) => Quantity, range: Range, locale: string): RangedText {
  const [low, high] = [quantity(range.low, locale), quantity(range.high, locale)];
  return {
    shown: t('quantity_bounds', [quantityText(low), quantityText(high)]),
    spoken: rangedText(quantity, range.central, range, locale).spoken,
  };
}
