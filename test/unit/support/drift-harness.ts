/**
 * The drift harness, generic over every adapter's declared `selectors` and a list of
 * variant fixtures. Sites rename things without notice; each mutation here is one such change:
 * each primary hook removed, then renamed (its attribute, class or custom-element tag), first
 * alternative alone and every alternative together; hashed class names rotated; UI labels and
 * visually hidden texts translated. After each, the adapter must read the page exactly as before,
 * or the page must read as "not recognized" by the tracker's own rules (src/tracking/recognize.ts):
 * a different reading that still looks fine is a wrong count with "ok" health, and fails.
 * A variant with a `pause` is also checked mid-answer: it must never read as finished.
 *
 * Add a fixture by adding a Variant to the list in drift.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type SiteId } from '../../../src/sites';
import { ADAPTERS } from '../../support/adapters';
import type { PageMessage, SiteAdapter } from '../../../src/sites/adapter';
import { answerExtrasOf, exchangesOf, joinParts } from '../../../src/tracking/exchanges';
import { answerProblem, promptsProblem } from '../../../src/tracking/recognize';
import { closePage, fixture, loadPage } from './load-page';

export interface Variant {
  site: SiteId;
  /** Under test/fixtures/. */
  file: string;
  url: string;
  /** Puts the finished page in the state it shows while its last answer is still being written (half written). */
  pause?(doc: Document): void;
  /** Makes the loaded page really finished (fixtures that also show a pending answer). */
  finish?(doc: Document): void;
  /**
   * False where the paused page is told apart only by what a mutation takes away (a labelled stop
   * button and nothing else): there the tracker's quiet time decides and corrects in place, so only
   * the unmutated paused page is checked.
   */
  pausedUnderDrift?: boolean;
  /**
   * Elements that look like controls but hold the user's or the model's own words (Perplexity shows a
   * link in a prompt as a role=button chip): another UI language leaves their text as it is.
   */
  ownWords?: string;
}

export interface Reading {
  /** False when the tracker would not count the page: not recognized, or an answer not (yet) finished. */
  ok: boolean;
  messages: Array<{ role: string; text: string; reasoning: string | null; images: number }>;
}

/**
 * What the tracker would take from the page, and whether it would take it at all: each prompt, and
 * each answer with all its parts together (src/tracking/exchanges.ts), as the tracker counts them.
 */
export function readPage(adapter: SiteAdapter, doc: Document): Reading {
  const turns = adapter.findTurns(doc);
  const messages: Reading['messages'] = [];
  const prompts: Array<{ message: PageMessage; text: string }> = [];
  for (const { prompt, parts } of exchangesOf(turns)) {
    if (prompt) {
      const text = adapter.readText(prompt);
      prompts.push({ message: prompt, text });
      messages.push({ role: 'user', text, reasoning: null, images: 0 });
    }
    if (parts.length === 0) continue;
    const extras = answerExtrasOf(adapter, parts);
    messages.push({
      role: 'assistant',
      text: joinParts(parts.map((p) => adapter.readText(p))),
      reasoning: extras.reasoning?.text ?? null,
      images: extras.images?.length ?? 0,
    });
  }
  const ok =
    prompts.length > 0 &&
    messages.some((m) => m.role === 'assistant') &&
    promptsProblem(prompts) === null &&
    messages.every((m) => m.role !== 'assistant' || m.images > 0 || answerProblem(m.text) === null) &&
    !adapter.isStreaming(doc) &&
    turns.every((t) => t.role !== 'assistant' || adapter.answerFinished?.(t.element) !== false);
  return { ok, messages };
}

// ---- Mutations ------------------------------------------------------------------

/** The parts of the last compound of each alternative of a selector: attributes, classes, a tag. */
function partsOf(selector: string): Array<{ alternative: string; attrs: string[]; classes: string[]; tag: string | null }> {
  return splitTop(selector, ',').map((alternative) => {
    const compounds = splitTop(alternative.trim(), ' >+~').filter(Boolean);
    const last = compounds[compounds.length - 1] ?? '';
    const bare = last.replace(/\[[^\]]*\]/g, '').replace(/:[\w-]+(\([^)]*\))?/g, '');
    return {
      alternative: alternative.trim(),
      attrs: [...last.matchAll(/\[([\w-]+)/g)].map((m) => m[1]),
      classes: [...bare.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\/g, '')),
      tag: /^([a-z][\w-]*)/i.exec(bare)?.[1]?.toLowerCase() ?? null,
    };
  });
}

/** Splits at any of `chars` outside brackets, parentheses and quotes. */
function splitTop(text: string, chars: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const ch of text) {
    if (quote) quote = ch === quote ? null : quote;
    else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (depth === 0 && chars.includes(ch)) {
      out.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  out.push(current);
  return out;
}

function renameTag(doc: Document, el: Element, tag: string): void {
  const renamed = doc.createElement(tag);
  for (const at of Array.from(el.attributes)) renamed.setAttribute(at.name, at.value);
  while (el.firstChild) renamed.appendChild(el.firstChild);
  el.parentNode?.replaceChild(renamed, el);
}

/**
 * Removes or renames what a hook selector relies on, on every element it matches: its attributes,
 * its classes, or (with neither) its tag. Returns how many elements changed.
 */
export function mutateHook(doc: Document, selector: string, how: 'remove' | 'rename'): number {
  let touched = 0;
  for (const { alternative, attrs, classes, tag } of partsOf(selector)) {
    let els: Element[];
    try {
      els = Array.from(doc.querySelectorAll(alternative));
    } catch {
      continue;
    }
    for (const el of els) {
      touched++;
      for (const a of attrs) {
        const value = el.getAttribute(a);
        if (value === null) continue;
        el.removeAttribute(a);
        if (how === 'rename') el.setAttribute(`${a}-v9`, value);
      }
      for (const c of classes) {
        if (how === 'rename') el.classList.replace(c, `${c}-v9`);
        else el.classList.remove(c);
      }
      if (attrs.length === 0 && classes.length === 0 && tag) renameTag(doc, el, how === 'rename' && tag.includes('-') ? `${tag}-v9` : 'div');
    }
  }
  return touched;
}

// stylex atoms (x1abcd2), CSS-module suffixes (Name-AbC12_), hashed names (_9663006, fbb737a4): a digit and no dictionary word.
const HASHED = /^(x[0-9a-z]{5,8}|_[0-9a-z]{5,8}|[a-f0-9]{6,8}|[A-Za-z]+-(?=[A-Za-z0-9_]*[0-9A-Z_])[A-Za-z0-9_]{6})$/;

/** A new release: every hashed-looking class token gets another name (the same name for the same token). */
export function rotateHashedClasses(doc: Document): number {
  const names = new Map<string, string>();
  let n = 0;
  for (const el of Array.from(doc.querySelectorAll('[class]'))) {
    for (const c of Array.from(el.classList)) {
      if (!HASHED.test(c) || !/\d/.test(c)) continue;
      if (!names.has(c)) names.set(c, `_${(names.size * 7919 + 4099).toString(16)}q`);
      el.classList.replace(c, names.get(c)!);
      n++;
    }
  }
  return n;
}

const LABEL_ATTRS = ['aria-label', 'title', 'placeholder', 'alt', 'data-send-label', 'data-stop-label'];
/** Visually hidden texts and the texts of controls: UI, not messages. */
const UI_TEXT = '.sr-only, .cdk-visually-hidden, [data-message-attribution], [data-conversation-role], [role="status"], button, [role="button"]';

/** Another UI language: every label and visually hidden or control text changes, nothing else (`ownWords` kept). */
export function translateLabels(doc: Document, ownWords?: string): number {
  let n = 0;
  for (const el of Array.from(doc.querySelectorAll(LABEL_ATTRS.map((a) => `[${a}]`).join(',')))) {
    for (const a of LABEL_ATTRS) {
      const v = el.getAttribute(a);
      if (v) {
        el.setAttribute(a, `ⵜ${[...v].reverse().join('')}`);
        n++;
      }
    }
  }
  for (const el of Array.from(doc.querySelectorAll(UI_TEXT))) {
    if (ownWords && el.matches(ownWords)) continue;
    if (el.children.length === 0 && (el.textContent ?? '').trim() !== '') {
      el.textContent = `ⵜ ${[...(el.textContent ?? '')].reverse().join('')}`;
      n++;
    }
  }
  return n;
}

export type Mutation = [name: string, mutate: (doc: Document) => number];

/** Every mutation for an adapter: each hook removed and renamed (first alternative, every alternative), classes rotated, labels translated. */
export function mutationsOf(adapter: SiteAdapter): Mutation[] {
  const named = Object.entries(adapter.selectors).flatMap(([name, chain]) =>
    (['remove', 'rename'] as const).flatMap((how): Mutation[] => [
      [`${how} hook ${name} (first alternative)`, (doc) => mutateHook(doc, chain[0], how)],
      ...(chain.length > 1
        ? [[`${how} hook ${name} (every alternative)`, (doc: Document) => chain.reduce((n, s) => n + mutateHook(doc, s, how), 0)] as Mutation]
        : []),
    ]),
  );
  return [...named, ['hashed classes rotated', rotateHashedClasses], ['labels translated', translateLabels]];
}

// ---- The tests ------------------------------------------------------------------

/** Defines the drift tests of each variant. */
export function describeDrift(variants: readonly Variant[]): void {
  describe.each(variants)('$site $file under drift', (variant) => {
    const adapter = ADAPTERS[variant.site];
    const html = fixture(variant.file);
    const load = (paused: boolean): Document => {
      const doc = loadPage(html, variant.url);
      variant.finish?.(doc);
      if (paused) variant.pause?.(doc);
      return doc;
    };
    // Parsing a page and closing its window cost more than a test's mutation and reading. Each state,
    // finished and paused, is parsed once; a mutation that changed something (it counted changes) is undone by putting back a
    // deep copy of the tree as loaded (cloneNode: no new parse, no new window), one that changed
    // nothing leaves the page as it was. Reading a page changes nothing: adapters are pure.
    const pages = new Map<boolean, { doc: Document; loaded: Element }>();
    const fresh = (paused: boolean): Document => {
      let page = pages.get(paused);
      if (!page) {
        const doc = load(paused);
        page = { doc, loaded: doc.documentElement.cloneNode(true) as Element };
        pages.set(paused, page);
      }
      return page.doc;
    };
    const done = (paused: boolean, doc: Document, changes: number): void => {
      if (changes === 0) return;
      // Removed, then appended: happy-dom's replaceChild on a document refuses a second root element.
      doc.documentElement.remove();
      doc.appendChild(pages.get(paused)!.loaded.cloneNode(true));
    };
    const baseline = readPage(adapter, fresh(false));
    const mutations = mutationsOf(adapter).map(([name, mutate]): Mutation =>
      mutate === translateLabels && variant.ownWords ? [name, (doc) => translateLabels(doc, variant.ownWords)] : [name, mutate],
    );

    it('reads the unchanged page as finished, and mid-answer as not finished', () => {
      expect(baseline.ok).toBe(true);
      if (variant.pause) expect(readPage(adapter, fresh(true)).ok).toBe(false);
    });

    it('reads a page put back after a mutation as the page as loaded', () => {
      for (const paused of variant.pause ? [false, true] : [false]) {
        const doc = fresh(paused);
        const [html, before] = [doc.documentElement.outerHTML, readPage(adapter, doc)];
        done(paused, doc, 1);
        expect(fresh(paused).documentElement.outerHTML).toBe(html);
        expect(readPage(adapter, fresh(paused))).toEqual(before);
      }
    });

    it.each(mutations)('%s: the same reading, or not recognized', (_name, mutate) => {
      const doc = fresh(false);
      const changes = mutate(doc);
      const after = readPage(adapter, doc);
      done(false, doc, changes);
      if (after.ok) expect(after.messages).toEqual(baseline.messages);
    });

    if (variant.pause && variant.pausedUnderDrift !== false) {
      it.each(mutations)('%s: an answer still being written never reads as finished', (_name, mutate) => {
        const doc = fresh(true);
        const changes = mutate(doc);
        const ok = readPage(adapter, doc).ok;
        done(true, doc, changes);
        expect(ok).toBe(false);
      });
    }

    afterAll(async () => {
      for (const { doc } of pages.values()) await closePage(doc);
      pages.clear();
    });
  });
}

/** Every hook of an adapter matches on at least one of its variants, finished or mid-answer (else it is not a hook the fixtures test). */
export function selectorsMatched(site: SiteId, variants: readonly Variant[]): string[] {
  const docs = variants
    .filter((v) => v.site === site)
    .flatMap((v) => {
      const finished = loadPage(fixture(v.file), v.url);
      v.finish?.(finished);
      const paused = loadPage(fixture(v.file), v.url);
      v.pause?.(paused);
      return [finished, paused];
    });
  return Object.entries(ADAPTERS[site].selectors)
    .filter(([, chain]) => !docs.some((d) => chain.some((selector) => d.querySelector(selector))))
    .map(([name]) => name);
}
