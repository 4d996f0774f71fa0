import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADAPTERS, lazyReadersOf } from '../../support/adapters';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { ANSWER_TIMEOUT_MINUTES } from '../../../src/domain/health-reasons';
import { createPageTracker } from '../../../src/tracking/tracker';
import type { PageEventListener, PageEvent } from '../../../src/tracking/page-events';
import type { MessageResult } from '../../../src/messaging/messaging';
import type { ConversationSeed, SiteHealth, TurnCompleted } from '../../../src/domain';
import { fixture, loadPage } from '../support/load-page';

interface Sent {
  type: string;
  data: unknown;
}

/** A page, its tracker, and everything the tracker sent to a worker that acknowledges. */
function track(
  adapter: SiteAdapter,
  file: string,
  url: string,
  opts: { failFirst?: number; listen?: PageEventListener; ownNode?: (node: Node) => boolean } = {},
) {
  const doc = loadPage(fixture(file), url);
  let href = url;
  const sent: Sent[] = [];
  let failures = opts.failFirst ?? 0;
  const send = vi.fn(async (type: string, data: unknown): Promise<MessageResult<never>> => {
    if (failures > 0) {
      failures--;
      return { ok: false, error: { code: 'SEND_FAILED', message: 'Could not establish connection.' } };
    }
    sent.push({ type, data: structuredClone(data) });
    return { ok: true, value: { ok: true } as never };
  });
  const tracker = createPageTracker({ adapter, doc, url: () => href, send: send as never, ownNode: opts.ownNode, lazyReaders: lazyReadersOf(adapter.site) });
  if (opts.listen) tracker.subscribe(opts.listen);
  return {
    doc,
    tracker,
    send,
    sent,
    navigate(to: string) {
      href = to;
      tracker.navigated();
    },
    setUrl(to: string) {
      href = to;
    },
    turns: () => sent.filter((s) => s.type === 'turn/completed').map((s) => s.data as TurnCompleted),
    seeds: () => sent.filter((s) => s.type === 'conversation/seed').map((s) => s.data as ConversationSeed),
    health: () => sent.filter((s) => s.type === 'site/health').map((s) => s.data as SiteHealth),
  };
}

type Page = ReturnType<typeof track>;

/** Types a prompt and presses Enter, as a user does. */
function sendPrompt(page: Page, selector: string, text: string) {
  const box = page.doc.querySelector(selector) as HTMLTextAreaElement;
  if ('value' in box) box.value = text;
  else (box as HTMLElement).textContent = text;
  const win = page.doc.defaultView!;
  box.dispatchEvent(new win.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event);
}

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** ChatGPT-style streaming: user message, stop button, an answer growing chunk by chunk, then done. */
async function streamChatgpt(page: Page, ids: { user: string; answer: string }, prompt: string, chunks: string[]) {
  const doc = page.doc;
  const thread = doc.getElementById('thread')!;
  thread.insertAdjacentHTML(
    'beforeend',
    `<article><div data-message-author-role="user" data-message-id="${ids.user}"><div class="whitespace-pre-wrap"></div></div></article>`,
  );
  thread.lastElementChild!.querySelector('.whitespace-pre-wrap')!.textContent = prompt;
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="stop-button">Stop</button>';
  thread.insertAdjacentHTML(
    'beforeend',
    `<article><div data-message-author-role="assistant" data-message-id="${ids.answer}" data-message-model-slug="gpt-4o"><div class="markdown"><p></p></div></div></article>`,
  );
  const p = thread.lastElementChild!.querySelector('p')!;
  for (const chunk of chunks) {
    p.textContent += chunk;
    await flush(16);
  }
  doc.getElementById('send-slot')!.innerHTML = '<button data-testid="send-button">Send</button>';
}

let readText: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('turns already on the page', () => {
  it('only seed the history on load: all messages once, nothing counted', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(5_000);
    expect(page.turns()).toEqual([]);
    expect(page.seeds()).toHaveLength(1);
    expect(page.seeds()[0]).toMatchObject({ site: 'chatgpt', conversationId: 'conv-a' });
    expect(page.seeds()[0].messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'How much water does a data center use?'],
      ['assistant', 'It depends on the cooling system and the climate.\nEvaporative cooling uses the most water per kilowatt-hour.'],
      ['user', 'Show me a loop in Python.'],
      ['assistant', 'Here is one:\nfor i in range(3):\n    print(i)'],
    ]);
    expect(page.health()).toEqual([expect.objectContaining({ site: 'chatgpt', status: 'ok', reason: null })]);
    page.tracker.stop();
  });

  it('are not counted again after a reload: a new tracker on the same page seeds the same ids', async () => {
    const first = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    first.tracker.start();
    await flush(2_000);
    first.tracker.stop();
    const reloaded = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    reloaded.tracker.start();
    await flush(2_000);
    expect(reloaded.turns()).toEqual([]);
    expect(reloaded.seeds()[0].messages.map((m) => m.id)).toEqual(first.seeds()[0].messages.map((m) => m.id));
    reloaded.tracker.stop();
  });
});

describe('the seed events (page labels of answers counted before a reload)', () => {
  /** What the tracker said on its event channel, and the answers of its seed batches. */
  const listener = () => {
    const events: PageEvent[] = [];
    return { listen: (n: PageEvent) => void events.push(n), events, seeded: () => events.flatMap((n) => (n.kind === 'seed' ? n.answers : [])) };
  };

  it('names each answer sent in a seed batch, under the id it was seeded with, with its element; never a prompt', async () => {
    const h = listener();
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a', { listen: h.listen });
    page.tracker.start();
    await flush(2_000);
    const answers = page.seeds()[0].messages.filter((m) => m.role === 'assistant');
    expect(h.seeded().map((a) => a.turnId)).toEqual(answers.map((m) => m.id));
    for (const { turnId: id, answer: message } of h.seeded()) {
      expect(message).toMatchObject({ id, role: 'assistant' });
      expect(page.doc.querySelector(`[data-message-id="${id}"]`)).toBe(message.element);
    }
    page.tracker.stop();
  });

  it('on a page with derived ids (Claude), uses the id a counted answer gets as its turnId', async () => {
    const h = listener();
    const page = track(ADAPTERS.claude, 'sites/claude.html', 'https://claude.ai/chat/c-1', { listen: h.listen });
    page.tracker.start();
    await flush(2_000);
    const seededAnswer = page.seeds()[0].messages.find((m) => m.role === 'assistant')!;
    expect(seededAnswer.id).toMatch(/~/);
    expect(h.seeded().map((a) => a.turnId)).toEqual([seededAnswer.id]);
    expect(h.seeded()[0].answer.id).toBe(seededAnswer.id.split('~')[0]);
    page.tracker.stop();
  });

  it('comes with the seed only: not while an answer streams, not for the answer counted after it', async () => {
    const h = listener();
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a', { listen: h.listen });
    page.tracker.start();
    await flush(2_000);
    const seededCalls = h.seeded().length;
    sendPrompt(page, '#prompt-textarea', 'Is wind power cheap?');
    await streamChatgpt(page, { user: 'u-new', answer: 'a-new' }, 'Is wind power cheap?', ['Mostly ', 'yes, ', 'on land.']);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns().map((t) => t.turnId)).toEqual(['a-new']);
    expect(h.seeded()).toHaveLength(seededCalls);
    expect(h.events).toContainEqual({ kind: 'turn', turn: expect.objectContaining({ turnId: 'a-new' }), answer: expect.objectContaining({ id: 'a-new' }) });
    page.tracker.stop();
  });
});

describe('a new answer', () => {
  it('is counted once, when it has finished streaming, with its prompt and the full text', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(2_000);
    readText = vi.spyOn(ADAPTERS.chatgpt, 'readText');
    const findTurns = vi.spyOn(ADAPTERS.chatgpt, 'findTurns');
    sendPrompt(page, '#prompt-textarea', 'Is wind power cheap?');
    const chunks = Array.from({ length: 120 }, (_, i) => `word${i} `);
    await streamChatgpt(page, { user: 'u-new', answer: 'a-new' }, 'Is wind power cheap?', chunks);
    // While the answer streamed (120 updates, 16 ms apart), nothing read text or looked for messages.
    expect(readText).not.toHaveBeenCalled();
    expect(findTurns).not.toHaveBeenCalled();
    await flush(2_000);
    expect(page.turns()).toEqual([
      expect.objectContaining({
        site: 'chatgpt',
        conversationId: 'conv-a',
        turnId: 'a-new',
        promptId: 'u-new',
        modelLabel: 'gpt-4o',
        promptText: 'Is wind power cheap?',
        answerText: chunks.join('').trim(),
      }),
    ]);
    expect(readText).toHaveBeenCalledTimes(2);
    await flush(10_000);
    expect(page.turns()).toHaveLength(1);
    page.tracker.stop();
  });

  it('counts a regenerated answer (a new message id) and an edited prompt as new turns', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '#prompt-textarea', 'Q');
    await streamChatgpt(page, { user: 'u1', answer: 'a1' }, 'Q', ['first ', 'answer']);
    // Streamed too fast for its stop button to be seen: counted only once the page has been quiet longer.
    await flush(SETTLE_MS.quiet + 500);
    // Regenerate: the answer is replaced by a new message under the same prompt.
    const old = page.doc.querySelector('[data-message-id="a1"]')!.closest('article')!;
    old.remove();
    page.doc.getElementById('send-slot')!.innerHTML = '<button data-testid="stop-button">Stop</button>';
    page.doc
      .getElementById('thread')!
      .insertAdjacentHTML(
        'beforeend',
        '<article><div data-message-author-role="assistant" data-message-id="a1-regen"><div class="markdown"><p>second answer</p></div></div></article>',
      );
    await flush(500);
    page.doc.getElementById('send-slot')!.innerHTML = '<button data-testid="send-button">Send</button>';
    await flush(2_000);
    // Edit: the prompt and its answer are replaced by new messages.
    page.doc.querySelector('[data-message-id="u1"]')!.closest('article')!.remove();
    page.doc.querySelector('[data-message-id="a1-regen"]')!.closest('article')!.remove();
    sendPrompt(page, '#prompt-textarea', 'Q edited');
    await streamChatgpt(page, { user: 'u2', answer: 'a2' }, 'Q edited', ['edited ', 'answer']);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns().map((t) => [t.turnId, t.promptText, t.answerText])).toEqual([
      ['a1', 'Q', 'first answer'],
      ['a1-regen', 'Q', 'second answer'],
      ['a2', 'Q edited', 'edited answer'],
    ]);
    page.tracker.stop();
  });

  it('on a page with derived ids (Claude), a regenerated answer in place is a new turn', async () => {
    const page = track(ADAPTERS.claude, 'sites/claude.html', 'https://claude.ai/chat/c-1');
    page.tracker.start();
    await flush(2_000);
    const body = page.doc.querySelector('.standard-markdown')!;
    const wrapper = page.doc.querySelector('[data-is-streaming]')!;
    wrapper.setAttribute('data-is-streaming', 'true');
    body.innerHTML = '<p>A kilowatt-hour is 3.6 megajoules.</p>';
    await flush(2_000);
    wrapper.setAttribute('data-is-streaming', 'false');
    await flush(2_000);
    const turns = page.turns();
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ promptText: 'What is a kilowatt-hour?', answerText: 'A kilowatt-hour is 3.6 megajoules.' });
    expect(turns[0].turnId).not.toBe(page.seeds()[0].messages[1].id);
    expect(turns[0].promptId).toBe(page.seeds()[0].messages[0].id);
    page.tracker.stop();
  });

  it('in a new chat whose URL gets its id mid-answer, is counted under the new conversation', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/');
    page.doc.getElementById('thread')!.innerHTML = '';
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '#prompt-textarea', 'Hello');
    const streaming = streamChatgpt(page, { user: 'u-h', answer: 'a-h' }, 'Hello', ['Hi ', 'there', '!', ' How', ' can', ' I', ' help?']);
    await flush(40);
    page.navigate('https://chatgpt.com/c/brand-new');
    await streaming;
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns()).toEqual([expect.objectContaining({ conversationId: 'brand-new', turnId: 'a-h', answerText: 'Hi there! How can I help?' })]);
    page.tracker.stop();
  });
});

describe('what following a page costs', () => {
  it('does not observe the page while it says an answer streams, only the stop button, and counts the whole answer once it has finished', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    const Observer = page.doc.defaultView!.MutationObserver.prototype;
    const disconnect = vi.spyOn(Observer, 'disconnect');
    const observe = vi.spyOn(Observer, 'observe');
    const streaming = vi.spyOn(ADAPTERS.chatgpt, 'streaming');
    page.tracker.start();
    await flush(2_000);
    // The page's observer watches the body; the other one watches only the stop button while it shows.
    const pageObserver = observe.mock.contexts[0];
    const pageObserves = () => observe.mock.contexts.filter((c) => c === pageObserver).length;
    expect(pageObserves()).toBe(1);
    sendPrompt(page, '#prompt-textarea', 'Is wind power cheap?');
    streaming.mockClear();
    const chunks = Array.from({ length: 240 }, (_, i) => `word${i} `);
    await streamChatgpt(page, { user: 'u-new', answer: 'a-new' }, 'Is wind power cheap?', chunks);
    // Off while the stop button showed; the answer grew meanwhile.
    expect(disconnect.mock.contexts.filter((c) => c === pageObserver)).toHaveLength(1);
    expect(observe.mock.calls.some(([target, options]) => (target as Element).getAttribute?.('data-testid') === 'stop-button' && options?.attributes)).toBe(
      true,
    );
    // 3.8 s of streaming: asked when the stop button appeared, at a recheck at most and when it went, not four times a second.
    expect(streaming.mock.calls.length).toBeLessThanOrEqual(3);
    streaming.mockClear();
    await flush(2_000);
    expect(pageObserves()).toBe(2);
    // Asked once when the stop button went; not again before the scan, the page having stayed unchanged.
    expect(streaming).toHaveBeenCalledTimes(1);
    expect(page.turns()).toEqual([expect.objectContaining({ turnId: 'a-new', answerText: chunks.join('').trim() })]);
    page.tracker.stop();
  });

  it('takes adding or removing its own nodes (the labels) for no change: no scan after them, while a change of the page is scanned', async () => {
    const own = (node: Node) => node.nodeName === 'X-OWN-LABEL';
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a', { ownNode: own });
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '#prompt-textarea', 'Is wind power cheap?');
    await streamChatgpt(page, { user: 'u-new', answer: 'a-new' }, 'Is wind power cheap?', ['Mostly ', 'yes.']);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.turns()).toHaveLength(1);
    const findTurns = vi.spyOn(ADAPTERS.chatgpt, 'findTurns');
    const answer = page.doc.querySelector('[data-message-id="a-new"]')!;
    const label = page.doc.createElement('x-own-label');
    answer.after(label);
    await flush(SETTLE_MS.quiet + 500);
    label.remove();
    await flush(SETTLE_MS.quiet + 500);
    expect(findTurns).not.toHaveBeenCalled();
    answer.after(page.doc.createElement('div'));
    await flush(SETTLE_MS.quiet + 500);
    expect(findTurns).toHaveBeenCalledTimes(1);
    expect(page.turns()).toHaveLength(1);
    page.tracker.stop();
  });
});

describe('navigation', () => {
  it('to another conversation seeds its messages and counts nothing', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(2_000);
    page.doc.getElementById('thread')!.innerHTML = fixture('sites/chatgpt-li-message-role.html')
      .match(/<ol[\s\S]*<\/ol>/)![0]
      .replace(/li data-message-role/g, 'div data-message-author-role')
      .replace(/<\/li>/g, '</div>');
    page.navigate('https://chatgpt.com/c/conv-b');
    await flush(3_000);
    expect(page.turns()).toEqual([]);
    expect(page.seeds().map((s) => [s.conversationId, s.messages.length])).toEqual([
      ['conv-a', 4],
      ['conv-b', 4],
    ]);
    page.tracker.stop();
  });
});

describe('navigation right after sending a prompt', () => {
  it('to another conversation before the answer comes: that conversation’s last answer is seeded, not counted', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '#prompt-textarea', 'Are you there?');
    page.doc.getElementById('thread')!.innerHTML = fixture('sites/chatgpt-li-message-role.html')
      .match(/<ol[\s\S]*<\/ol>/)![0]
      .replace(/li data-message-role/g, 'div data-message-author-role')
      .replace(/<\/li>/g, '</div>');
    page.navigate('https://chatgpt.com/c/conv-b');
    await flush(3_000);
    expect(page.turns()).toEqual([]);
    expect(page.seeds().find((s) => s.conversationId === 'conv-b')?.messages.length).toBe(4);
    page.tracker.stop();
  });
});

describe('DeepSeek (virtual list; an answer is finished once its action bar shows)', () => {
  it('seeds messages scrolled into view and counts a new answer once it has finished', async () => {
    const page = track(ADAPTERS.deepseek, 'sites/deepseek-2026.html', 'https://chat.deepseek.com/a/chat/s/ds1');
    const ACTIONS = '<div class="ds-flex"><div role="button" class="ds-icon-button">Copy</div></div>';
    const list = page.doc.getElementById('list')!;
    list.lastElementChild!.insertAdjacentHTML('beforeend', ACTIONS);
    page.tracker.start();
    await flush(5_000);
    // Scrolling up: the virtual list swaps in older messages.
    const older = page.doc.createElement('div');
    older.innerHTML = `<div class="_9663006 ds-message" data-virtual-list-item-key="2"><div>Older question</div></div><div class="ds-message" data-virtual-list-item-key="3"><div class="ds-markdown"><p>Older answer</p></div>${ACTIONS}</div>`;
    list.prepend(...Array.from(older.children));
    await flush(5_000);
    sendPrompt(page, '#chat-input', 'And a loop?');
    list.insertAdjacentHTML(
      'beforeend',
      '<div class="_9663006 ds-message" data-virtual-list-item-key="8"><div>And a loop?</div></div><div class="ds-message" data-virtual-list-item-key="9"><div class="ds-think-content"><p></p></div><div class="ds-markdown"><p></p></div></div>',
    );
    const [think, answer] = Array.from(list.lastElementChild!.querySelectorAll('p'));
    for (const w of ['Loops ', 'repeat.']) {
      think.textContent += w;
      await flush(300);
    }
    for (const w of ['A loop ', 'runs ', 'steps ', 'again.']) {
      answer.textContent += w;
      await flush(300);
    }
    // Quiet for longer than any settle time, but no action bar yet: still being written.
    await flush(2 * SETTLE_MS.quiet + 500);
    expect(page.turns()).toEqual([]);
    list.lastElementChild!.insertAdjacentHTML('beforeend', ACTIONS);
    await flush(2 * SETTLE_MS.quiet + 500);
    // Answer texts leave the reasoning out (it is read apart, adapter.readReasoning).
    expect(page.seeds().map((s) => s.messages.map((m) => m.text))).toEqual([
      [
        'Explain recursion in one sentence.',
        'Recursion is when a function solves a problem by calling itself on smaller parts of it.',
        'And iteration?',
        'Iteration repeats steps in a loop instead.',
      ],
      ['Older question', 'Older answer'],
    ]);
    expect(page.turns()).toEqual([expect.objectContaining({ promptText: 'And a loop?', answerText: 'A loop runs steps again.', modelLabel: 'DeepThink' })]);
    page.tracker.stop();
  });
});

describe('health: never count zero silently', () => {
  const ANSWER_TIMEOUT_MS = ANSWER_TIMEOUT_MINUTES * 60_000;
  /** Well past the grace a page without messages gets after a prompt. */
  const NO_MESSAGES_WAITED_MS = 30_000;
  it('reports a site as not recognized when a prompt was sent but no messages are found', async () => {
    const page = track(ADAPTERS.meta, 'sites/meta.html', 'https://www.meta.ai/');
    page.doc.getElementById('thread')!.remove();
    page.tracker.start();
    await flush(3_000);
    sendPrompt(page, '[contenteditable="true"]', 'Hi Meta');
    await flush(NO_MESSAGES_WAITED_MS);
    expect(page.turns()).toEqual([]);
    expect(page.health().at(-1)).toMatchObject({ site: 'meta', status: 'not-recognized', reason: 'no-messages' });
    page.tracker.stop();
  });

  it('reports an answer that never finishes streaming, and counts nothing', async () => {
    const page = track(ADAPTERS.gemini, 'sites/gemini.html', 'https://gemini.google.com/app/g1');
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '.ql-editor', 'Long question');
    page.doc.querySelector('.send-button')!.classList.add('stop');
    await flush(ANSWER_TIMEOUT_MS + 5_000);
    expect(page.turns()).toEqual([]);
    expect(page.health().at(-1)).toMatchObject({ status: 'not-recognized', reason: 'answer-unfinished' });
    page.tracker.stop();
  });

  it('goes back to ok when a turn is counted again', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(2_000);
    sendPrompt(page, '#prompt-textarea', 'Hello?');
    await flush(NO_MESSAGES_WAITED_MS);
    await flush(ANSWER_TIMEOUT_MS);
    expect(page.health().at(-1)).toMatchObject({ status: 'not-recognized', reason: 'answer-timeout' });
    sendPrompt(page, '#prompt-textarea', 'Hello again');
    await streamChatgpt(page, { user: 'u9', answer: 'a9' }, 'Hello again', ['Hi.']);
    await flush(SETTLE_MS.quiet + 500);
    expect(page.health().at(-1)?.status).toBe('ok');
    page.tracker.stop();
  });
});

describe('delivery to the worker', () => {
  it('announces a sent prompt before its turn, so the worker loads the vocabulary while the answer streams', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a');
    page.tracker.start();
    await flush(1_000);
    sendPrompt(page, '#prompt-textarea', 'Q');
    await flush(0);
    const announced = page.sent.filter((s) => s.type === 'turn/expected');
    // Nothing counted in this conversation yet: the label is read with the answer, so the announcement names none.
    expect(announced).toEqual([{ type: 'turn/expected', data: { site: 'chatgpt', conversationId: 'conv-a', modelLabel: null } }]);
    // Announced before the answer exists: no turn yet.
    expect(page.turns()).toEqual([]);
    await streamChatgpt(page, { user: 'u1', answer: 'a1' }, 'Q', ['A']);
    await flush(30_000);
    expect(page.sent.map((s) => s.type).slice(-2)).toEqual(['turn/expected', 'turn/completed']);
    const label = page.turns().at(-1)?.modelLabel;
    expect(label).toBe('gpt-4o');
    // The next prompt's announcement names the label read with the turn before: one reading per turn, never two that differ.
    sendPrompt(page, '#prompt-textarea', 'Q2');
    await flush(0);
    expect(page.sent.at(-1)).toEqual({ type: 'turn/expected', data: { site: 'chatgpt', conversationId: 'conv-a', modelLabel: label } });
    page.tracker.stop();
  });

  it('resends until the worker acknowledges, in order, and stops once it has', async () => {
    const page = track(ADAPTERS.chatgpt, 'sites/chatgpt.html', 'https://chatgpt.com/c/conv-a', { failFirst: 3 });
    page.tracker.start();
    await flush(1_000);
    sendPrompt(page, '#prompt-textarea', 'Q');
    await streamChatgpt(page, { user: 'u1', answer: 'a1' }, 'Q', ['A']);
    await flush(30_000);
    expect(page.sent.map((s) => s.type)).toEqual(['conversation/seed', 'site/health', 'turn/expected', 'turn/completed']);
    expect(page.tracker.unsent).toBe(0);
    const calls = page.send.mock.calls.length;
    await flush(60_000);
    expect(page.send.mock.calls.length).toBe(calls);
    page.tracker.stop();
  });
});
