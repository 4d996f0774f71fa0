/**
 * The extension's message catalogues read from public/_locales, rendered the
 * way browser.i18n.getMessage renders them. Tests run in Node, which has no
 * browser.i18n: the fake browser's getMessage answers from here (i18n-setup.ts),
 * in the language useCatalog picks.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

export interface CatalogEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}
export type Catalog = Record<string, CatalogEntry>;

// Tests run from the repository root (happy-dom tests have no file: import.meta.url).
export const LOCALES_DIR = resolve(process.cwd(), 'public/_locales');
export const LOCALES: string[] = readdirSync(LOCALES_DIR).sort();

const cache = new Map<string, Catalog>();
export function catalog(lang: string): Catalog {
  let c = cache.get(lang);
  if (!c) cache.set(lang, (c = JSON.parse(readFileSync(resolve(LOCALES_DIR, lang, 'messages.json'), 'utf8')) as Catalog));
  return c;
}

/**
 * Chrome's message format: `$NAME$` is replaced by placeholder NAME's content,
 * in which `$1`-`$9` are the substitutions; `$$` is a literal dollar sign.
 * An unknown key gives an empty string, as getMessage does.
 */
export function renderMessage(catalog: Catalog, key: string, subs: readonly string[] = []): string {
  const entry = catalog[key];
  if (!entry) return '';
  const placeholders = Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([k, v]) => [k.toLowerCase(), v.content]));
  const fill = (text: string) => text.replace(/\$(\d)/g, (_, d: string) => subs[Number(d) - 1] ?? '');
  return entry.message.replace(/\$\$|\$([A-Za-z0-9_@]+)\$/g, (all, name: string | undefined) => {
    if (all === '$$') return '$';
    const content = placeholders[name!.toLowerCase()];
    return content === undefined ? all : fill(content);
  });
}

/** The `$NAME$` placeholders a message uses, lower-cased and sorted. */
export function placeholdersUsed(message: string): string[] {
  return [...new Set([...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()))].sort();
}

let language = 'en';

/** browser.i18n.getMessage over the catalogue of useCatalog's language, falling back to English for a missing key, as the browser does. */
export function getMessage(key: string, subs?: string | Array<string | number>): string {
  const list = subs === undefined ? [] : (Array.isArray(subs) ? subs : [subs]).map(String);
  return renderMessage(catalog(language), key, list) || renderMessage(catalog('en'), key, list);
}

/** Messages come from `lang`'s catalogue (a folder name of public/_locales: "de", "pt_BR"). */
export function useCatalog(lang: string): void {
  catalog(lang);
  language = lang;
}
