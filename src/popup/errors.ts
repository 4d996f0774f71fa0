/**
 * Errors the popup shows, in the UI language: a known code becomes its
 * `err_<CODE>` message (public/_locales); an unknown one keeps the worker's
 * own sentence. The code is always shown, so a report can quote it.
 */
import { t, type MessageKey } from '../i18n/t';

export interface ErrorValue {
  code: string;
  message: string;
}

export function errorSentence(error: ErrorValue): string {
  const key = `err_${error.code}`;
  const translated = /^[A-Z_]+$/.test(error.code) ? t(key as MessageKey) : key;
  return translated === key ? error.message : translated;
}

/** "Saving the region failed: <sentence> (INVALID_REGION)". */
export function failedText(what: string, error: ErrorValue): string {
  return t('status_failed', [what, errorSentence(error), error.code]);
}
