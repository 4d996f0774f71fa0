/**
 * Every UI string goes through browser.i18n and public/_locales. `t` is typed
 * by the English catalogue: an unknown key, or a message with placeholders
 * called without substitutions (and the reverse), does not compile.
 * Nothing here bundles a catalogue: the browser holds the messages.
 */
import { browser } from 'wxt/browser';

type Catalog = typeof import('../../public/_locales/en/messages.json');
export type MessageKey = keyof Catalog;
type Sub = string | number;
/** Substitutions are required exactly when the message declares placeholders. */
export type SubsOf<K extends MessageKey> = Catalog[K] extends { placeholders: object } ? [subs: Sub | readonly Sub[]] : [];

/** Keys that come in a `_one`/`_other` pair, chosen by the locale's plural rule. */
export type PluralKey = { [K in MessageKey]: K extends `${infer B}_one` ? (`${B}_other` extends MessageKey ? B : never) : never }[MessageKey];

// WXT types getMessage by the keys it has generated; this helper is typed by the catalogue itself.
const getMessage = (key: string, subs?: string[]): string => (browser.i18n.getMessage as (k: string, s?: string[]) => string)(key, subs);

export function t<K extends MessageKey>(key: K, ...[subs]: SubsOf<K>): string {
  const list = subs === undefined ? undefined : (Array.isArray(subs) ? subs : [subs]).map(String);
  // A missing message shows its key, never an empty string that hides the gap.
  return getMessage(key, list) || key;
}

const pluralRules = new Map<string, Intl.PluralRules>();
/** `<base>_one` or `<base>_other` by the locale's rule for `n` (Japanese and Chinese always take `_other`). */
export function tn<B extends PluralKey>(base: B, n: number, locale: string, subs: Sub | readonly Sub[]): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  const key = `${base}_${rules.select(n) === 'one' ? 'one' : 'other'}` as MessageKey;
  return (t as (k: MessageKey, s: Sub | readonly Sub[]) => string)(key, subs);
}

/** The browser's UI language ("de", "pt-BR"): numbers, dates and units follow it. */
export function uiLocale(): string {
  try {
    const lang = browser.i18n?.getUILanguage?.();
    if (lang) return lang.replace(/_/g, '-');
  } catch {
    // Outside the extension (tests): fall through.
  }
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en';
}
