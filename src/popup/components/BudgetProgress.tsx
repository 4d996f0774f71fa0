import type { BudgetSetting } from '../../domain/budget';
import { t } from '../../i18n/t';
import { formatShare } from '../../display';
import { budgetView } from '../period-texts';
import { QuantityText } from './QuantityText';
import { Rich } from './Rich';

/** The last 7 days against the weekly budget, under the totals; nothing without a budget. */
export function BudgetProgress({ usedKwh, budget, locale }: { usedKwh: number; budget: BudgetSetting | undefined; locale: string }) {
  const view = budgetView(usedKwh, budget, locale);
  if (!view) return null;
  return (
    <div class={`budget budget-${view.level}`} data-testid="budget-progress" data-level={view.level}>
      <div
        class="budget-bar"
        role="progressbar"
        aria-label={t('budget_heading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(Math.min(view.share, 1) * 100)}
        aria-valuetext={view.spoken}
      >
        <span style={{ '--used': `${Math.min(view.share, 1) * 100}%` }} />
      </div>
      <p class="muted">
        <Rich
          message={(m) => t('budget_progress', m)}
          nodes={[<QuantityText q={view.used} locale={locale} />, <QuantityText q={view.weekly} locale={locale} />, formatShare(view.share, locale)]}
        />{' '}
        {view.state && <span class="budget-state">{view.state}</span>}
      </p>
    </div>
  );
}
