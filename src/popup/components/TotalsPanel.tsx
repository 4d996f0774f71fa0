import { useState } from 'preact/hooks';
import type { PopupState } from '../../domain';
import { carbonQuantity, energyQuantity, formatCount, waterQuantity, type Quantity } from '../../display';
import { t, tn } from '../../i18n/t';
import { PERIOD_KEYS, periodLabel, type PeriodKey } from '../view';
import { later } from './Later';
// The styles of the period figures and the budget, in the popup's one stylesheet (their components load later).
import '../insights.css';

/** Only with a budget set, so it can follow the first numbers. */
const BudgetProgress = later(() => import('./later-parts').then((m) => m.BudgetProgress));
import { Equivalents } from './Equivalents';
import { QuantityText } from './QuantityText';
import { StressBadge } from './StressBadge';

function Figure({ label, q, testId, locale }: { label: string; q: Quantity; testId: string; locale: string }) {
  return (
    <div class="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <QuantityText q={q} locale={locale} />
      </dd>
    </div>
  );
}

/** Energy, carbon and water for one period, the water-stress badge and the everyday equivalents. */
export function TotalsPanel({
  state,
  locale,
  period: chosen,
  onPeriod,
}: {
  state: PopupState;
  locale: string;
  /** The period, when the page holds it (the period figures below the latest answer follow it). */
  period?: PeriodKey;
  onPeriod?: (p: PeriodKey) => void;
}) {
  const [own, setOwn] = useState<PeriodKey>('today');
  const period = chosen ?? own;
  const setPeriod = onPeriod ?? setOwn;
  const totals = state.totals[period];
  const label = periodLabel(period);
  return (
    <section aria-labelledby="totals-h">
      <h2 id="totals-h" class="visually-hidden">
        {t('totals_heading')}
      </h2>
      <fieldset class="segmented">
        <legend class="visually-hidden">{t('totals_period')}</legend>
        {PERIOD_KEYS.map((p) => (
          <label key={p} class={p === period ? 'selected' : undefined}>
            <input type="radio" name="period" value={p} checked={p === period} onChange={() => setPeriod(p)} />
            {periodLabel(p)}
          </label>
        ))}
      </fieldset>
      <dl class="figures" aria-label={t('totals_label', label)} data-testid="totals">
        <Figure label={t('quantity_energy')} q={energyQuantity(totals.energyKwh, locale)} testId="total-energy" locale={locale} />
        <Figure label={t('quantity_carbon')} q={carbonQuantity(totals.carbonG, locale)} testId="total-carbon" locale={locale} />
        <Figure label={t('quantity_water')} q={waterQuantity(totals.waterL, locale)} testId="total-water" locale={locale} />
      </dl>
      <p class="muted" data-testid="total-turns">
        {totals.turns === 0
          ? period === 'allTime'
            ? t('totals_noneYet')
            : t('totals_noneInPeriod')
          : tn('totals_answers', totals.turns, locale, [
              formatCount(totals.turns, locale),
              formatCount(totals.inputTokens, locale),
              formatCount(totals.outputTokens, locale),
            ])}
      </p>
      <BudgetProgress usedKwh={state.totals.last7.energyKwh} budget={state.settings.budget} locale={locale} />
      <StressBadge region={state.settings.region} />
      <Equivalents amounts={totals} locale={locale} />
    </section>
  );
}
