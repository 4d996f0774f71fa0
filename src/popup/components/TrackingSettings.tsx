import { useState } from 'preact/hooks';
import type { RequestOf } from '../../messaging/protocol';
import { t } from '../../i18n/t';
import { askWorker } from '../ask-worker';
import type { PopupState } from '../../domain';
import { DEFAULT_COUNT_EXTRAS, EXTRA_KINDS, type ExtraKind } from '../../domain/settings';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../../sites';
import { healthRows, modelOptionsFor } from '../view';
import { planLabel, sitePlans } from '../../core/context-windows';
import { PageReport } from './PageReport';
import { Panel } from './Panel';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/** The switch's label, in the UI language (a kind without its message does not compile). */
const extraLabel = (kind: ExtraKind): string => t(`tracking_extra_${kind}`);

/** How turns are counted: history as input, what beyond the text, the model per site, and whether each site is recognized. */
export function TrackingSettings(props: { state: PopupState; locale: string; onChanged: () => Promise<void> }) {
  const { settings, health } = props.state;
  const [status, setStatus] = useState<Status | null>(null);

  const save = async (patch: RequestOf<'settings/update'>, done: string) => {
    const res = await askWorker('settings/update', patch);
    if (!res.ok) return setStatus(errorStatus(t('action_saveSetting'), res.error));
    setStatus({ tone: 'ok', text: done });
    await props.onChanged();
  };

  const setModel = (site: SiteId, value: string) =>
    save(
      { modelOverride: { site, modelKey: value === '' ? null : value } },
      value === '' ? t('tracking_modelAuto', SITE_LABELS[site]) : t('tracking_modelSet', [SITE_LABELS[site], value]),
    );

  const setPlan = (site: SiteId, value: string) => {
    const table = sitePlans(site);
    const plan = value === '' ? null : value;
    const shown = planLabel(plan ?? table?.defaultPlan ?? '');
    return save({ plan: { site, plan } }, t(plan === null ? 'tracking_planAssumed' : 'tracking_planChosen', [SITE_LABELS[site], shown]));
  };

  return (
    <Panel id="tracking" title={t('tracking_heading')}>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.countHistory}
          onChange={(e) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            void save({ countHistory: on }, on ? t('tracking_historyOn') : t('tracking_historyOff'));
          }}
        />
        {t('tracking_history')}
      </label>
      <p class="muted">{t('tracking_historyHelp')}</p>
      <label class="check">
        <input
          type="checkbox"
          data-testid="estimate-reasoning"
          checked={settings.estimateReasoning}
          onChange={(e) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            void save({ estimateReasoning: on }, on ? t('tracking_estimateOn') : t('tracking_estimateOff'));
          }}
        />
        {t('tracking_estimate')}
      </label>
      <p class="muted">{t('tracking_estimateHelp')}</p>

      <h3>{t('tracking_extrasHeading')}</h3>
      <p class="muted">{t('tracking_extrasHelp')}</p>
      <div class="count-extras">
        {EXTRA_KINDS.map((kind) => (
          <label class="check" key={kind}>
            <input
              type="checkbox"
              data-testid={`count-extra-${kind}`}
              checked={(settings.countExtras ?? DEFAULT_COUNT_EXTRAS)[kind] !== false}
              onChange={(e) => {
                const on = (e.currentTarget as HTMLInputElement).checked;
                void save({ countExtras: { [kind]: on } }, t(on ? 'tracking_extraOn' : 'tracking_extraOff', extraLabel(kind)));
              }}
            />
            {extraLabel(kind)}
          </label>
        ))}
      </div>

      <h3>{t('tracking_models')}</h3>
      <div class="overrides">
        {SITE_IDS.map((site) => (
          <div class="override" key={site}>
            <label for={`model-${site}`}>{SITE_LABELS[site]}</label>
            <select
              id={`model-${site}`}
              value={settings.modelOverrides[site] ?? ''}
              onChange={(e) => setModel(site, (e.currentTarget as HTMLSelectElement).value)}
            >
              <option value="">{t('tracking_modelAsShown')}</option>
              {modelOptionsFor(site, props.locale).map((m) => (
                <option key={m.key} value={m.key}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <h3>{t('tracking_plans')}</h3>
      <p class="muted">{t('tracking_plansHelp')}</p>
      <div class="overrides">
        {SITE_IDS.flatMap((site) => {
          const table = sitePlans(site);
          if (!table || table.plans.length < 2) return [];
          const chosen = settings.plans?.[site];
          return [
            <div class="override" key={site}>
              <label for={`plan-${site}`}>{SITE_LABELS[site]}</label>
              <select
                id={`plan-${site}`}
                data-testid={`plan-${site}`}
                value={chosen ?? ''}
                onChange={(e) => setPlan(site, (e.currentTarget as HTMLSelectElement).value)}
              >
                <option value="">{t('tracking_planAssumed', [SITE_LABELS[site], planLabel(table.defaultPlan)])}</option>
                {table.plans.map((plan) => (
                  <option key={plan} value={plan}>
                    {t('tracking_planChosen', [SITE_LABELS[site], planLabel(plan)])}
                  </option>
                ))}
              </select>
            </div>,
          ];
        })}
      </div>
      <h3>{t('label_switchHeading')}</h3>
      <p class="muted">{t('label_switchHelp')}</p>
      <div class="page-labels">
        {SITE_IDS.map((site) => (
          <label class="check" key={site}>
            <input
              type="checkbox"
              data-testid={`page-label-${site}`}
              checked={settings.pageLabels?.[site] !== false}
              onChange={(e) => {
                const on = (e.currentTarget as HTMLInputElement).checked;
                void save({ pageLabel: { site, on } }, on ? t('label_switchOn', SITE_LABELS[site]) : t('label_switchOff', SITE_LABELS[site]));
              }}
            />
            {SITE_LABELS[site]}
          </label>
        ))}
      </div>
      <StatusLine status={status} />

      <h3>{t('tracking_health')}</h3>
      <ul class="health" data-testid="health">
        {healthRows(health, props.locale, settings.plans).map((h) => (
          <li key={h.site} class={`health-${h.status}`}>
            <span class="dot" aria-hidden="true" />
            {h.text}
          </li>
        ))}
      </ul>
      <PageReport place="health" />
    </Panel>
  );
}
