import { useState } from 'preact/hooks';
import type { PopupState } from '../../domain';
import { carbonQuantity, energyQuantity, formatCount, waterQuantity, type Quantity } from '../../display';
import { t, tn } from '../../i18n/t';
import type { Range } from '../../core/range';
import type { FootprintRanges } from '../../features/part';
import { PERIOD_KEYS, periodLabel, totalsRanges, type PeriodKey } from '../view';
import { later } from './Later';
// The styles of the period figures and the budget, in the popup's one stylesheet (their components load later).
import '../insights.css';

/** Only with a budget set, so it can follow the first numbers. */
const BudgetProgress = later(() => import('./later-parts').then((m) => m.BudgetProgress));
import { Equivalents } from './Equivalents';
import { Bounds, QuantityText } from './QuantityText';
import { StressBadge } from './StressBadge';

function Figure(props: {
  label: string;
  quantity: (v: number, locale: string) => Quantity;
  value: number;
  range: Range | undefined;
  testId: string;
  locale: string;
}) {
  const { label, quantity, value, range, testId, locale } = props;
  return (
    <div class="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <QuantityText q={quantity(value, locale)} locale={locale} />
        <Bounds quantity={quantity} range={range} locale={locale} id={`${testId}-range`} />
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
  stored,
}: {
  state: PopupState;
  locale: string;
  /** The period, when the page holds it (the period figures below the latest answer follow it). */
  period?: PeriodKey;
  onPeriod?: (p: PeriodKey) => void;
  /** The ranges of the period's stored answers, once read (they load after the first numbers); absent: single figures. */
  stored?: FootprintRanges;
}) {
  const [own, setOwn] = useState<PeriodKey>('today');
  const period = chosen ?? own;
  const setPeriod = onPeriod ?? setOwn;
  const totals = state.totals[period];
  const label = periodLabel(period);
  const ranges = totalsRanges(totals, stored);
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
        <Figure
          label={t('quantity_energy')}
          quantity={energyQuantity}
          value={totals.energyKwh}
          range={ranges?.energyKwh}
          testId="total-energy"
          locale={locale}
        />
        <Figure label={t('quantity_carbon')} quantity={carbonQuantity} value={totals.carbonG} range={ranges?.carbonG} testId="total-carbon" locale={locale} />
        <Figure label={t('quantity_water')} quantity={waterQuantity} value={totals.waterL} range={ranges?.waterL} testId="total-water" locale={locale} />
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
