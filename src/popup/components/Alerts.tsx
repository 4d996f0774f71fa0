import type { PopupState } from '../../domain';
import { t } from '../../i18n/t';
import { healthRows, remoteStatusView } from '../view';
import { PageReport } from './PageReport';

/**
 * Problems that change what the numbers mean, shown above everything else. A chat page the
 * extension cannot read is said here (the toolbar badge shows only today's energy), so here too is
 * "Report a problem with this page".
 */
export function Alerts({ state, locale }: { state: PopupState; locale: string }) {
  const remote = ['unauthorized', 'quota', 'degraded'].includes(state.remote.state) ? remoteStatusView(state.remote, locale) : null;
  const sites = healthRows(state.health, locale).filter((h) => h.status === 'not-recognized');
  if (!remote && sites.length === 0) return null;
  return (
    <>
      <ul class="alerts" data-testid="alerts" aria-label={t('alerts_label')}>
        {remote && <li class={`tone-${remote.tone}`}>{remote.text}</li>}
        {sites.map((h) => (
          <li key={h.site} class="tone-error">
            {h.text}
          </li>
        ))}
      </ul>
      {sites.length > 0 && <PageReport place="alert" />}
    </>
  );
}
