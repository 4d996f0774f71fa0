/**
 * One page label: a small line after an answer, in its own shadow root (page styles do not reach
 * in, ours do not leak out). It sits in the page flow, inherits the page's font and colour (muted
 * with opacity, so it reads on light and dark pages), and is a button: the token counts show on
 * hover and on keyboard focus, inline after the summary (never floating over the page). Its name
 * is what it shows (so speech input can say what it sees), and its description the whole sentence
 * as a screen reader says it, the amounts in words ("about 9.2 watt-hours"). A newly counted answer's sentence is also said once, by
 * the page's one polite live region (the announcer, below), after whatever the screen reader is
 * reading, never cutting into the site's own announcements.
 */
import type { LabelTexts } from '../domain/turns';
import { t } from '../i18n/t';

/** A counted answer's texts come formatted from the worker (src/label/texts.ts). */
export type LabelContent = { kind: 'counted'; texts: LabelTexts } | { kind: 'not-counted'; reason: string };

const LABEL_TAG = 'ai-footprint-label';

const ANNOUNCER_TAG = 'ai-footprint-announcer';

const OUR_TAG_NAMES = new Set([LABEL_TAG.toUpperCase(), ANNOUNCER_TAG.toUpperCase()]);
/** Whether a node is one of ours: a label host or the announcer (the tracker ignores their changes). */
export const isLabelHost = (node: Node): boolean => OUR_TAG_NAMES.has((node as Element).tagName);

const CSS = `
:host{all:initial;display:block;margin:.25em 0 .5em;font-family:inherit;font-size:.85em;line-height:1.4;color:inherit}
button{all:unset;box-sizing:border-box;font:inherit;color:inherit;opacity:.62;cursor:help;border-radius:3px}
button:hover,button:focus-visible{opacity:.9}
button:focus-visible{outline:2px solid currentColor;outline-offset:2px}
.details{display:none;margin-inline-start:.75em;opacity:.62}
.spoken{display:none}
button:hover+.details,button:focus+.details{display:inline}
.tip{display:none;opacity:.75}
button:hover~.tip,button:focus~.tip{display:block}
`;

const sheets = new WeakMap<Document, CSSStyleSheet>();

/** A constructed stylesheet where the browser has them: a page's CSP does not apply to it, unlike an inline <style>. */
function styleInto(root: ShadowRoot, doc: Document): void {
  const View = doc.defaultView as (Window & typeof globalThis) | null;
  if (View?.CSSStyleSheet && 'adoptedStyleSheets' in root) {
    try {
      let sheet = sheets.get(doc);
      if (!sheet) {
        sheet = new View.CSSStyleSheet();
        sheet.replaceSync(CSS);
        sheets.set(doc, sheet);
      }
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Fall back to a <style> element below.
    }
  }
  const style = doc.createElement('style');
  style.textContent = CSS;
  root.append(style);
}

export function createLabelHost(doc: Document): HTMLElement {
  const host = doc.createElement(LABEL_TAG);
  const root = host.attachShadow({ mode: 'open' });
  styleInto(root, doc);
  const content = doc.createElement('span');
  content.className = 'content';
  root.append(content);
  return host;
}

/**
 * The page's one polite live region, out of sight. It goes into the page empty, and is given text
 * only later: a screen reader announces a live region's changes, and some miss a region that
 * arrives already filled. One for the page, so a reload that puts back a whole conversation's
 * labels announces nothing, and each new answer is said once.
 */
export function createAnnouncer(doc: Document): HTMLElement {
  const host = doc.createElement(ANNOUNCER_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const region = doc.createElement('div');
  region.setAttribute('role', 'status');
  // Out of sight but in the accessibility tree (not display:none), whatever the page's styles.
  host.style.cssText =
    'position:absolute!important;width:1px!important;height:1px!important;overflow:hidden!important;clip-path:inset(50%)!important;white-space:nowrap!important;margin:-1px!important;padding:0!important;border:0!important';
  root.append(region);
  return host;
}

/** Has the announcer say `text` (a new text node, so the same sentence twice is said twice). */
export function announce(announcer: HTMLElement, text: string): void {
  const region = announcer.shadowRoot!.querySelector('[role="status"]')!;
  region.replaceChildren(announcer.ownerDocument.createTextNode(text));
}

/** The label's three texts: what it shows, what hover/focus adds, and the sentence for screen readers. */
export function labelTexts(content: LabelContent): LabelTexts {
  if (content.kind === 'counted') return content.texts;
  return { summary: t('label_notCounted'), details: content.reason, spoken: t('label_notCountedSpoken', content.reason) };
}

/** Writes the label's content into it (text only, never HTML). */
export function fillLabel(host: HTMLElement, content: LabelContent): void {
  const root = host.shadowRoot!.querySelector<HTMLElement>('.content')!;
  const { summary, details, spoken } = labelTexts(content);
  const doc = host.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = summary;
  button.setAttribute('aria-describedby', 'spoken');
  // Never shown: a description is read from hidden text too.
  const words = doc.createElement('span');
  words.id = 'spoken';
  words.className = 'spoken';
  words.textContent = spoken;
  const more = doc.createElement('span');
  more.id = 'details';
  more.className = 'details';
  more.textContent = details;
  const parts: HTMLElement[] = [button, more, words];
  const tip = content.kind === 'counted' ? content.texts.tip : undefined;
  if (tip) {
    // The new-chat suggestion of a long chat, on its own line under the details.
    const line = doc.createElement('span');
    line.className = 'tip';
    line.textContent = tip;
    parts.push(line);
  }
  root.replaceChildren(...parts);
  host.dataset.state = content.kind;
  if (tip) host.dataset.tip = 'new-chat';
  else delete host.dataset.tip;
}
