import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { BudgetSetting } from '../../domain/budget';
import { t } from '../../i18n/t';
import { OPTIONAL_API_PERMISSIONS } from '../../manifest/facts';
import { askWorker } from '../ask-worker';
import { budgetHelp, parseBudgetWh } from '../period-texts';
import { Panel } from './Panel';
import { StatusLine, errorStatus, type Status } from './StatusLine';

/** The stored budget in the field's unit (Wh), without float noise ("50", not "50.000000000000004"). */
const whOf = (kwh: number | null): string => (kwh === null ? '' : String(Number((kwh * 1000).toPrecision(12))));

const NOTIFICATIONS = { permissions: [...OPTIONAL_API_PERMISSIONS] } as Parameters<typeof browser.permissions.request>[0];

/**
 * Setting the weekly budget (off by default) and its notification. Turning the notification on
 * asks the browser for the optional `notifications` permission there and then (the click is the
 * gesture it needs); the setting is saved at once, because Firefox closes the popup when its prompt
 * opens, and the worker checks the permission before it notifies.
 */
export function BudgetSettings({ budget, locale, onChanged }: { budget: BudgetSetting | undefined; locale: string; onChanged: () => Promise<void> }) {
  const current = budget ?? { weeklyKwh: null, notify: false };
  const [input, setInput] = useState(whOf(current.weeklyKwh));
  const [status, setStatus] = useState<Status | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => setInput(whOf(current.weeklyKwh)), [current.weeklyKwh]);

  const save = async (next: BudgetSetting) => {
    const res = await askWorker('settings/update', { budget: next });
    if (!res.ok) return setStatus(errorStatus(t('action_saveSetting'), res.error));
    setStatus(null);
    await onChanged();
  };

  const setBudget = (e: Event) => {
    e.preventDefault();
    const kwh = parseBudgetWh(input);
    if (kwh === null) return setStatus({ tone: 'error', text: t('budget_invalid') });
    void save({ weeklyKwh: kwh, notify: current.notify });
  };

  const setNotify = (on: boolean) => {
    if (!on || current.weeklyKwh === null) return void save({ weeklyKwh: current.weeklyKwh, notify: false });
    let asked: Promise<boolean>;
    try {
      asked = browser.permissions.request(NOTIFICATIONS);
    } catch (err) {
      asked = Promise.reject(err);
    }
    void save({ weeklyKwh: current.weeklyKwh, notify: true });
    asked.then(
      (granted) => {
        if (granted) return;
        setStatus({ tone: 'warning', text: t('budget_notifyDenied') });
        void save({ weeklyKwh: current.weeklyKwh, notify: false });
      },
      () => {
        setStatus({ tone: 'warning', text: t('budget_notifyDenied') });
        void save({ weeklyKwh: current.weeklyKwh, notify: false });
      },
    );
  };

  return (
    <Panel id="budget" title={t('budget_heading')}>
      <p class="muted">{budgetHelp(locale)}</p>
      <form onSubmit={setBudget}>
        <label for="budget-wh">{t('budget_amount')}</label>
        <input
          ref={field}
          id="budget-wh"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          value={input}
          data-testid="budget-input"
          onInput={(e) => setInput((e.currentTarget as HTMLInputElement).value)}
        />
        <div class="row">
          <button type="submit" class="primary" data-testid="budget-save">
            {t('budget_save')}
          </button>
          {current.weeklyKwh !== null && (
            <button
              type="button"
              data-testid="budget-off"
              // The button goes away with the budget: the focus goes back to the field, not to the page's start.
              onClick={() => void save({ weeklyKwh: null, notify: false }).then(() => field.current?.focus())}
            >
              {t('budget_turnOff')}
            </button>
          )}
        </div>
      </form>
      <label class="check">
        <input
          type="checkbox"
          checked={current.notify}
          disabled={current.weeklyKwh === null}
          data-testid="budget-notify"
          onChange={(e) => setNotify((e.currentTarget as HTMLInputElement).checked)}
        />
        {t('budget_notify')}
      </label>
      <StatusLine status={status} />
    </Panel>
  );
}
