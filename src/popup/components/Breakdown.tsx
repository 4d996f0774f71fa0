import type { PopupState } from '../../domain';
import { SITE_LABELS } from '../../sites';
import { carbonQuantity, energyQuantity, formatCount, formatShare, quantityText, waterQuantity } from '../../display';
import type { FootprintRanges } from '../../features/part';
import { rangedText } from '../../features/range-texts';
import { spokenProps } from './QuantityText';
import { t } from '../../i18n/t';
import { breakdownRows, modelText, type BreakdownRow } from '../view';

function Table({ caption, first, rows, locale, testId }: { caption: string; first: string; rows: BreakdownRow[]; locale: string; testId: string }) {
  return (
    <table class="breakdown" data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{t('quantity_energy')}</th>
          <th scope="col">{t('breakdown_share')}</th>
          <th scope="col">{t('breakdown_answers')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={4} class="muted">
              {t('breakdown_empty')}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>
                <span {...spokenProps(r.energy, locale)}>{quantityText(r.energy)}</span>
              </td>
              <td>
                <span class="share" style={{ '--share': `${Math.round(r.share * 100)}%` }}>
                  {formatShare(r.share, locale)}
                </span>
              </td>
              <td>{formatCount(r.turns, locale)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Energy per site and per model, each table in one unit. */
export function Breakdown({ state, locale }: { state: PopupState; locale: string }) {
  const sites = breakdownRows(
    state.bySite.map((s) => ({ key: s.site, label: SITE_LABELS[s.site], totals: s.totals })),
    locale,
  );
  const models = breakdownRows(
    state.byModel.map((m) => ({ key: m.modelKey, label: modelText(m.modelKey, locale), totals: m.totals })),
    locale,
  );
  return (
    <section aria-labelledby="breakdown-h">
      <h2 id="breakdown-h">{t('breakdown_heading')}</h2>
      <Table caption={t('breakdown_bySite')} first={t('breakdown_site')} rows={sites} locale={locale} testId="by-site" />
      <Table caption={t('breakdown_byModel')} first={t('breakdown_model')} rows={models} locale={locale} testId="by-model" />
    </section>
  );
}

/**
 * How much of the period's energy was estimated work out of sight (searches, research runs, voice
 * audio, generated videos) next to what was counted, from the period's stored turns. Nothing when
 * the period had none.
 */
export function EstimatedWork({ label, work, locale }: { label: string; work: { countedKwh: number; estimatedKwh: number }; locale: string }) {
  if (work.estimatedKwh <= 0) return null;
  return (
    <p class="muted" data-testid="period-estimated">
      {t('insights_estimated', [label, quantityText(energyQuantity(work.countedKwh, locale)), quantityText(energyQuantity(work.estimatedKwh, locale))])}
    </p>
  );
}

/** The period's stored answers with their ranges, where any of them holds an estimate with one. */
export function PeriodRanges({ label, ranges, locale }: { label: string; ranges: FootprintRanges | undefined; locale: string }) {
  if (!ranges) return null;
  const texts = [
    rangedText(energyQuantity, ranges.energyKwh.central, ranges.energyKwh, locale),
    rangedText(carbonQuantity, ranges.carbonG.central, ranges.carbonG, locale),
    rangedText(waterQuantity, ranges.waterL.central, ranges.waterL, locale),
  ];
  return (
    <p class="muted" data-testid="period-range">
      {t('insights_range', [label, ...texts.map((x) => x.shown)])}
    </p>
  );
}
