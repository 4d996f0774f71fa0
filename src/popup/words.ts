/**
 * A translated sentence with amounts in it, kept apart until it is drawn: shown, each amount has
 * its symbols ("≈ 4 mWh"); read, its words ("about 4 milliwatt-hours"). Pure.
 */
import { quantityText, type Quantity } from '../display';
import { spokenQuantity } from '../i18n/quantity';

export interface Words {
  /** The message, given each part as a string. */
  message: (subs: string[]) => string;
  parts: ReadonlyArray<string | Quantity>;
}

/** The sentence as it is shown ("with gamma-3.5-flash-lite: ≈ 4 mWh (−96%)"). */
export const wordsText = (w: Words): string => w.message(w.parts.map((p) => (typeof p === 'string' ? p : quantityText(p))));

/** The sentence as a screen reader says it, for an attribute (aria-valuetext) that holds text only. */
export const wordsSpoken = (w: Words, locale: string): string => w.message(w.parts.map((p) => (typeof p === 'string' ? p : spokenQuantity(p, locale))));
