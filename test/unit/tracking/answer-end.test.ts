/**
 * How soon a finished answer is read on DeepSeek and Le Chat, sites whose page only sometimes says
 * for sure that nothing is being written (`idleSignal`): about SETTLE_MS.reliable after the page
 * says the answer ended, as on a site with a known stop button; the whole SETTLE_MS.quiet when it
 * cannot tell; never a partial answer. The pages are the sites' fixtures, changed the way each
 * fixture's own driver changes them while an answer streams (happy-dom runs no page script).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADAPTERS, lazyReadersOf } from '../../support/adapters';
import type { SiteAdapter } from '../../../src/sites/adapter';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { createPageTracker } from '../../../src/tracking/tracker';
import { STREAMING_POLL_MS } from '../../../src/tracking/clock';
import { fixture, loadPage } from '../support/load-page';
import { recordingSender } from '../support/test-site';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const CHUNKS = ['Offshore turbines ', 'produce more, ', 'since the wind ', 'is steadier at sea.'];

function tracked(adapter: SiteAdapter, file: string, url: string) {
  const doc = loadPage(fixture(file), url);
  const { send, turns, seeds } = recordingSender();
  const tracker = createPageTracker({ adapter, doc, url: () => url, send: send as never, lazyReaders: lazyReadersOf(adapter.site) });
  return { doc, tracker, turns, seeds };
}

/** Types the prompt in the composer and presses Enter, as a user does. */
function typeAndSend(doc: Document, box: Element, text: string): void {
  if (box instanceof doc.defaultView!.HTMLTextAreaElement) box.value = text;
  else box.textContent = text;
  box.dispatchEvent(new doc.defaultView!.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }) as unknown as Event);
}

/** Fake milliseconds from now until the tracker sends its next turn (at most `limit`). */
async function msUntilTurn(turns: () => unknown[], limit: number): Promise<number> {
  const before = turns().length;
  for (let waited = 0; waited <= limit; waited += 10) {
    if (turns().length > before) return waited;
    await flush(10);
  }
  return Infinity;
}

/** DeepSeek 2026-10: the round button enabled while the answer streams; disabled again with an empty composer; the action bar once it ends. */
function deepseekPage() {
  const page = tracked(ADAPTERS.deepseek, 'sites/deepseek-2026-10.html', 'https://chat.deepseek.com/a/chat/s/5d0f6a0e-2026-4e2e-8000-00000000d5e1');
  const { doc } = page;
  const list = doc.querySelector('.ds-virtual-list-visible-items')!;
  const button = doc.querySelector('.ds-button--primary.ds-button--circle')!;
  const box = doc.querySelector('textarea')!;
  const actions = list.querySelector('[data-virtual-list-item-key="2"] > .ds-message + *')!.outerHTML;
  let answerItem: Element | null = null;
  return {
    ...page,
    box,
    /** Sends the prompt; the page clears the composer, turns the round button into stop and mounts the answer. */
    send(prompt: string): Element {
      typeAndSend(doc, box, prompt);
      box.value = '';
      button.classList.remove('ds-button--disabled');
      list.insertAdjacentHTML(
        'beforeend',
        `<div data-virtual-list-item-key="-6"><div class="ds-message"><div><div class="ds-collapsible-text"><div><span>${prompt}</span></div></div></div></div></div>` +
          '<div data-virtual-list-item-key="6"><div class="ds-message"><div class="ds-markdown ds-assistant-message-main-content"><p></p></div></div></div>',
      );
      answerItem = list.lastElementChild!;
      return answerItem.querySelector('p')!;
    },
    /** The answer ends: its action bar shows; the round button is disabled again unless the composer holds text. */
    finish() {
      answerItem!.insertAdjacentHTML('beforeend', actions);
      button.classList.toggle('ds-button--disabled', box.value === '');
    },
  };
}

/** Le Chat 2026: the stop button in the composer while the answer streams; the action bar once it ends. */
function lechatPage() {
  const page = tracked(ADAPTERS.mistral, 'sites/mistral-2026-en.html', 'https://chat.mistral.ai/chat/24cad125-f45a-4ab6-bb62-2708aaf1734a');
  const { doc } = page;
  const thread = doc.getElementById('thread')!;
  const slot = doc.getElementById('send-slot')!;
  const box = doc.querySelector('.ProseMirror')!;
  let answer: Element | null = null;
  return {
    ...page,
    box,
    send(prompt: string): Element {
      typeAndSend(doc, box, prompt);
      box.textContent = '';
      slot.innerHTML =
        '<button type="button" aria-label="Stop generating"><svg aria-hidden="true"><rect x="7" y="7" width="10" height="10" rx="2"></rect></svg></button>';
      thread.insertAdjacentHTML(
        'beforeend',
        `<div data-message-author-role="user" data-message-id="u-9"><div class="select-text"><span>${prompt}</span></div></div>` +
          '<div data-message-author-role="assistant" data-message-id="a-9"><div><div data-message-part-type="answer"><div data-testid="text-message-part"><div class="markdown-container-style"><p></p></div></div></div></div></div>',
      );
      answer = thread.lastElementChild!;
      return answer.querySelector('p')!;
    },
    /** The stop button turns back into send; the action bar shows `barAfterMs` later (0: in the same render). */
    async finish(barAfterMs = 0) {
      slot.innerHTML = '<button type="submit" aria-label="Send question" data-send></button>';
      if (barAfterMs > 0) await flush(barAfterMs);
      answer!.firstElementChild!.insertAdjacentHTML(
        'beforeend',
        '<div class="flex gap-1 select-none"><button type="button" aria-label="Copy to clipboard"></button></div>',
      );
    },
  };
}

async function streamed(paragraph: Element, turns: () => unknown[]): Promise<void> {
  for (const chunk of CHUNKS) {
    paragraph.textContent += chunk;
    await flush(120);
  }
  // The page still says it writes: no turn however long it stays so.
  await flush(2 * SETTLE_MS.quiet);
  expect(turns()).toEqual([]);
}

describe('DeepSeek: the answer is read about 400 ms after the page says it ended', () => {
  it('with an empty composer the disabled round button says so for sure: one poll plus the reliable settle period', async () => {
    const page = deepseekPage();
    page.tracker.start();
    await flush(2 * SETTLE_MS.quiet);
    expect(page.seeds()).toHaveLength(1);
    await streamed(page.send('How much more do offshore turbines produce?'), page.turns);
    page.finish();
    const ms = await msUntilTurn(page.turns, 2 * SETTLE_MS.quiet);
    expect(ms).toBeGreaterThanOrEqual(SETTLE_MS.reliable);
    expect(ms).toBeLessThanOrEqual(STREAMING_POLL_MS + SETTLE_MS.reliable + 10);
    expect(page.turns()).toEqual([expect.objectContaining({ answerText: CHUNKS.join('').trim() })]);
    page.tracker.stop();
  });

  it('with text typed in the composer the button cannot tell stop from send: the whole quiet period, the answer complete', async () => {
    const page = deepseekPage();
    page.tracker.start();
    await flush(2 * SETTLE_MS.quiet);
    const paragraph = page.send('How much more do offshore turbines produce?');
    paragraph.textContent = CHUNKS[0];
    await flush(STREAMING_POLL_MS);
    // The user starts the next question while the answer streams: the page no longer says it writes.
    page.box.value = 'and per turbine?';
    for (const chunk of CHUNKS.slice(1)) {
      paragraph.textContent += chunk;
      await flush(120);
      expect(page.turns()).toEqual([]);
    }
    page.finish();
    const ms = await msUntilTurn(page.turns, 3 * SETTLE_MS.quiet);
    expect(ms).toBeGreaterThanOrEqual(SETTLE_MS.quiet);
    expect(page.turns()).toEqual([expect.objectContaining({ answerText: CHUNKS.join('').trim() })]);
    page.tracker.stop();
  });
});

describe('Le Chat: the answer is read about 400 ms after the page says it ended', () => {
  it('the stop button gone and the action bar shown in the same render: the reliable settle period', async () => {
    const page = lechatPage();
    page.tracker.start();
    await flush(2 * SETTLE_MS.quiet);
    expect(page.seeds()).toHaveLength(1);
    await streamed(page.send('And per turbine, offshore?'), page.turns);
    await page.finish();
    const ms = await msUntilTurn(page.turns, 2 * SETTLE_MS.quiet);
    expect(ms).toBeGreaterThanOrEqual(SETTLE_MS.reliable);
    expect(ms).toBeLessThanOrEqual(SETTLE_MS.reliable + 10);
    expect(page.turns()).toEqual([expect.objectContaining({ answerText: CHUNKS.join('').trim() })]);
    page.tracker.stop();
  });

  it('the action bar a moment after the stop button went: still read within a second', async () => {
    const page = lechatPage();
    page.tracker.start();
    await flush(2 * SETTLE_MS.quiet);
    await streamed(page.send('And per turbine, offshore?'), page.turns);
    const ms = await (async () => {
      const before = Date.now();
      await page.finish(150);
      return Date.now() - before + (await msUntilTurn(page.turns, 2 * SETTLE_MS.quiet));
    })();
    expect(ms).toBeLessThan(1_000);
    expect(page.turns()).toEqual([expect.objectContaining({ answerText: CHUNKS.join('').trim() })]);
    page.tracker.stop();
  });

  it('a stop button it cannot see and no action bar yet: it waits the quiet period, not the reliable one', async () => {
    const page = lechatPage();
    page.tracker.start();
    await flush(2 * SETTLE_MS.quiet);
    const paragraph = page.send('And per turbine, offshore?');
    // A redesigned stop button: neither its label nor its icon known.
    page.doc.getElementById('send-slot')!.innerHTML = '<button type="button" aria-label="Interrompi"><svg></svg></button>';
    paragraph.textContent = CHUNKS[0];
    // A pause mid-answer, far longer than the reliable settle period: the page says nothing, so only the quiet period may end it.
    await flush(SETTLE_MS.quiet - 100);
    expect(page.turns()).toEqual([]);
    for (const chunk of CHUNKS.slice(1)) {
      paragraph.textContent += chunk;
      await flush(120);
      expect(page.turns()).toEqual([]);
    }
    await page.finish();
    await msUntilTurn(page.turns, 3 * SETTLE_MS.quiet);
    expect(page.turns().at(-1)).toEqual(expect.objectContaining({ answerText: CHUNKS.join('').trim() }));
    page.tracker.stop();
  });
});
