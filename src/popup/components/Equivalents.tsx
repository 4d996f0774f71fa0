import { sourceName } from '../../core/tables';
import { equivalentsFor, quantityText, type EquivalentShown, type FootprintAmounts } from '../../display';
import { t, tn, type MessageKey, type PluralKey } from '../../i18n/t';
import { spokenProps } from './QuantityText';
import { Rich } from './Rich';

/** The sentence for one equivalent, e.g. "≈ 6.7 m driven in an average car", in the UI language. */
function equivalentText(e: EquivalentShown, locale: string, amount: string = quantityText(e.quantity)): string {
  switch (e.form) {
    case 'count':
      return tn(`eq_${e.field}` as PluralKey, e.count, locale, amount);
    case 'share':
      return t(`eq_${e.field}_share` as 'eq_smartphones_charged_share', amount);
    case 'scaled':
      return t(`eq_${e.field}` as 'eq_km_driven', amount);
  }
}

function Item({ e, locale }: { e: EquivalentShown; locale: string }) {
  return (
    <li data-field={e.field}>
      <details>
        <summary>
          <Rich
            message={([m]) => equivalentText(e, locale, m)}
            nodes={[
              <strong class="num" {...spokenProps(e.quantity, locale)}>
                {quantityText(e.quantity)}
              </strong>,
            ]}
          />
        </summary>
        <p class="muted factor">
          <span>
            <Rich
              message={([m]) => t(`eqFactor_${e.field}` as MessageKey as 'eqFactor_km_driven', m!)}
              nodes={[<span {...spokenProps(e.factor, locale)}>{quantityText(e.factor)}</span>]}
            />
          </span>{' '}
          <span>{t('eq_source', sourceName(e.source))}</span>
        </p>
      </details>
    </li>
  );
}

/**
 * The three equivalents that say the most for the period (their number between
 * 1 and 999), the rest behind "More"; each opens to its factor and source.
 */
export function Equivalents({ amounts, locale }: { amounts: FootprintAmounts; locale: string }) {
  const { top, more } = equivalentsFor(amounts, locale);
  return (
    <div class="equivalents" data-testid="equivalents">
      <h3 id="eq-h">{t('eq_heading')}</h3>
      {top.length === 0 ? (
        <p class="muted">{t('eq_none')}</p>
      ) : (
        <ul aria-labelledby="eq-h">
          {top.map((e) => (
            <Item key={e.field} e={e} locale={locale} />
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <details class="more" data-testid="equivalents-more">
          <summary>{t('eq_more', String(more.length))}</summary>
          <ul>
            {more.map((e) => (
              <Item key={e.field} e={e} locale={locale} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
