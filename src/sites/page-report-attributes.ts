/**
 * Which attributes a page report keeps, and how: an allow-list. An attribute not named here, nor
 * `aria-*` nor `data-*`, is left out with its value (`style`, `d`, `srcset`, event handlers, ...).
 */
import { maskText, type IdShapes } from './page-report-mask';

/** Values that are words of the markup, never of a person: kept when they are one short token. */
const TOKENS = new Set([
  'role',
  'type',
  'dir',
  'lang',
  'hidden',
  'disabled',
  'contenteditable',
  'tabindex',
  'open',
  'inert',
  'translate',
  'spellcheck',
  'draggable',
  'width',
  'height',
  'rx',
  'ry',
  'viewbox',
  'xmlns',
]);
/** Values that name other elements or other pages: kept as their shape. */
const IDS = new Set([
  'id',
  'for',
  'form',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-owns',
  'aria-activedescendant',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
]);
const URLS = new Set(['href', 'src', 'action', 'poster', 'xlink:href']);
/**
 * Values written for people, which may be a prompt, a chat's title or a person's name: replaced by
 * placeholder words, unless the value is a short label the site's own selectors name (a known
 * "Stop generating" button), or a label of a few words that is not written like a name.
 */
const TEXTS = new Set([
  'title',
  'alt',
  'placeholder',
  'value',
  'label',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'aria-keyshortcuts',
]);
/** Texts that are always replaced (unless a selector names them): a title, a picture's description or a field's value is whatever the page or the person wrote. */
const ALWAYS_TEXT = new Set(['title', 'alt', 'value', 'aria-valuetext', 'aria-description']);

/** `data-*` attributes named for what people wrote (`data-conversation-title`, `data-user-name`, `data-math-source`): their values are text, however short. */
const TEXT_DATA = /-(title|name|label|text|prompt|query|summary|description|caption|tooltip|placeholder|source|snippet|preview)$/;
const TOKEN = /^[\w.:%#/+-]{0,40}$/;
/** A data attribute's value that is one token of the markup (a key, a state, an id to shape), however long. */
const DATA_TOKEN = /^[\w.:%#/+-]{0,400}$/;
/** Two or more words each written with a capital, as names and titles are ("Jane Doe", "Trip To Lisbon"). */
const NAME_LIKE = /^\p{Lu}[\p{L}'.-]*(\s+\p{Lu}[\p{L}'.-]*)+$/u;
const FEW_WORDS = 3;

export interface AttributePolicy {
  /** The value to keep for the attribute, or null to leave it out. */
  value(name: string, value: string): string | null;
}

/** `literals`: the attribute values the site's selectors name (kept as they are); `ownHost`: the site's host (kept in URLs). */
export function attributePolicy(ids: IdShapes, literals: ReadonlySet<string>, ownHost: string): AttributePolicy {
  const text = (name: string, value: string): string => {
    if (literals.has(value)) return value;
    const words = value.trim().split(/\s+/).filter(Boolean);
    const label = !ALWAYS_TEXT.has(name) && words.length <= FEW_WORDS && !NAME_LIKE.test(value.trim()) && !/[\d@]/.test(value);
    return label ? value : maskText(value);
  };
  return {
    value(name, value) {
      // Class names are the markup's own words (hashed ones too: selectors use them); only a UUID in one is shaped.
      if (name === 'class') return ids.uuids(value.trim().replace(/\s+/g, ' '));
      if (IDS.has(name)) return value.split(/\s+/).map(ids.shape).join(' ');
      if (URLS.has(name)) return ids.url(value, ownHost);
      if (TEXTS.has(name)) return text(name, value);
      if (TOKENS.has(name)) return TOKEN.test(value) ? value : null;
      if (name.startsWith('aria-')) return TOKEN.test(value) ? value : text(name, value);
      if (name.startsWith('data-')) {
        if (literals.has(value)) return value;
        if (TEXT_DATA.test(name)) return maskText(value);
        if (/^(https?:|blob:|data:|\/)/.test(value)) return ids.url(value, ownHost);
        return DATA_TOKEN.test(value) ? ids.shape(value) : ids.shapeAll(value);
      }
      return null;
    },
  };
}

/** Attribute values a site's selectors name (`[data-testid="stop-button"]`, `[aria-label*="Stop" i]`): words of the site's markup. */
export function selectorLiterals(chains: Readonly<Record<string, readonly string[]>>, more: readonly string[] = []): Set<string> {
  const out = new Set<string>();
  for (const selector of [...Object.values(chains).flat(), ...more]) {
    for (const match of selector.matchAll(/[~|^$*]?=\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))/g)) out.add(match[1] ?? match[2] ?? match[3]);
  }
  return out;
}
