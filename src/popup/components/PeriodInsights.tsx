import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { whatIf, type WhatIfChoice } from '../../core/what-if';
import { formatCount } from '../../display';
import { t } from '../../i18n/t';
import type { FootprintRanges } from '../../features/part';
import { readPeriodData, type PeriodData } from '../../ledger/read-period';
import { localDay } from '../../storage/days';
import { PERIOD_SPANS, WHAT_IF_MODELS, WHAT_IF_REGIONS, chatRows, periodChangeText, whatIfWords } from '../period-texts';
import { quantityText } from '../../display';
import { spokenProps, WordsText } from './QuantityText';
import { periodLabel, regionName, type PeriodKey } from '../view';
import { EstimatedWork, PeriodRanges } from './Breakdown';

type Load = { status: 'loading' } | { status: 'ready'; period: PeriodKey; data: PeriodData } | { status: 'error' };

/**
 * For the period chosen in the totals (shown under the latest answer, which keeps to the first screen): the change against the period before, the chats that took the most
 * energy (with links that open them), and what the same tokens would have cost with another model
 * or in another region. Read from storage when the period changes (stored turns and daily totals).
 */
export function PeriodInsights({
  period,
  locale,
  now = Date.now,
  onRanges,
}: {
  period: PeriodKey;
  locale: string;
  now?: () => number;
  /** Given the period's stored ranges once read, for the headline figures above (which show before this loads). */
  onRanges?: (period: PeriodKey, ranges: FootprintRanges | undefined) => void;
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    readPeriodData(PERIOD_SPANS[period], localDay(now())).then(
      (data) => {
        if (!current) return;
        setLoad({ status: 'ready', period, data });
        onRanges?.(period, data.ranges);
      },
      () => current && setLoad({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [period]);
  if (load.status !== 'ready') return null;
  const { data } = load;
  const change = periodChangeText(load.period, data.change?.change ?? null, locale);
  return (
    <>
      {change && (
        <p class="muted period-change" data-testid="period-change">
          {periodLabel(load.period)}: {change}
        </p>
      )}
      <EstimatedWork label={periodLabel(load.period)} work={data.work} locale={locale} />
      <PeriodRanges label={periodLabel(load.period)} ranges={data.ranges} locale={locale} />
      {data.storedAnswers < data.allAnswers && (
        <p class="note" data-testid="period-partial">
          {t('insights_partial', [formatCount(data.storedAnswers, locale), formatCount(data.allAnswers, locale)])}
        </p>
      )}
      <CostliestChats data={data} locale={locale} />
      <WhatIfFigure data={data} locale={locale} />
    </>
  );
}

function CostliestChats({ data, locale }: { data: PeriodData; locale: string }) {
  const rows = chatRows(data.chats, locale);
  return (
    <section aria-labelledby="costliest-h" class="insights">
      <h2 id="costliest-h">{t('insights_costliestHeading')}</h2>
      {rows.length === 0 ? (
        <p class="muted">{t('insights_costliestNone')}</p>
      ) : (
        <ol class="chats" data-testid="costliest-chats">
          {rows.map((r) => (
            <li key={r.key} data-testid="costliest-chat">
              <span class="chat-energy" {...spokenProps(r.energy, locale)}>
                {quantityText(r.energy)}
              </span>
              <span class="chat-what">
                <strong>{r.site}</strong> · {r.answers}
                {r.history && <> · {r.history}</>}
              </span>
              {r.url ? (
                <a
                  href={r.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={r.openLabel}
                  aria-label={r.openLabel}
                  data-testid="chat-link"
                  onClick={(e) => {
                    e.preventDefault();
                    void browser.tabs.create({ url: r.url! });
                  }}
                >
                  {t('insights_open')}
                </a>
              ) : (
                <span class="muted" data-testid="chat-no-link">
                  {t('insights_noLink')}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const AS_RECORDED = '';

/** A what-if choice: "as recorded", then each of `options`; `onPick` gets the value picked. */
function WhatIfPicker(props: {
  label: string;
  testId: string;
  value: string;
  options: readonly string[];
  optionText: (option: string) => string;
  onPick: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <select value={props.value} data-testid={props.testId} onChange={(e) => props.onPick((e.currentTarget as HTMLSelectElement).value)}>
        <option value={AS_RECORDED}>{t('insights_asRecorded')}</option>
        {props.options.map((k) => (
          <option key={k} value={k}>
            {props.optionText(k)}
          </option>
        ))}
      </select>
    </label>
  );
}

function WhatIfFigure({ data, locale }: { data: PeriodData; locale: string }) {
  const [model, setModel] = useState(AS_RECORDED);
  const [region, setRegion] = useState(AS_RECORDED);
  const choice: WhatIfChoice = useMemo(() => ({ ...(model ? { modelKey: model } : {}), ...(region ? { region } : {}) }), [model, region]);
  const figure = useMemo(() => (model || region ? whatIf(data.entries, choice) : null), [data, choice]);
  if (data.entries.length === 0) return null;
  const texts = figure ? whatIfWords(choice, figure, locale) : null;
  return (
    <section aria-labelledby="whatif-h" class="insights">
      <h2 id="whatif-h">{t('insights_whatIfHeading')}</h2>
      <p class="muted">{t('insights_whatIfHelp')}</p>
      <div class="whatif-pickers">
        <WhatIfPicker label={t('insights_whatIfModel')} testId="whatif-model" value={model} options={WHAT_IF_MODELS} optionText={(k) => k} onPick={setModel} />
        <WhatIfPicker
          label={t('insights_whatIfRegion')}
          testId="whatif-region"
          value={region}
          options={WHAT_IF_REGIONS}
          optionText={regionName}
          onPick={setRegion}
        />
      </div>
      {texts && figure && (
        <div aria-live="polite">
          <p class="whatif-result" data-testid="whatif-result">
            <WordsText w={texts.result} locale={locale} />
          </p>
          <p class="muted" data-testid="whatif-other">
            <WordsText w={texts.other} locale={locale} />
          </p>
          {figure.unchanged > 0 && model && <p class="muted">{t('insights_whatIfImages')}</p>}
        </div>
      )}
    </section>
  );
}
