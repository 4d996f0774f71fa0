/**
 * The adapters' kit: ordered selector chains, page order, visible text, ids, and the usual way a
 * page says an answer is being written. A site module uses these rather than its own copy.
 */
import type { PageMessage, Role, Streaming } from './types';

/** Elements of the first selector in the chain that matches anything, in page order. */
export function firstMatching(root: ParentNode, chain: readonly string[]): Element[] {
  for (const selector of chain) {
    const found = root.querySelectorAll(selector);
    if (found.length > 0) return outermost(found);
  }
  return [];
}

/** The first element any selector of the chain finds. */
export function firstElement(root: ParentNode, chain: readonly string[]): Element | null {
  for (const selector of chain) {
    const el = root.querySelector(selector);
    if (el) return el;
  }
  return null;
}

/** Each chain as one selector list, joined once (to test the element found last in one call). */
const joined = new WeakMap<readonly string[], string>();

/** The element each chain (joined) last found under each root: see findMark. */
const lastFound = new WeakMap<ParentNode, Map<string, Element>>();

/**
 * The first element any selector of the chain finds (a stop button, a busy flag), trying the one
 * found last first: while it is still under `root` and still matches, the answer is the same
 * without walking the page. Otherwise each selector walks the page on its own: Chromium matches
 * one simple selector far faster than a list of them (a list of seven costs about twice the seven
 * walks on a long chat).
 */
export function findMark(root: ParentNode, chain: readonly string[]): Element | null {
  let selector = joined.get(chain);
  if (selector === undefined) joined.set(chain, (selector = chain.join(',')));
  let found = lastFound.get(root);
  const last = found?.get(selector);
  if (last && (root as Node).contains(last) && last.matches(selector)) return last;
  let now: Element | null = null;
  for (const one of chain) if ((now = root.querySelector(one))) break;
  if (now) {
    if (!found) lastFound.set(root, (found = new Map()));
    found.set(selector, now);
  } else found?.delete(selector);
  return now;
}

/** Whether any selector of the chain matches (see findMark). */
export const anyMatches = (root: ParentNode, chain: readonly string[]): boolean => findMark(root, chain) !== null;

/** `Node.DOCUMENT_POSITION_FOLLOWING` (the constant is a browser global, absent where unit tests run). */
const FOLLOWING = 4;

/** Whether `b` comes after `a` in page order (a descendant of `a` does too). */
export const precedes = (a: Node, b: Node): boolean => (a.compareDocumentPosition(b) & FOLLOWING) !== 0;

/** A sort comparator for page order. */
export const inPageOrder = (a: Element, b: Element): number => (a === b ? 0 : precedes(a, b) ? -1 : 1);

/** The last item of a list (the newest message of a page), or undefined when it is empty. */
export const lastOf = <T>(list: ArrayLike<T>): T | undefined => list[list.length - 1];

/** The page's messages in order with their roles, found by a selector chain; an element whose role cannot be told is left out. */
export function messagesBy(doc: ParentNode, chain: readonly string[], roleOf: (el: Element) => Role | null): Array<{ role: Role; element: Element }> {
  return firstMatching(doc, chain).flatMap((element) => {
    const role = roleOf(element);
    return role ? [{ role, element }] : [];
  });
}

/** The newest answer among those messages. */
export const newestAnswerBy = (doc: ParentNode, chain: readonly string[], roleOf: (el: Element) => Role | null): Element | undefined =>
  lastOf(messagesBy(doc, chain, roleOf).filter((m) => m.role === 'assistant'))?.element;

/** Drops elements nested inside another element of the same list (lists are in page order), without copying the list first. */
function outermost(els: NodeListOf<Element>): Element[] {
  const out: Element[] = [];
  let last: Element | undefined;
  for (let i = 0; i < els.length; i++) {
    const el = els[i];
    if (last?.contains(el)) continue;
    out.push((last = el));
  }
  return out;
}

/** User and assistant elements from two selector chains, merged in page order. */
export function byRole(root: ParentNode, userChain: readonly string[], assistantChain: readonly string[]): Array<{ role: Role; element: Element }> {
  const users = firstMatching(root, userChain).map((element) => ({ role: 'user' as const, element }));
  const assistants = firstMatching(root, assistantChain).map((element) => ({ role: 'assistant' as const, element }));
  return [...users, ...assistants].sort((a, b) => inPageOrder(a.element, b.element));
}

/** UI chrome inside messages: controls, icons, screen-reader-only and non-selectable labels. */
export const CHROME_SELECTOR = [
  'button',
  '[role="button"]',
  'svg',
  'style',
  'script',
  'noscript',
  'template',
  'textarea',
  'input',
  'select',
  'img',
  '[hidden]',
  '[aria-hidden="true"]',
  '.sr-only',
  '.cdk-visually-hidden',
  '.select-none',
].join(',');

const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'LI',
  'UL',
  'OL',
  'PRE',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'TABLE',
  'TR',
  'BLOCKQUOTE',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'HR',
  'DL',
  'DT',
  'DD',
  'FIGURE',
  'FIGCAPTION',
  'DETAILS',
  'SUMMARY',
]);

/**
 * The visible text of an element, the same in every browser engine: blocks on their own lines,
 * whitespace collapsed outside `pre`, table cells separated by a tab, chrome left out.
 * `replace` may give the text of a skipped element instead (math shown as glyphs, read as its source).
 */
export function visibleText(root: Element, skip: string = CHROME_SELECTOR, replace?: (el: Element) => string | null): string {
  let out = '';
  // Looks only at the end of `out` (a regex anchored with $ would rescan the whole text at every block).
  const trimEnd = (chars: string) => {
    let end = out.length;
    while (end > 0 && chars.includes(out[end - 1])) end--;
    if (end !== out.length) out = out.slice(0, end);
  };
  const newline = () => {
    trimEnd(' \t');
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  const walk = (node: Node, pre: boolean): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        const raw = child.nodeValue ?? '';
        if (pre) out += raw;
        else {
          let text = raw.replace(/\s+/g, ' ');
          if (out === '' || out.endsWith('\n') || out.endsWith(' ') || out.endsWith('\t')) text = text.replace(/^ /, '');
          out += text;
        }
      } else if (child.nodeType === 1) {
        const el = child as Element;
        if (el.matches(skip)) {
          const text = replace?.(el);
          if (text) out += text;
          continue;
        }
        const tag = el.tagName;
        if (tag === 'BR') {
          out += '\n';
          continue;
        }
        if (tag === 'TD' || tag === 'TH') {
          if (out !== '' && !out.endsWith('\n')) {
            trimEnd(' ');
            out += '\t';
          }
          walk(el, pre);
          continue;
        }
        const block = BLOCK_TAGS.has(tag);
        if (block) newline();
        walk(el, pre || tag === 'PRE');
        if (block) newline();
      }
    }
  };
  walk(root, false);
  return out.trim();
}

/** The text of a message made of parts: each part read by `read` (its visible text by default), empty ones left out, one per line. */
export function joinTexts(parts: readonly Element[], read: (part: Element) => string = (part) => visibleText(part)): string {
  return parts
    .map(read)
    .filter((t) => t !== '')
    .join('\n');
}

/** FNV-1a, 32 bits, as base 36: a short deterministic fingerprint (not a security hash). */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * Ids for pages without message ids: the conversation, a fingerprint of the prompt and which
 * occurrence of that prompt it is. No scroll position goes in, so a virtual list that shows
 * other messages after scrolling keeps the same ids. An assistant message takes its prompt's id.
 */
export function derivedIds(conversation: string, found: Array<{ role: Role; element: Element }>): PageMessage[] {
  const seen = new Map<string, number>();
  let promptId = `${conversation}:start`;
  let answers = 0;
  return found.map(({ role, element }) => {
    if (role === 'user') {
      const print = fingerprint((element.textContent ?? '').replace(/\s+/g, ' ').trim());
      const n = seen.get(print) ?? 0;
      seen.set(print, n + 1);
      promptId = `${conversation}:${print}.${n}`;
      answers = 0;
      return { id: `${promptId}:u`, role, element, pageId: false };
    }
    return { id: `${promptId}:a${answers++}`, role, element, pageId: false };
  });
}

/** The message's id the page gives it, or null (see `withPageIds`). */
export type PageIdOf = (element: Element, role: Role) => string | null;

/** The page's own id for each message that has one, a derived id (`derivedIds`, under `conversation()`, asked only then) for the others. */
export function withPageIds(conversation: () => string, found: Array<{ role: Role; element: Element }>, pageIdOf: PageIdOf): PageMessage[] {
  let derived: PageMessage[] | undefined;
  return found.map(({ role, element }, i) => {
    const id = pageIdOf(element, role);
    return id ? { id, role, element, pageId: true } : (derived ??= derivedIds(conversation(), found))[i];
  });
}

/**
 * Whether an answer is being written, as most pages say so (see `Streaming`): the first element of
 * `marks` on the page (a stop button, a busy flag), else `'unmarked'` while the newest answer
 * (`newest`, asked only when no mark shows) is `unfinished` (it lacks the mark a finished answer
 * gets: an action bar, a done flag), else null.
 */
export function streamingBy(
  doc: Document,
  marks: readonly string[],
  newest: (doc: Document) => Element | null | undefined,
  unfinished: (answer: Element) => boolean,
): Streaming {
  const mark = findMark(doc, marks);
  if (mark) return mark;
  const answer = newest(doc);
  return answer && unfinished(answer) ? 'unmarked' : null;
}

/** The value of attribute `name` on the first element under `root` that has it, or null. */
export const attributeIn = (root: ParentNode, name: string): string | null => root.querySelector(`[${name}]`)?.getAttribute(name) ?? null;

/** Visible label text of an element, whitespace collapsed; null when empty. */
export function labelText(el: Element | null): string | null {
  if (!el) return null;
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

export { GENERIC_STOP } from './site-data';

/** Pictures smaller than this (by their width/height attributes) are icons and avatars, never generated images. */
const ICON_PX = 48;

/** Whether a picture is icon-sized by its width or height attribute. */
export function isIcon(img: Element): boolean {
  const w = Number(img.getAttribute('width'));
  const h = Number(img.getAttribute('height'));
  return (w > 0 && w < ICON_PX) || (h > 0 && h < ICON_PX);
}
