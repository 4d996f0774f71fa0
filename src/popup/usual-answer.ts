/**
 * "This answer ≈ N× your usual answer": the latest answer's energy (its generated images
 * included) against the mean of the other answers of the last 30 days (whose totals include
 * their images too). Too few answers to compare with: nothing is shown.
 */
import { formatCount, formatUnitlessEstimate, quantityText } from '../display';
import type { PopupState } from '../domain';
import { t } from '../i18n/t';
import { localDay } from '../storage/days';

/** Fewer earlier answers than this in 30 days make no "usual" answer. */
const MIN_EARLIER_ANSWERS = 5;

export interface UsualComparison {
  /** The latest answer's energy over the mean of the earlier ones. */
  ratio: number;
  earlierAnswers: number;
}

export function comparedWithUsual(state: Pick<PopupState, 'lastTurn' | 'lastImages' | 'totals' | 'daily'>): UsualComparison | null {
  const last = state.lastTurn;
  if (!last) return null;
  const lastKwh = last.energyKwh + (state.lastImages?.energyKwh ?? 0);
  // The totals of the last 30 days hold the latest answer when it is from one of those days.
  const day = localDay(last.time);
  const inWindow = state.daily.some((d) => d.day === day);
  const earlierAnswers = state.totals.last30.turns - (inWindow ? 1 : 0);
  const earlierKwh = state.totals.last30.energyKwh - (inWindow ? lastKwh : 0);
  if (earlierAnswers < MIN_EARLIER_ANSWERS || earlierKwh <= 0) return null;
  return { ratio: lastKwh / (earlierKwh / earlierAnswers), earlierAnswers };
}

/**
 * Under the latest answer's energy, "≈ 2.1× usual"; in full for hover and screen readers, "≈ 2.1×
 * the energy of your average answer in the last 30 days (37 answers)". Two significant figures
 * like every estimate; "<0.1×" below a tenth.
 */
export function usualComparisonTexts(c: UsualComparison, locale: string): { short: string; full: string } {
  const ratio = quantityText(formatUnitlessEstimate(c.ratio, locale));
  return { short: t('last_vsUsual', ratio), full: t('last_vsUsualFull', [ratio, formatCount(c.earlierAnswers, locale)]) };
}
