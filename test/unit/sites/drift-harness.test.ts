/** The drift harness has teeth: a brittle adapter gets a wrong reading that still looks fine, and the harness sees it. */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../support/adapters';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { testSite } from '../support/test-site';
import { mutateHook, mutationsOf, readPage, rotateHashedClasses, translateLabels } from '../support/drift-harness';
import { fixture, loadPage } from '../support/load-page';

const FILE = 'sites/claude-2026-en.html';
const URL_ = 'https://claude.ai/chat/c1';
const load = () => loadPage(fixture(FILE), URL_);

/** What the harness asserts for one mutation: true when it would fail the adapter. */
function caught(adapter: SiteAdapter, mutate: (doc: Document) => number, page = load): boolean {
  const before = readPage(adapter, page());
  const doc = page();
  mutate(doc);
  const after = readPage(adapter, doc);
  return after.ok && JSON.stringify(after.messages) !== JSON.stringify(before.messages);
}

describe('the drift harness', () => {
  it('passes the real adapter on every mutation', { timeout: 60_000 }, () => {
    for (const [name, mutate] of mutationsOf(ADAPTERS.claude)) expect(caught(ADAPTERS.claude, mutate), name).toBe(false);
  });

  it('catches an adapter that reads UI labels as message text once the labels are translated', () => {
    const page = () =>
      loadPage(
        `<main><div id="thread"><div data-role="user" data-id="u1"><p>What is a watt?</p></div>
        <div data-role="assistant" data-id="a1"><p>A joule per second.</p><button>Copy</button></div></div></main>`,
        'https://test.example/c/1',
      );
    const careful = testSite();
    const brittle = testSite({ readText: (m) => (m.element.textContent ?? '').trim() });
    expect(readPage(brittle, page()).ok).toBe(true);
    expect(caught(careful, translateLabels, page)).toBe(false);
    expect(caught(brittle, translateLabels, page)).toBe(true);
  });

  it('removes and renames attributes, classes and custom-element tags, and rotates hashed classes', () => {
    const doc = loadPage('<main><user-query class="q _9663006"><p data-x="1" class="fbb737a4">a</p></user-query></main>', 'https://gemini.google.com/app/1');
    expect(mutateHook(doc, 'main [data-x]', 'rename')).toBe(1);
    expect(doc.querySelector('[data-x-v9="1"]')).not.toBeNull();
    expect(mutateHook(doc, 'user-query', 'rename')).toBe(1);
    expect(doc.querySelector('user-query-v9.q')).not.toBeNull();
    expect(mutateHook(doc, '.q', 'remove')).toBe(1);
    expect(doc.querySelector('.q')).toBeNull();
    expect(rotateHashedClasses(doc)).toBe(2);
    expect(doc.querySelector('._9663006, .fbb737a4')).toBeNull();
  });
});
