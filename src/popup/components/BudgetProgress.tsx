import type { BudgetSetting } from '../../domain/budget';
import { t } from '../../i18n/t';
import { budgetView } from '../period-texts';
import { WordsText } from './QuantityText';

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
        <WordsText w={view.words} locale={locale} /> {view.state && <span class="budget-state">{view.state}</span>}
      </p>
    </div>
  );
}
