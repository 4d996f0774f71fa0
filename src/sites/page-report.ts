/**
 * "Copy page report": what a user can share when a chat page is not recognized, with no text of the
 * page in it. The report holds the structure of the chat area (tag names, attribute names, `role`
 * and `data-testid` values, how many class tokens each element has), which of the adapter's named
 * selectors match and how often, how many messages the adapter finds, and the adapter's and extension's
 * versions. Every other attribute value, every text node and the URL stay out; an element's id
 * is replaced by its length.
 */
import type { SiteAdapter } from './adapter';

export interface ReportNode {
  tag: string;
  /** Attribute names, sorted; values are left out except the two below. */
  attrs?: string[];
  role?: string;
  testid?: string;
  /** Length of the element's id. */
  idLength?: number;
  /** How many class tokens the element has. */
  classes?: number;
  /** How many identical siblings in a row this node stands for. */
  repeat?: number;
  children?: ReportNode[];
}

export interface PageReport {
  report: 'ai-chat-footprint/page-report';
  format: 2;
  site: string;
  adapterVersion: number;
  extensionVersion: string;
  /** Per named selector (`SiteAdapter.selectors`), per selector of its chain: how many elements match. */
  selectors: Record<string, Record<string, number>>;
  messages: { user: number; assistant: number; withPageIds: number };
  streaming: boolean;
  conversationIdInUrl: boolean;
  /** Tag names from <body> down to the chat area. */
  chatAreaPath: string[];
  chatArea: ReportNode | null;
  /** True when the structure was cut at MAX_NODES or MAX_DEPTH. */
  truncated: boolean;
}

const MAX_NODES = 1_500;
const MAX_DEPTH = 40;
/** Elements whose inside says nothing about the page's structure. */
const OPAQUE = new Set(['svg', 'script', 'style', 'noscript', 'template', 'math', 'iframe', 'canvas', 'video', 'audio', 'picture']);

/** Values safe to include: roles and test ids are short identifiers, never user text (capped anyway). */
const safeValue = (value: string | null): string | undefined => (value === null ? undefined : value.slice(0, 80));

/** Builds the report. `url` is only tested for a conversation id, never included. */
export function buildPageReport(doc: Document, adapter: SiteAdapter, extensionVersion: string, url: string): PageReport {
  const messages = safely(() => adapter.findTurns(doc), []);
  const area = chatArea(
    doc,
    messages.map((m) => m.element),
  );
  let nodes = 0;
  let truncated = false;

  const describe = (el: Element, depth: number): ReportNode => {
    nodes++;
    const tag = el.tagName.toLowerCase();
    const node: ReportNode = { tag };
    const names = el.getAttributeNames().filter((n) => n !== 'id' && n !== 'class' && n !== 'role' && n !== 'data-testid');
    if (names.length) node.attrs = names.sort();
    const role = safeValue(el.getAttribute('role'));
    if (role !== undefined) node.role = role;
    const testid = safeValue(el.getAttribute('data-testid'));
    if (testid !== undefined) node.testid = testid;
    if (el.id) node.idLength = el.id.length;
    if (el.classList.length) node.classes = el.classList.length;
    if (OPAQUE.has(tag) || el.children.length === 0) return node;
    if (depth >= MAX_DEPTH || nodes >= MAX_NODES) {
      truncated = true;
      return node;
    }
    const children: ReportNode[] = [];
    let previous = '';
    for (const child of Array.from(el.children)) {
      if (nodes >= MAX_NODES) {
        truncated = true;
        break;
      }
      const described = describe(child, depth + 1);
      const signature = JSON.stringify(described);
      const last = children[children.length - 1];
      if (last && signature === previous) last.repeat = (last.repeat ?? 1) + 1;
      else {
        children.push(described);
        previous = signature;
      }
    }
    node.children = children;
    return node;
  };

  const selectors: PageReport['selectors'] = {};
  for (const [name, chain] of Object.entries(adapter.selectors)) {
    selectors[name] = {};
    for (const selector of chain) selectors[name][selector] = safely(() => doc.querySelectorAll(selector).length, -1);
  }

  const path: string[] = [];
  for (let el = area; el && el !== doc.body && el !== doc.documentElement; el = el.parentElement) path.unshift(el.tagName.toLowerCase());

  return {
    report: 'ai-chat-footprint/page-report',
    format: 2,
    site: adapter.site,
    adapterVersion: adapter.version,
    extensionVersion,
    selectors,
    messages: {
      user: messages.filter((m) => m.role === 'user').length,
      assistant: messages.filter((m) => m.role === 'assistant').length,
      withPageIds: messages.filter((m) => m.pageId).length,
    },
    streaming: safely(() => adapter.isStreaming(doc), false),
    conversationIdInUrl: safely(() => adapter.conversationId(url) !== null, false),
    chatAreaPath: path,
    chatArea: area ? describe(area, 0) : null,
    truncated,
  };
}

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
