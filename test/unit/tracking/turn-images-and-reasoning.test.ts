/**
 * The tracker's side of images and reasoning: what the adapter reports for an answer goes with the
 * turn; images that become ready later are sent as a revision of the same turn, each key once.
 * A stand-in adapter (ChatGPT's, plus images and reasoning read from plain attributes) keeps these
 * tests about the tracker; each site's own readers are tested on its fixtures.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnCompleted } from '../../../src/domain';
import type { MessageResult } from '../../../src/messaging/messaging';
import { ADAPTERS, lazyReadersOf } from '../../support/adapters';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { createPageTracker } from '../../../src/tracking/tracker';
import { fixture, loadPage } from '../support/load-page';

const adapter: SiteAdapter = {
  ...ADAPTERS.chatgpt,
  generatedImages: ({ element }) =>
    [...element.querySelectorAll('img[data-gen]')].map((img) => ({ key: img.getAttribute('data-gen')!, ready: !img.hasAttribute('data-placeholder') })),
  readReasoning: ({ element }) => {
    const label = element.querySelector('.thought')?.textContent ?? null;
    return label === null ? null : { text: null, summaryOnly: false, durationLabel: label };
  },
  readText: (m) => (m.role === 'assistant' ? (m.element.querySelector('.markdown')?.textContent ?? '') : ADAPTERS.chatgpt.readText(m)),
};

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function page() {
  const doc = loadPage(fixture('sites/chatgpt.html'), 'https://chatgpt.com/c/conv-a');
  const sent: TurnCompleted[] = [];
  const send = vi.fn(async (type: string, data: unknown): Promise<MessageResult<never>> => {
    if (type === 'turn/completed') sent.push(structuredClone(data) as TurnCompleted);
    return { ok: true, value: { ok: true } as never };
  });
  const tracker = createPageTracker({ adapter, doc, url: () => 'https://chatgpt.com/c/conv-a', send: send as never, lazyReaders: lazyReadersOf(adapter.site) });
  return { doc, tracker, sent };
}

/** A prompt and an answer streamed in, the answer holding `answerHtml`. */
async function answer(doc: Document, n: number, answerHtml: string) {
  const thread = doc.getElementById('thread')!;
  thread.insertAdjacentHTML(
    'beforeend',
    `<article><div data-message-author-role="user" data-message-id="u${n}"><div class="whitespace-pre-wrap">Draw a cat</div></div></article>`,
  );
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="stop-button">Stop</button>';
  await flush(500);
  thread.insertAdjacentHTML('beforeend', `<article><div data-message-author-role="assistant" data-message-id="a${n}">${answerHtml}</div></article>`);
  await flush(500);
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="send-button">Send</button>';
  await flush(3_000);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('images and reasoning on the turn', () => {
  it('sends the reasoning label and the ready images with the turn', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(
      p.doc,
      1,
      '<button class="thought">Thought for 30s</button><div class="markdown">Here it is.</div><img data-gen="file-1"><img data-gen="file-2">',
    );
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]).toMatchObject({
      answerText: 'Here it is.',
      reasoning: { text: null, summaryOnly: false, durationLabel: 'Thought for 30s' },
      images: ['file-1', 'file-2'],
    });
    p.tracker.stop();
  });

  it('counts an image that was a placeholder once it is ready, as a revision; re-rendering adds nothing', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 2, '<div class="markdown">Creating image</div><img data-gen="file-9" data-placeholder>');
    // The text finished first: the turn is counted without the image still drawing.
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0].images).toBeUndefined();
    // The blurred placeholder is replaced by the final image.
    const img = p.doc.createElement('img');
    img.setAttribute('data-gen', 'file-9');
    p.doc.querySelector('img[data-gen="file-9"]')!.replaceWith(img);
    await flush(3_000);
    expect(p.sent).toHaveLength(2);
    expect(p.sent[1]).toMatchObject({ turnId: p.sent[0].turnId, revision: 1, images: ['file-9'] });
    // The page re-renders the answer (a new element, same image key): nothing more is sent.
    img.replaceWith(img.cloneNode());
    await flush(3_000);
    expect(p.sent).toHaveLength(2);
    p.tracker.stop();
  });

  it('waits for an image-only answer whose image is still a placeholder instead of reading it as empty', async () => {
    const p = page();
    p.tracker.start();
    await flush(1_000);
    await answer(p.doc, 3, '<img data-gen="file-3" data-placeholder>');
    expect(p.sent).toHaveLength(0);
    p.doc.querySelector('img[data-gen="file-3"]')!.replaceWith(Object.assign(p.doc.createElement('img'), { alt: '' }));
    p.doc.querySelector('img:not([data-gen])')!.setAttribute('data-gen', 'file-3');
    await flush(3_000);
    expect(p.sent).toHaveLength(1);
    expect(p.sent[0]).toMatchObject({ answerText: '', images: ['file-3'] });
    p.tracker.stop();
  });
});
