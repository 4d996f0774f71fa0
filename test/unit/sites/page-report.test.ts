/** The page report a person can send: the page's structure, no text of it, and enough to rebuild the page. */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_IDS, SITES, type PageMessage, type SiteAdapter } from '../../../src/sites';
import { ADAPTERS } from '../../support/adapters';
import { buildPageReport } from '../../../src/sites/page-report';
import type { ReportElement } from '../../../src/sites/page-report-format';
import { fixtureFromReport } from '../../../scripts/fixture-from-report/write';
import { closePage, fixture, loadPage } from '../support/load-page';
import { expectReaderSees } from '../support/report-fixture';

const SITE_OF: Array<[RegExp, SiteAdapter, string]> = [
  [/^chatgpt/, ADAPTERS.chatgpt, 'https://chatgpt.com/c/11111111-2222-3333-4444-555555555555'],
  [/^claude/, ADAPTERS.claude, 'https://claude.ai/chat/c-secret'],
  [/^gemini/, ADAPTERS.gemini, 'https://gemini.google.com/app/secret0'],
  [/^deepseek/, ADAPTERS.deepseek, 'https://chat.deepseek.com/a/chat/s/secret'],
  [/^meta/, ADAPTERS.meta, 'https://www.meta.ai/prompt/secret'],
  [/^mistral/, ADAPTERS.mistral, 'https://chat.mistral.ai/chat/secret'],
  [/^perplexity/, ADAPTERS.perplexity, 'https://www.perplexity.ai/search/secret-lisbon-trip'],
  [/^copilot/, ADAPTERS.copilot, 'https://copilot.microsoft.com/chats/secret'],
  [/^grok/, ADAPTERS.grok, 'https://grok.com/c/secret'],
  [/^doubao/, ADAPTERS.doubao, 'https://www.doubao.com/chat/secret'],
  [/^poe/, ADAPTERS.poe, 'https://poe.com/chat/secret'],
  [/^qwen/, ADAPTERS.qwen, 'https://chat.qwen.ai/c/secret'],
  [/^kimi/, ADAPTERS.kimi, 'https://www.kimi.com/chat/secret'],
];

const PAGES = ['sites', 'real-dom'].flatMap((dir) =>
  readdirSync(new URL(`../../fixtures/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith('.html'))
    .flatMap((f) => {
      const site = SITE_OF.find(([re]) => re.test(f));
      return site ? [{ file: `${dir}/${f}`, adapter: site[1], url: site[2] }] : [];
    }),
);

/** Known strings a person would not want sent: a chat title in the sidebar, the account's name (text, label, picture), planted in every page. */
const TITLE = 'Weekend trip to Lisbon with Grandma';
const ACCOUNT = 'Jeanne Quistorff';
function plantPersonalStrings(doc: Document): void {
  const nav = doc.createElement('nav');
  nav.innerHTML = `<a href="/c/0f0e0d0c-0b0a-4909-8807-060504030201" title="${TITLE}" data-conversation-title="${TITLE}">${TITLE}</a>
    <button aria-label="Open profile menu for ${ACCOUNT}" data-user-name="${ACCOUNT}"><img alt="${ACCOUNT}" src="https://cdn.example.net/avatars/${ACCOUNT}.png"><span>${ACCOUNT}</span></button>
    <div title="${ACCOUNT}" aria-label="${ACCOUNT}" data-display-name="Quistorff" data-chat-title="Lisbon">Quistorff</div>`;
  doc.body.prepend(nav);
}

/** Each word of a text that could identify it (long enough not to be a word of the markup too). */
const wordsOf = (text: string): string[] =>
  text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 7 || (w.length >= 3 && /[^\p{Script=Latin}\p{N}]/u.test(w)));
const reportWords = (json: string): Set<string> => new Set(json.split(/[^\p{L}\p{N}]+/u));

/** The names and values the markup itself has (tags, attribute names, class names): a text's word may be one of them. */
function markupWords(doc: Document): Set<string> {
  const words = new Set<string>();
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    words.add(el.tagName.toLowerCase());
    for (const name of el.getAttributeNames()) {
      for (const w of name.split(/[^\p{L}\p{N}]+/u)) words.add(w.toLowerCase());
      if (name === 'class' || name === 'role' || name === 'id' || name.startsWith('data-') || name.startsWith('aria-')) {
        for (const w of (el.getAttribute(name) ?? '').split(/[^\p{L}\p{N}]+/u)) words.add(w.toLowerCase());
      }
    }
  }
  return words;
}

/** No word of the messages' texts (but words of the markup itself), nor a planted personal string, is in the report. */
function expectNoTextOf(doc: Document, adapter: SiteAdapter, messages: readonly PageMessage[], report: string, file: string): void {
  const markup = markupWords(doc);
  // The site's hosts and its named selectors are in the report as the markup's words.
  for (const w of [...adapter.hosts, ...Object.entries(adapter.selectors).flat(2)].flatMap((s) => s.split(/[^\p{L}\p{N}]+/u))) markup.add(w.toLowerCase());
  const inReport = reportWords(report);
  for (const text of messages.map((m) => adapter.readText(m))) {
    for (const word of wordsOf(text)) {
      if (!markup.has(word.toLowerCase())) expect(inReport.has(word), `${file}: "${word}" of "${text.slice(0, 60)}"`).toBe(false);
    }
  }
  for (const known of [TITLE, ACCOUNT, 'Lisbon', 'Grandma', 'Quistorff', 'Jeanne', 'secret', '11111111', '0f0e0d0c', 'example.net']) {
    expect(report, file).not.toContain(known);
  }
}

describe('the page report', () => {
  it('covers a fixture of every site', () => {
    expect(new Set(PAGES.map((p) => p.adapter.site))).toEqual(new Set(SITE_IDS));
  });

  it('keeps the markup: tag and class names, roles, aria and data attributes, ids and URLs as their shape, text of the same length and script', () => {
    const doc = loadPage(
      `<main class="thread flex"><div id="msg-8f14e45f-ceea-467a-9a3f-52b1e5d5e6f0" role="article" aria-live="polite" data-message-author-role="assistant" data-message-id="8f14e45f-ceea-467a-9a3f-52b1e5d5e6f0" style="color:red" onclick="x()">
        <p>Hello, Wörld! 42 Привет 你好世界 こんにちは مرحبا 🙂</p>
        <a href="https://chatgpt.com/c/8f14e45f-ceea-467a-9a3f-52b1e5d5e6f0?model=gpt-4o#top">x</a><img src="blob:https://chatgpt.com/a1b2c3d4e5f6" alt="Image">
        <button aria-label="Stop streaming" title="Stop">s</button></div></main>`,
      'https://chatgpt.com/c/8f14e45f-ceea-467a-9a3f-52b1e5d5e6f0',
    );
    const report = buildPageReport(doc, ADAPTERS.chatgpt, '0.1.0', 'https://chatgpt.com/c/8f14e45f-ceea-467a-9a3f-52b1e5d5e6f0', Date.UTC(2026, 10, 29));
    expect(report).toMatchObject({ report: 'ai-chat-footprint/page-report', format: 3, site: 'chatgpt', extensionVersion: '0.1.0', date: '2026-11-29' });
    expect(report.path).toMatch(/^\/c\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(report.path).not.toContain('8f14e45f');
    const main = report.body.children!.find((c): c is ReportElement => typeof c === 'object')!;
    expect(main.attrs).toEqual({ class: 'thread flex' });
    const message = main.children!.find((c): c is ReportElement => typeof c === 'object')!;
    expect(Object.keys(message.attrs!)).toEqual(['aria-live', 'data-message-author-role', 'data-message-id', 'id', 'role']);
    expect(message.attrs!['data-message-author-role']).toBe('assistant');
    // One id, one stand-in: the element's id and its data-message-id still name the same thing.
    expect(message.attrs!.id).toBe(`msg-${message.attrs!['data-message-id']}`);
    const [p, a, img, button] = message.children!.filter((c): c is ReportElement => typeof c === 'object');
    const text = p.children![0] as string;
    expect(text).toHaveLength('Hello, Wörld! 42 Привет 你好世界 こんにちは مرحبا 🙂'.length);
    expect(text).toMatch(/^Lorem, Lorem! 00 \p{Script=Cyrillic}{6} \p{Script=Han}{4} \p{Script=Hiragana}{5} \p{Script=Arabic}{5} \*\*$/u);
    expect(a.attrs!.href).toMatch(/^https:\/\/chatgpt\.com\/c\/00000000-0000-4000-8000-[0-9a-f]{12}\?model=\w+-0\w$/);
    expect(img.attrs).toEqual({ alt: 'Lorem', src: expect.stringMatching(/^blob:https:\/\/chatgpt\.com\/[a-f0-9]{12}$/) });
    expect(img.attrs!.src).not.toContain('a1b2c3d4e5f6');
    expect(button.attrs).toEqual({ 'aria-label': 'Stop streaming', title: 'Lore' });
    expect(report.saw).toMatchObject({ user: 0, assistant: 1, conversationIdInUrl: true });
  });

  it('folds identical siblings in a row', () => {
    const list = loadPage(`<main><ul>${'<li class="a b"><span>x</span></li>'.repeat(50)}</ul></main>`, 'https://chatgpt.com/');
    const main = buildPageReport(list, ADAPTERS.chatgpt, '0', 'https://chatgpt.com/').body.children![0] as ReportElement;
    expect(main.children![0]).toEqual({
      tag: 'ul',
      children: [{ tag: 'li', attrs: { class: 'a b' }, children: [{ tag: 'span', children: ['l'] }], repeat: 50 }],
    });
  });
});

describe('npm run fixture:from-report', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'fixture-from-report-'));
  mkdirSync(path.join(root, 'test/fixtures/sites'), { recursive: true });
  mkdirSync(path.join(root, 'test/unit/sites'), { recursive: true });
  copyFileSync(new URL('../../fixtures/sites/README.md', import.meta.url), path.join(root, 'test/fixtures/sites/README.md'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // One parse of each page for both: the report holds none of its text, and rebuilds into the page.
  it.each(PAGES)(
    '$file: its report holds no prompt, answer, chat title or account name, and rebuilds into a page where the reader finds the same messages',
    async ({ file, adapter, url }) => {
      const original = loadPage(fixture(file), url);
      plantPersonalStrings(original);
      const found = adapter.findTurns(original);
      const report = buildPageReport(original, adapter, '9.9.9', url);
      expectNoTextOf(original, adapter, found, JSON.stringify(report), file);

      const written = fixtureFromReport(JSON.stringify(report), { root });
      if (!written.ok) throw new Error(written.reason);
      const rebuilt = loadPage(readFileSync(written.fixture, 'utf8'), `https://${SITES[adapter.site].hosts[0]}${report.path}`);
      const again = adapter.findTurns(rebuilt);
      expect(
        again.map((m) => [m.role, m.pageId]),
        file,
      ).toEqual(found.map((m) => [m.role, m.pageId]));
      // The texts are placeholders of the same length: a reader that reads the text reads as much of it.
      expect(
        again.map((m) => adapter.readText(m).length),
        file,
      ).toEqual(found.map((m) => adapter.readText(m).length));
      if (found.length > 0 && report.saw.user > 0 && report.saw.assistant > 0) expectReaderSees(written.fixture, adapter.site, report.path, report.saw);
      await closePage(original);
      await closePage(rebuilt);
    },
    30_000,
  );
});

describe('npm run fixture:from-report refuses', () => {
  const report = (change: Record<string, unknown>) => {
    const doc = loadPage(fixture('sites/chatgpt.html'), 'https://chatgpt.com/c/abc');
    return JSON.stringify({ ...buildPageReport(doc, ADAPTERS.chatgpt, '1.0.0', 'https://chatgpt.com/c/abc'), ...change });
  };
  const root = path.join(tmpdir(), 'fixture-from-report-never-written');

  it.each([
    ['a file that is not JSON', '<html></html>', 'not a page report: the file is not JSON'],
    ['JSON that is not a report', JSON.stringify({ messages: [] }), 'not a page report: it has no "report": "ai-chat-footprint/page-report"'],
    ['a report from an unknown site', report({ site: 'bard' }), `a report from an unknown site "bard": this checkout reads ${SITE_IDS.join(', ')}`],
    ['a report of a newer format', report({ format: 4 }), 'a format 4 report is newer than this checkout reads (format 3): update the repository first'],
    [
      'a report of the format before, which holds no page',
      report({ format: 2 }),
      'a format 2 report holds no page to rebuild (format 3 does): ask for a new report',
    ],
    ['a report missing its page', report({ body: undefined }), 'not a page report: body: Invalid input: expected object, received undefined'],
  ])('%s, with a one-line reason', (_what, text, reason) => {
    const result = fixtureFromReport(text, { root });
    expect(result).toEqual({ ok: false, reason });
    expect(existsSync(root)).toBe(false);
  });
});

describe('what the command writes', () => {
  it("a page, a README row with the report's version, date and site, and a test of what the reader saw", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fixture-from-report-'));
    mkdirSync(path.join(root, 'test/fixtures/sites'), { recursive: true });
    mkdirSync(path.join(root, 'test/unit/sites'), { recursive: true });
    copyFileSync(new URL('../../fixtures/sites/README.md', import.meta.url), path.join(root, 'test/fixtures/sites/README.md'));
    const doc = loadPage(fixture('sites/claude-2026-en.html'), 'https://claude.ai/chat/abc');
    const report = buildPageReport(doc, ADAPTERS.claude, '1.2.3', 'https://claude.ai/chat/abc', Date.UTC(2026, 10, 29));
    const first = fixtureFromReport(JSON.stringify(report), { root });
    const second = fixtureFromReport(JSON.stringify(report), { root });
    expect(first).toMatchObject({ ok: true, fixture: path.join(root, 'test/fixtures/sites/claude-report-2026-11-29.html') });
    expect(second).toMatchObject({ ok: true, fixture: path.join(root, 'test/fixtures/sites/claude-report-2026-11-29-2.html') });
    const readme = readFileSync(path.join(root, 'test/fixtures/sites/README.md'), 'utf8');
    const rows = readme.split('\n').filter((l) => l.startsWith('| claude-report-2026-11-29'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('page report format 3 from claude.ai, extension 1.2.3, adapter version');
    expect(rows[0]).toContain(`the reader then saw ${report.saw.user} prompts and ${report.saw.assistant} answers`);
    // The rows stay in the README's first table, before the text after it.
    expect(readme.indexOf(rows[1])).toBeLessThan(readme.indexOf('`stream.js` is injected'));
    const test = readFileSync(path.join(root, 'test/unit/sites/claude-report-2026-11-29.test.ts'), 'utf8');
    expect(test).toContain(`expectReaderSees('sites/claude-report-2026-11-29.html', 'claude', '${report.path}', ${JSON.stringify(report.saw)});`);
    rmSync(root, { recursive: true, force: true });
  });
});
