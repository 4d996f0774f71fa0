import type { Range } from '../../core/range';
import { quantityText, type Quantity } from '../../display';
import { boundsText } from '../../features/range-texts';
import { needsSpokenForm, spokenQuantity } from '../../i18n/quantity';
import type { Words } from '../words';
import { Rich } from './Rich';

/**
 * What makes an element showing a quantity read as words: a named image ("about 9.2 watt-hours"),
 * since an aria-label on a plain span is not read, and hidden text beside the shown text would be
 * in its text too. Nothing for a bare count, which reads as it is shown.
 */
export function spokenProps(q: Quantity, locale: string): { role?: 'img'; 'aria-label'?: string } {
  return needsSpokenForm(q) ? { role: 'img', 'aria-label': spokenQuantity(q, locale) } : {};
}

/** "≈ 1.2 Wh" with the number and unit styled apart; one text node per part, no wrapping between them; read as words. */
export function QuantityText({ q, locale }: { q: Quantity; locale: string }) {
  return (
    <span class="qty" {...spokenProps(q, locale)}>
      {q.approx && <span class="approx">≈ </span>}
      <span class="num">{q.value}</span>
      {q.unit && <span class="unit"> {q.unit}</span>}
    </span>
  );
}

/** A sentence with amounts in it, each shown with its symbol and read as words. */
export function WordsText({ w, locale }: { w: Words; locale: string }) {
  return <Rich message={w.message} nodes={w.parts.map((p) => (typeof p === 'string' ? p : <span {...spokenProps(p, locale)}>{quantityText(p)}</span>))} />;
}

/** The bounds of a figure that holds estimated parts, shown beside it ("(≈ 0.9 Wh–≈ 3.4 Wh)") and read as the whole range; nothing for an exact one. */
export function Bounds({
  quantity,
  range,
  locale,
  id,
}: {
  quantity: (v: number, locale: string) => Quantity;
  range: Range | undefined;
  locale: string;
  id: string;
}) {
  if (!range) return null;
  const text = boundsText(quantity, range, locale);
  return (
    <span class="muted range" data-testid={id} role="img" aria-label={text.spoken}>
      {' '}
      {text.shown}
    </span>
  );
}
