/**
 * The page report: what a person sends when a chat page is not read as it should be, made so that
 * a maintainer can rebuild the page from it (`npm run fixture:from-report`) and fix the reader
 * without a live page, and holding no chat text. It is the page's body as a tree: every element's
 * tag, its class names, `role`, `aria-*` and `data-*` attributes and a few more (an allow-list:
 * ./page-report-attributes.ts), and its place among its siblings. Every text node, and every
 * attribute value written for people, is replaced by placeholder words of the same length and
 * script; ids and URLs keep only their shape (./page-report-mask.ts). Beside it: which of the
 * reader's named selectors match, and what the reader read (how many prompts and answers, streaming
 * or not, a model label or not). Loaded as a module of its own when the popup asks for a report.
 */
import type { SiteAdapter } from './adapter';
import { attributePolicy, selectorLiterals } from './page-report-attributes';
import { PAGE_REPORT_FORMAT, PAGE_REPORT_KIND, type PageReport, type ReportElement } from './page-report-format';
import { createIdShapes, maskText } from './page-report-mask';

const MAX_NODES = 8_000;
const MAX_DEPTH = 80;
/** Elements whose inside is no part of the page's structure (code, media, frames): kept, their inside left out. */
const OPAQUE = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'canvas', 'video', 'audio', 'object', 'embed']);
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Builds the report. `url` gives only its path's shape. */
export function buildPageReport(doc: Document, adapter: SiteAdapter, extensionVersion: string, url: string, now = Date.now()): PageReport {
  const messages = safely(() => adapter.findTurns(doc), []);
  const area = chatArea(
    doc,
    messages.map((m) => m.element),
  );
  const pathWords = adapter.conversationUrls.flatMap((u) => u.split('/')).filter((w) => /^[a-z][\w-]*$/.test(w));
  const ids = createIdShapes(pathWords);
  const policy = attributePolicy(ids, selectorLiterals(adapter.selectors, [adapter.sendButtonSelector]), adapter.hosts[0]);
  let nodes = 0;
  let truncated = false;

  const attrsOf = (el: Element): Record<string, string> | undefined => {
    const kept: Array<[string, string]> = [];
    for (const name of el.getAttributeNames().sort()) {
      const value = policy.value(name.toLowerCase(), el.getAttribute(name) ?? '');
      if (value !== null) kept.push([name, value]);
    }
    return kept.length ? Object.fromEntries(kept) : undefined;
  };

  const describe = (el: Element, depth: number): ReportElement => {
    nodes++;
    const tag = el.tagName.toLowerCase();
    const node: ReportElement = { tag };
    const attrs = attrsOf(el);
    if (attrs) node.attrs = attrs;
    if (el === area) node.chatArea = true;
    if (OPAQUE.has(tag) || el.childNodes.length === 0) return node;
    if (depth >= MAX_DEPTH) {
      truncated = true;
      return node;
    }
    const children: NonNullable<ReportElement['children']> = [];
    let previous = '';
    for (const child of Array.from(el.childNodes)) {
      if (nodes >= MAX_NODES) {
        truncated = true;
        break;
      }
      if (child.nodeType === TEXT_NODE) {
        const text = maskText(child.nodeValue ?? '');
        if (text) children.push(text);
        previous = '';
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const described = describe(child as Element, depth + 1);
      const signature = JSON.stringify(described);
      const last = children[children.length - 1];
      if (typeof last === 'object' && signature === previous) last.repeat = (last.repeat ?? 1) + 1;
      else {
        children.push(described);
        previous = signature;
      }
    }
    if (children.length) node.children = children;
    return node;
  };

  const selectors: PageReport['selectors'] = {};
  for (const [name, chain] of Object.entries(adapter.selectors)) {
    selectors[name] = {};
    for (const selector of chain) selectors[name][selector] = safely(() => doc.querySelectorAll(selector).length, -1);
  }

  const last = messages.findLast((m) => m.role === 'assistant');
  return {
    report: PAGE_REPORT_KIND,
    format: PAGE_REPORT_FORMAT,
    site: adapter.site,
    adapterVersion: adapter.version,
    extensionVersion,
    date: new Date(now).toISOString().slice(0, 10),
    saw: {
      user: messages.filter((m) => m.role === 'user').length,
      assistant: messages.filter((m) => m.role === 'assistant').length,
      withPageIds: messages.filter((m) => m.pageId).length,
      streaming: safely(() => adapter.isStreaming(doc), false),
      modelLabel: safely(() => adapter.readModelLabel(doc, last) !== null, false),
      conversationIdInUrl: safely(() => adapter.conversationId(url) !== null, false),
    },
    selectors,
    path: pathShape(ids.url(url, adapter.hosts[0])),
    html: attrsOf(doc.documentElement) ?? {},
    body: describe(doc.body, 0),
    truncated,
  };
}

/** The path alone, without host or query. */
const pathShape = (shaped: string): string => shaped.replace(/^(blob:)?https:\/\/[^/]+/, '').replace(/\?.*$/, '') || '/';

/** The smallest element holding every message found, else the main region, else the body. */
function chatArea(doc: Document, elements: Element[]): Element | null {
  if (elements.length > 0) {
    let area: Element | null = elements[0].parentElement;
    while (area && !elements.every((el) => area!.contains(el))) area = area.parentElement;
    if (area) return area;
  }
  return doc.querySelector('main, [role="main"]') ?? doc.body;
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
