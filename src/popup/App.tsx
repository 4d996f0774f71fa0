import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { MessageError, MessageResult } from '../messaging/messaging';
import { errorSentence } from './errors';
import { t } from '../i18n/t';
import type { PopupState, RemoteStatus } from '../domain';
import { Alerts } from './components/Alerts';
import { Breakdown } from './components/Breakdown';
import { DailyChart } from './components/DailyChart';
import { DataActions } from './components/DataActions';
import { KeyMonth } from './components/KeyMonth';
import { LastAnswer, extrasOf } from './components/LastAnswer';
import { later } from './components/Later';
import { RegionSettings } from './components/RegionSettings';
import { RemoteSettings } from './components/RemoteSettings';
import { TotalsPanel } from './components/TotalsPanel';
import { TrackingSettings } from './components/TrackingSettings';
import { comparedWithUsual } from './usual-answer';
import type { PeriodKey } from './view';
import type { FootprintRanges } from '../features/part';

type Load = { status: 'loading'; slow: boolean } | { status: 'error'; error: MessageError } | { status: 'ready'; state: PopupState };

/** After this long without an answer the popup says it is still waiting. */
const SLOW_AFTER_MS = 2000;

export interface AppProps {
  /** The UI locale for numbers and dates (browser.i18n.getUILanguage() in the extension). */
  locale?: string;
  /** The first popup/state request, started before Preact renders anything (saves a frame). */
  initialState?: Promise<MessageResult<PopupState>>;
  /** Called once, right after the first numbers are in the DOM (the benchmark marks it). */
  onNumbersShown?: () => void;
  /** Where the numbers come from: the popup entrypoint reads them from storage (loadPopupState), never waiting for the worker. */
  loadState: () => Promise<MessageResult<PopupState>>;
}

export const METHODOLOGY_PATH = '/methodology.html';

// The period figures price turns with the core's calculate: loaded after the first numbers, like the budget's setting.
const PeriodInsights = later(() => import('./components/later-parts').then((m) => m.PeriodInsights));
const BudgetSettings = later(() => import('./components/later-parts').then((m) => m.BudgetSettings));

export function App({ locale = 'en', onNumbersShown, initialState, loadState }: AppProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading', slow: false });
  const [refreshError, setRefreshError] = useState<MessageError | null>(null);
  const [period, setPeriod] = useState<PeriodKey>('today');
  // The stored answers' ranges of a period, read with the period figures; the headline shows them once they match its period.
  const [stored, setStored] = useState<{ period: PeriodKey; ranges: FootprintRanges | undefined } | null>(null);
  const onRanges = useCallback((p: PeriodKey, ranges: FootprintRanges | undefined) => setStored({ period: p, ranges }), []);
  // The numbers render first; charts and settings follow once they are painted.
  const [showRest, setShowRest] = useState(false);
  const shown = useRef(false);
  const pending = useRef(initialState);

  const refresh = useCallback(async () => {
    const first = pending.current;
    pending.current = undefined;
    const res = await (first ?? loadState());
    if (res.ok) {
      setRefreshError(null);
      setLoad({ status: 'ready', state: res.value });
    } else {
      // Keep numbers already on screen, but say they may be stale.
      setLoad((prev) => (prev.status === 'ready' ? prev : { status: 'error', error: res.error }));
      setRefreshError(res.error);
    }
  }, [loadState]);

  // A layout effect, not an effect: Preact runs effects only after the next frame, and the
  // numbers would wait for it even when storage answered before.
  useLayoutEffect(() => {
    const slow = setTimeout(() => setLoad((prev) => (prev.status === 'loading' ? { status: 'loading', slow: true } : prev)), SLOW_AFTER_MS);
    void refresh().finally(() => clearTimeout(slow));
    return () => clearTimeout(slow);
  }, [refresh]);

  useLayoutEffect(() => {
    if (load.status === 'ready' && !shown.current) {
      shown.current = true;
      onNumbersShown?.();
    }
  }, [load.status]);

  useEffect(() => {
    if (load.status === 'ready' && !showRest) setShowRest(true);
  }, [load.status, showRest]);

  const setRemote = async (remote?: RemoteStatus) => {
    if (remote) setLoad((prev) => (prev.status === 'ready' ? { status: 'ready', state: { ...prev.state, remote } } : prev));
    await refresh();
  };

  const methodologyUrl = browser.runtime.getURL(METHODOLOGY_PATH);

  return (
    <div class="popup">
      <header>
        <h1>{t('extName')}</h1>
        <a
          href={methodologyUrl}
          target="_blank"
          rel="noopener"
          onClick={(e) => {
            e.preventDefault();
            void browser.tabs.create({ url: methodologyUrl });
          }}
        >
          {t('popup_methodology')}
        </a>
      </header>
      {load.status === 'loading' && (
        <p class="loading" role="status" aria-live="polite" data-testid="loading">
          {load.slow ? t('popup_loadingSlow') : t('popup_loading')}
        </p>
      )}
      {load.status === 'error' && (
        <div class="error-box" role="alert" data-testid="load-error">
          <p>
            <strong>{t('popup_loadErrorTitle')}</strong> {t('popup_loadError', [errorSentence(load.error), load.error.code])}
          </p>
          <button
            type="button"
            onClick={() => {
              setLoad({ status: 'loading', slow: false });
              void refresh();
            }}
          >
            {t('popup_retry')}
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <main>
          {refreshError && (
            <p class="status status-warning" role="alert">
              {t('popup_refreshFailed', [errorSentence(refreshError), refreshError.code])}
            </p>
          )}
          <Alerts state={load.state} locale={locale} />
          <TotalsPanel
            state={load.state}
            locale={locale}
            period={period}
            onPeriod={setPeriod}
            {...(stored?.period === period && stored.ranges ? { stored: stored.ranges } : {})}
          />
          {load.state.remote.enabled && load.state.remote.hasKey && <KeyMonth locale={locale} />}
          <LastAnswer
            entry={load.state.lastTurn}
            locale={locale}
            extras={extrasOf(load.state.lastTurn, load.state.lastImages)}
            usual={comparedWithUsual(load.state)}
          />
          {showRest && <PeriodInsights period={period} locale={locale} onRanges={onRanges} />}
          {showRest && <Rest state={load.state} locale={locale} refresh={refresh} setRemote={setRemote} />}
        </main>
      )}
    </div>
  );
}

function Rest({
  state,
  locale,
  refresh,
  setRemote,
}: {
  state: PopupState;
  locale: string;
  refresh: () => Promise<void>;
  setRemote: (r?: RemoteStatus) => Promise<void>;
}) {
  return (
    <>
      <DailyChart daily={state.daily} locale={locale} />
      <Breakdown state={state} locale={locale} />
      <RegionSettings region={state.settings.region} turns={state.totals.allTime.turns} locale={locale} onChanged={refresh} />
      <TrackingSettings state={state} locale={locale} onChanged={refresh} />
      <BudgetSettings budget={state.settings.budget} locale={locale} onChanged={refresh} />
      <RemoteSettings remote={state.remote} locale={locale} onChanged={setRemote} />
      <DataActions turns={state.totals.allTime.turns} locale={locale} onChanged={refresh} />
    </>
  );
}
