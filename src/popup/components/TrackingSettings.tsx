import type { ComponentChildren } from 'preact';
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

/** A setting's checkbox, its label after the box; `onToggle` gets the new state. */
function Check(props: { label: string; checked: boolean; testId?: string; onToggle(on: boolean): Promise<void> }) {
  return (
    <label class="check">
      <input
        type="checkbox"
        data-testid={props.testId}
        checked={props.checked}
        onChange={(e) => void props.onToggle((e.currentTarget as HTMLInputElement).checked)}
      />
      {props.label}
    </label>
  );
}

/** A per-site choice: the site's name, then its select of `children` options; `onPick` gets the value picked. */
function SiteChoice(props: { site: SiteId; id: string; testId?: string; value: string; onPick(value: string): Promise<void>; children: ComponentChildren }) {
  return (
    <div class="override">
      <label for={props.id}>{SITE_LABELS[props.site]}</label>
      <select id={props.id} data-testid={props.testId} value={props.value} onChange={(e) => void props.onPick((e.currentTarget as HTMLSelectElement).value)}>
        {props.children}
      </select>
    </div>
  );
}

/** Whether each site is recognized, as its content script last reported. */
function HealthList({ health, locale, plans }: { health: PopupState['health']; locale: string; plans: PopupState['settings']['plans'] }) {
  return (
    <ul class="health" data-testid="health">
      {healthRows(health, locale, plans).map((h) => (
        <li key={h.site} class={`health-${h.status}`}>
          <span class="dot" aria-hidden="true" />
          {h.text}
        </li>
      ))}
    </ul>
  );
}

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
      <Check
        label={t('tracking_history')}
        checked={settings.countHistory}
        onToggle={(on) => save({ countHistory: on }, on ? t('tracking_historyOn') : t('tracking_historyOff'))}
      />
      <p class="muted">{t('tracking_historyHelp')}</p>
      <Check
        label={t('tracking_estimate')}
        testId="estimate-reasoning"
        checked={settings.estimateReasoning}
        onToggle={(on) => save({ estimateReasoning: on }, on ? t('tracking_estimateOn') : t('tracking_estimateOff'))}
      />
      <p class="muted">{t('tracking_estimateHelp')}</p>

      <h3>{t('tracking_extrasHeading')}</h3>
      <p class="muted">{t('tracking_extrasHelp')}</p>
      <div class="count-extras">
        {EXTRA_KINDS.map((kind) => (
          <Check
            key={kind}
            label={extraLabel(kind)}
            testId={`count-extra-${kind}`}
            checked={(settings.countExtras ?? DEFAULT_COUNT_EXTRAS)[kind] !== false}
            onToggle={(on) => save({ countExtras: { [kind]: on } }, t(on ? 'tracking_extraOn' : 'tracking_extraOff', extraLabel(kind)))}
          />
        ))}
      </div>

      <h3>{t('tracking_models')}</h3>
      <div class="overrides">
        {SITE_IDS.map((site) => (
          <SiteChoice key={site} site={site} id={`model-${site}`} value={settings.modelOverrides[site] ?? ''} onPick={(value) => setModel(site, value)}>
            <option value="">{t('tracking_modelAsShown')}</option>
            {modelOptionsFor(site, props.locale).map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </SiteChoice>
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
            <SiteChoice key={site} site={site} id={`plan-${site}`} testId={`plan-${site}`} value={chosen ?? ''} onPick={(value) => setPlan(site, value)}>
              <option value="">{t('tracking_planAssumed', [SITE_LABELS[site], planLabel(table.defaultPlan)])}</option>
              {table.plans.map((plan) => (
                <option key={plan} value={plan}>
                  {t('tracking_planChosen', [SITE_LABELS[site], planLabel(plan)])}
                </option>
              ))}
            </SiteChoice>,
          ];
        })}
      </div>
      <h3>{t('label_switchHeading')}</h3>
      <p class="muted">{t('label_switchHelp')}</p>
      <div class="page-labels">
        {SITE_IDS.map((site) => (
          <Check
            key={site}
            label={SITE_LABELS[site]}
            testId={`page-label-${site}`}
            checked={settings.pageLabels?.[site] !== false}
            onToggle={(on) => save({ pageLabel: { site, on } }, on ? t('label_switchOn', SITE_LABELS[site]) : t('label_switchOff', SITE_LABELS[site]))}
          />
        ))}
      </div>
      <StatusLine status={status} />

      <h3>{t('tracking_health')}</h3>
      <HealthList health={health} locale={props.locale} plans={settings.plans} />
      <PageReport place="health" />
    </Panel>
  );
}
