import { useEffect, useState } from 'preact/hooks';
import type { KeyMonthAnswer } from '../../domain/usage';
import { energyQuantity, formatCount, formatMonth, quantityText } from '../../display';
import { t } from '../../i18n/t';
import { askWorker } from '../ask-worker';

type View = { step: 'asking' } | { step: 'answered'; answer: KeyMonthAnswer };

/** The line for the key's month, or why there is none. */
export function keyMonthText(answer: KeyMonthAnswer, locale: string): string | null {
  if (answer.status === 'off') return null;
  if (answer.status === 'failed') return answer.unreachable ? t('keyMonth_unreachable') : t('keyMonth_refused', answer.code);
  const u = answer.usage;
  return t('keyMonth_line', [
    formatMonth(u.month, locale),
    formatCount(u.requests, locale),
    formatCount(u.quota, locale),
    quantityText(energyQuantity(u.energyKwh, locale)),
  ]);
}

/**
 * Remote mode: the API key's month on the service, across every browser that uses the key, beside
 * this browser's own figures (the totals above). Asked once when the popup opens; the worker keeps
 * the answer briefly.
 */
export function KeyMonth({ locale }: { locale: string }) {
  const [view, setView] = useState<View>({ step: 'asking' });
  useEffect(() => {
    let open = true;
    void askWorker('remote/usage', {}).then((res) => {
      if (!open) return;
      setView({ step: 'answered', answer: res.ok ? res.value : { status: 'failed', code: res.error.code, unreachable: false } });
    });
    return () => {
      open = false;
    };
  }, []);
  const text = view.step === 'asking' ? t('keyMonth_loading') : keyMonthText(view.answer, locale);
  if (text === null) return null;
  const failed = view.step === 'answered' && view.answer.status === 'failed';
  return (
    <p
      class={`key-month ${failed ? 'tone-warning' : 'muted'}`}
      role="status"
      data-testid="key-month"
      data-state={view.step === 'asking' ? 'asking' : view.answer.status}
    >
      {text}
    </p>
  );
}
