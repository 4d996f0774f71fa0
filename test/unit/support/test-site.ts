/**
 * A minimal chat site for the tracker's own tests, independent of any real site's markup:
 * `#thread > [data-role][data-id]` messages, `#status[data-busy]` while generating, an optional
 * per-message `data-done="true|false"`, conversation ids from `/c/<id>` or `[data-conversation]`.
 */
import { vi } from 'vitest';
import { defineAdapter, type PageMessage, type Role, type SiteAdapter, type SiteReaders } from '../../../src/sites/adapter';
import { visibleText } from '../../../src/sites/dom';
import { createPageTracker } from '../../../src/tracking/tracker';
import type { MessageResult } from '../../../src/messaging/messaging';
import type { ConversationSeed, SiteHealth, TurnCompleted } from '../../../src/domain';
import { loadPage } from './load-page';

export function testSite(overrides: Partial<SiteReaders> = {}): SiteAdapter {
  const facts = {
    site: 'chatgpt' as const,
    label: 'test.example',
    hosts: ['test.example'],
    modelFamily: 'alpha',
    conversationUrls: ['/c/:id' as const],
    version: 1,
    selectors: { message: ['#thread > [data-role]'], stop: ['#status[data-busy]'] },
  };
  const adapter: SiteAdapter = defineAdapter(facts, {
    streamingSignal: 'reliable',
    sendButtonSelector: '#send',
    findTurns: (doc) =>
      Array.from(doc.querySelectorAll('#thread > [data-role]')).map((element): PageMessage => ({
        id: element.getAttribute('data-id')!,
        role: element.getAttribute('data-role') as Role,
        element,
        pageId: true,
      })),
    readText: ({ element }) => visibleText(element),
    streaming: (doc: Document) => doc.querySelector('#status[data-busy]'),
    answerFinished: (element) => {
      const done = element.getAttribute('data-done');
      return done === null ? null : done === 'true';
    },
    conversationIdInPage: (doc) => doc.querySelector('[data-conversation]')?.getAttribute('data-conversation') ?? null,
    ...overrides,
  });
  return adapter;
}

export const PAGE = `<!doctype html><html><body><main><section id="conv"><div id="thread"></div></section>
<div id="status"></div><textarea id="box"></textarea><button id="send">Send</button></main></body></html>`;

/**
 * A sender for a tracker under test: it keeps a copy of everything sent and acknowledges it, after
 * `handle` (the worker's own code, say) has taken it.
 */
export function recordingSender(handle?: (type: string, data: unknown) => Promise<void>) {
  const sent: Array<{ type: string; data: unknown }> = [];
  const send = vi.fn(async (type: string, data: unknown): Promise<MessageResult<never>> => {
    sent.push({ type, data: structuredClone(data) });
    await handle?.(type, data);
    return { ok: true, value: { ok: true } as never };
  });
  return {
    send,
    sent,
    turns: () => sent.filter((s) => s.type === 'turn/completed').map((s) => s.data as TurnCompleted),
    seeds: () => sent.filter((s) => s.type === 'conversation/seed').map((s) => s.data as ConversationSeed),
    health: () => sent.filter((s) => s.type === 'site/health').map((s) => s.data as SiteHealth),
  };
}

/** A page of the test site, its tracker, and everything the tracker sent to a worker that acknowledges. */
export function trackTestSite(adapter: SiteAdapter, url: string, html = PAGE) {
  const doc = loadPage(html, url);
  let href = url;
  const { send, ...recorded } = recordingSender();
  const tracker = createPageTracker({ adapter, doc, url: () => href, send: send as never });
  const thread = () => doc.getElementById('thread')!;
  return {
    doc,
    tracker,
    ...recorded,
    navigate(to: string) {
      href = to;
      tracker.navigated();
    },
    setUrl(to: string) {
      href = to;
    },
    add(role: Role, id: string, text: string, attrs = '') {
      thread().insertAdjacentHTML('beforeend', `<div data-role="${role}" data-id="${id}" ${attrs}><p></p></div>`);
      thread().lastElementChild!.querySelector('p')!.textContent = text;
      return thread().lastElementChild!;
    },
    busy(on: boolean) {
      const status = doc.getElementById('status')!;
      if (on) status.setAttribute('data-busy', '');
      else status.removeAttribute('data-busy');
    },
    /** Types a prompt and presses Enter. */
    type(text: string) {
      const box = doc.getElementById('box') as unknown as HTMLTextAreaElement;
      box.value = text;
      box.dispatchEvent(new doc.defaultView!.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event);
    },
  };
}

export type TestPage = ReturnType<typeof trackTestSite>;
