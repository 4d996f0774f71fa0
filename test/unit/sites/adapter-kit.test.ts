/**
 * What defineAdapter derives from a site's facts, so no reader writes it again: the conversation
 * id in a URL, the conversation derived message ids are named under, and the model label.
 */
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { defineAdapter, type PageMessage, type SiteFacts, type SiteReaders } from '../../../src/sites/adapter';
import { conversationUrl, UNSAVED_CONVERSATION } from '../../../src/sites/conversation-url';
import { derivedIds } from '../../../src/sites/dom';

const FACTS: SiteFacts = {
  site: 'chatgpt',
  hosts: ['kit.example'],
  modelFamily: 'alpha',
  conversationUrls: ['/c/:id', '/g/*/c/:id'],
  draftIdPrefix: 'local-',
  version: 1,
  selectors: { message: ['#thread > p'] },
};

/** A reader that finds `#thread > p` messages (prompts and answers in turn) and names them by the conversation it is given. */
function kitAdapter(readers: Partial<SiteReaders> = {}, facts: Partial<SiteFacts> = {}) {
  let asked = 0;
  const adapter = defineAdapter(
    { ...FACTS, ...facts },
    {
      streamingSignal: 'reliable',
      sendButtonSelector: '#send',
      findTurns: (doc, conversation) => {
        const found = Array.from(doc.querySelectorAll('#thread > p')).map((element, i) => ({
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          element,
        }));
        if (found.length === 0) return [];
        asked++;
        return derivedIds(conversation(), found);
      },
      readText: ({ element }: PageMessage) => element.textContent ?? '',
      streaming: () => null,
      ...readers,
    },
  );
  return { adapter, asked: () => asked };
}

function page(url: string, body: string): Document {
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true } });
  window.document.write(`<!doctype html><html><body>${body}</body></html>`);
  return window.document as unknown as Document;
}

const THREAD = '<div id="thread"><p>hello</p><p>hi there</p></div>';

describe('defineAdapter: the conversation id in a URL, from the facts', () => {
  it.each([
    ['https://kit.example/c/abc', 'abc'],
    ['https://kit.example/g/g-helper/c/77', '77'],
    ['https://kit.example/c/local-2b8f0c1e', null],
    ['https://kit.example/', null],
    ['https://kit.example/settings', null],
    ['not a url', null],
  ])('%s -> %s', (url, id) => {
    expect(kitAdapter().adapter.conversationId(url)).toBe(id);
  });
});

describe('defineAdapter: the conversation derived ids are named under', () => {
  it.each([
    ['the URL names it', 'https://kit.example/c/abc', '', 'abc'],
    ['the URL names none, the page does', 'https://kit.example/', '<section data-conv="in-page"></section>', 'in-page'],
    ['the URL is a draft, the page names it', 'https://kit.example/c/local-1', '<section data-conv="in-page"></section>', 'in-page'],
    ['neither names it: the unsaved conversation', 'https://kit.example/', '', UNSAVED_CONVERSATION],
  ])('%s', (_case, url, extra, conversation) => {
    const { adapter } = kitAdapter({ conversationIdInPage: (doc) => doc.querySelector('[data-conv]')?.getAttribute('data-conv') ?? null });
    const turns = adapter.findTurns(page(url, THREAD + extra));
    expect(turns.map((t) => t.id.split(':')[0])).toEqual([conversation, conversation]);
  });

  it('is asked only when the reader needs it', () => {
    const { adapter, asked } = kitAdapter();
    expect(adapter.findTurns(page('https://kit.example/c/abc', ''))).toEqual([]);
    expect(asked()).toBe(0);
  });

  it('is one unsaved id per page load, which links and lists know as unsaved', () => {
    expect(UNSAVED_CONVERSATION).toMatch(/^new-[0-9a-z]+$/);
    expect(conversationUrl(FACTS, UNSAVED_CONVERSATION)).toBeNull();
  });
});

describe('defineAdapter: the model label, from the data module', () => {
  const MODEL =
    '<button id="model"> Model   5 </button><button id="other">Other</button><div data-slug="m-1"><p id="a1">one</p></div><div data-slug="m-2"><p id="a2">two</p></div>';
  const OPTIONS =
    '<div role="radio" aria-checked="false">Instant</div><div role="radio" aria-checked="true"> Expert </div><button class="toggle on">Think</button>';

  it.each([
    ['the first element of the `model` chain that is there, its text', { model: ['#missing', '#model', '#other'] }, undefined, MODEL, 'Model 5'],
    ['none of the chain there', { model: ['#missing'] }, undefined, MODEL, null],
    ['no place named: no label', {}, undefined, MODEL, null],
    ['the newest answer’s attribute before the chain', { model: ['#model'] }, { answerAttribute: 'data-slug' }, MODEL, 'm-2'],
    ['the checked option’s text', {}, { checked: '[role="radio"][aria-checked="true"]' }, OPTIONS, 'Expert'],
    ['a pressed toggle’s label', {}, { pressed: { selector: '.toggle', pressedClass: 'on', label: 'DeepThink' } }, OPTIONS, 'DeepThink'],
  ])('%s', (_case, model: SiteFacts['selectors'], modelLabel: SiteFacts['modelLabel'], html, label) => {
    const { adapter } = kitAdapter({}, { selectors: { ...FACTS.selectors, ...model }, modelLabel });
    expect(adapter.readModelLabel(page('https://kit.example/c/abc', html))).toBe(label);
  });

  it('reads the model of the answer it is given, where the page names it on each answer', () => {
    const doc = page('https://kit.example/c/abc', MODEL);
    const { adapter } = kitAdapter({}, { modelLabel: { answerAttribute: 'data-slug' } });
    const first = { id: 'a1', role: 'assistant' as const, element: doc.getElementById('a1')!, pageId: true };
    expect(adapter.readModelLabel(doc, first)).toBe('m-1');
  });

  it('reads a label the reader finds beside the answer before the data module’s places', () => {
    const doc = page('https://kit.example/c/abc', MODEL);
    const { adapter } = kitAdapter({ modelLabelBeside: (_answer, d) => d.getElementById('other') }, { selectors: { model: ['#model'] } });
    expect(adapter.readModelLabel(doc)).toBe('Other');
  });
});
