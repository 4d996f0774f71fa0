/** The page report a user can share: structure only, never the page's text or attribute values. */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_IDS, type SiteAdapter } from '../../../src/sites';
import { ADAPTERS } from '../../support/adapters';
import { buildPageReport, type ReportNode } from '../../../src/sites/page-report';
import { fixture, loadPage } from '../support/load-page';

const SITE_OF: Array<[RegExp, SiteAdapter, string]> = [
  [/^chatgpt/, ADAPTERS.chatgpt, 'https://chatgpt.com/c/11111111-2222-3333-4444-555555555555'],
  [/^claude/, ADAPTERS.claude, 'https://claude.ai/chat/c-secret'],
  [/^gemini/, ADAPTERS.gemini, 'https://gemini.google.com/app/secret0'],
  [/^deepseek/, ADAPTERS.deepseek, 'https://chat.deepseek.com/a/chat/s/secret'],
  [/^meta/, ADAPTERS.meta, 'https://www.meta.ai/prompt/secret'],
  [/^mistral/, ADAPTERS.mistral, 'https://chat.mistral.ai/chat/secret'],
  [/^perplexity/, ADAPTERS.perplexity, 'https://www.perplexity.ai/search/secret'],
  [/^copilot/, ADAPTERS.copilot, 'https://copilot.microsoft.com/chats/secret'],
  [/^grok/, ADAPTERS.grok, 'https://grok.com/c/secret'],
  [/^doubao/, ADAPTERS.doubao, 'https://www.doubao.com/chat/secret'],
  [/^poe/, ADAPTERS.poe, 'https://poe.com/chat/secret'],
];

const PAGES = ['sites', 'real-dom'].flatMap((dir) =>
  readdirSync(new URL(`../../fixtures/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith('.html'))
    .flatMap((f) => {
      const site = SITE_OF.find(([re]) => re.test(f));
      return site ? [{ file: `${dir}/${f}`, adapter: site[1], url: site[2] }] : [];
    }),
);

/** Every string in a JSON value, keys included. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/** Replaces every text, attribute value, id and class of the page with a marked stand-in. */
function plantCanaries(doc: Document): void {
  let n = 0;
  const walker = doc.createTreeWalker(doc.documentElement, 4 /* SHOW_TEXT */);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) t.nodeValue = `CANARY text ${n++} `;
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const name of el.getAttributeNames()) {
      if (name === 'role' || name === 'data-testid') continue;
      if (name === 'class') el.setAttribute('class', `${el.getAttribute('class')} canaryclass${n++}`);
      else el.setAttribute(name, `CANARY-${name}-${n++}`);
    }
  }
}

describe('the page report', () => {
  it('covers a fixture of every site', () => {
    expect(new Set(PAGES.map((p) => p.adapter.site))).toEqual(new Set(SITE_IDS));
  });

  it.each(PAGES)('$file: holds only tag and attribute names, roles, test ids, named selectors and versions', ({ file, adapter, url }) => {
    const doc = loadPage(fixture(file), url);
    const report = buildPageReport(doc, adapter, '9.9.9', url);
    const all = Array.from(doc.querySelectorAll('*'));
    const allowed = new Set<string>([
      ...all.map((el) => el.tagName.toLowerCase()),
      ...all.flatMap((el) => el.getAttributeNames()),
      ...all.flatMap((el) => [el.getAttribute('role'), el.getAttribute('data-testid')].filter((v): v is string => v !== null).map((v) => v.slice(0, 80))),
      ...Object.entries(adapter.selectors).flatMap(([name, chain]) => [name, ...chain]),
      ...strings({ report: 'ai-chat-footprint/page-report', site: adapter.site, extensionVersion: '9.9.9' }),
      ...strings(report).filter((s) => /^[a-zA-Z]+$/.test(s) && s in report), // the report's own top-level keys
      'user',
      'assistant',
      'withPageIds',
      'tag',
      'attrs',
      'role',
      'testid',
      'idLength',
      'classes',
      'repeat',
      'children',
    ]);
    for (const s of strings(report)) expect(allowed.has(s), `${file}: "${s}"`).toBe(true);
    expect(report).toMatchObject({ site: adapter.site, adapterVersion: adapter.version, extensionVersion: '9.9.9' });
  });

  it.each(PAGES)('$file: no text, attribute value, id, class name or URL of the page gets in', ({ file, adapter, url }) => {
    const doc = loadPage(fixture(file), url);
    plantCanaries(doc);
    const text = JSON.stringify(buildPageReport(doc, adapter, '1.0.0', url));
    expect(text).not.toMatch(/canary/i);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('11111111');
  });

  it('says what matched and what the adapter found, with ids as lengths and repeated siblings folded', () => {
    const doc = loadPage(fixture('sites/chatgpt.html'), 'https://chatgpt.com/c/abc');
    const report = buildPageReport(doc, ADAPTERS.chatgpt, '0.1.0', 'https://chatgpt.com/c/abc');
    expect(report.messages).toEqual({ user: 2, assistant: 2, withPageIds: 4 });
    expect(report.conversationIdInUrl).toBe(true);
    expect(Object.values(report.selectors).some((chain) => Object.values(chain).some((n) => n > 0))).toBe(true);
    const nodes: ReportNode[] = [];
    const walk = (n: ReportNode | null) => n && (nodes.push(n), n.children?.forEach(walk));
    walk(report.chatArea);
    expect(nodes.some((n) => n.attrs?.includes('data-message-author-role'))).toBe(true);
    const withId = loadPage('<main><div id="a-secret-id-of-length-24"><p>x</p></div></main>', 'https://chatgpt.com/');
    expect(JSON.stringify(buildPageReport(withId, ADAPTERS.chatgpt, '0', 'https://chatgpt.com/'))).toContain('"idLength":24');
    const list = loadPage(`<main><ul>${'<li class="a b"><span>x</span></li>'.repeat(50)}</ul></main>`, 'https://chatgpt.com/');
    const folded = buildPageReport(list, ADAPTERS.chatgpt, '0', 'https://chatgpt.com/').chatArea!;
    expect(folded.children![0].children).toEqual([{ tag: 'li', classes: 2, repeat: 50, children: [{ tag: 'span' }] }]);
  });
});
