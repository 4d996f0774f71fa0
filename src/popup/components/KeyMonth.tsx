import { useEffect, useState } from 'preact/hooks';
import type { KeyMonthAnswer } from '../../domain/usage';
import { energyQuantity, formatCount, formatMonth } from '../../display';
import { t } from '../../i18n/t';
import { askWorker } from '../ask-worker';
import { wordsText, type Words } from '../words';
import { WordsText } from './QuantityText';

type View = { step: 'asking' } | { step: 'answered'; answer: KeyMonthAnswer };

const plain = (text: string): Words => ({ message: () => text, parts: [] });

/** The line for the key's month, or why there is none; its energy read as words. */
function keyMonthWords(answer: KeyMonthAnswer, locale: string): Words | null {
  if (answer.status === 'off') return null;
  if (answer.status === 'failed') return plain(answer.unreachable ? t('keyMonth_unreachable') : t('keyMonth_refused', answer.code));
  const u = answer.usage;
  return {
    message: (m) => t('keyMonth_line', m),
    parts: [formatMonth(u.month, locale), formatCount(u.requests, locale), formatCount(u.quota, locale), energyQuantity(u.energyKwh, locale)],
  };
}

/** The line for the key's month as it is shown, or null. */
export function keyMonthText(answer: KeyMonthAnswer, locale: string): string | null {
  const words = keyMonthWords(answer, locale);
  return words && wordsText(words);
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
  const words = view.step === 'asking' ? plain(t('keyMonth_loading')) : keyMonthWords(view.answer, locale);
  if (words === null) return null;
  const failed = view.step === 'answered' && view.answer.status === 'failed';
  return (
    <p
      class={`key-month ${failed ? 'tone-warning' : 'muted'}`}
      role="status"
      data-testid="key-month"
      data-state={view.step === 'asking' ? 'asking' : view.answer.status}
    >
      <WordsText w={words} locale={locale} />
    </p>
  );
}
