/**
 * A prompt sent in a way the tracker does not see (a suggestion chip, voice, a button it does not
 * know): no click or Enter it knows, so no prompt is pending. On the real DeepSeek capture
 * (test/fixtures/real-dom/deepseek-live-2026-10-03.html, a new chat's first turn), replayed in a new
 * chat the tracker has read as empty: the page mounts the prompt and an empty answer shell, its
 * round button turns into the stop button, the answer streams in under a second, the action bar
 * shows and the site gives the chat its URL. Such a turn is counted; one the tracker cannot tell
 * from history is not counted and the site's health says why, never "ok".
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageLabels } from '../../../src/label/page-labels';
import { createLabelHost } from '../../../src/label/render';
import { ADAPTERS, lazyReadersOf } from '../../support/adapters';
import type { PageEvent } from '../../../src/tracking/page-events';
import { SETTLE_MS } from '../../../src/tracking/clock';
import { createPageTracker } from '../../../src/tracking/tracker';
import { useCatalog } from '../../support/messages';
import { fixture, loadPage } from '../support/load-page';
import { recordingSender } from '../support/test-site';

const NEW_CHAT = 'https://chat.deepseek.com/';
const CHAT_ID = '219872f6-17aa-48f6-9fdb-42ddf1f04bb0';
const PROMPT = '用一句话解释向量召回';
const ANSWER = '向量召回就是：把用户查询和所有候选内容都转成向量，然后快速找出与查询向量最相似（距离最近）的那一批候选。';
const DISABLED = 'ds-button--disabled';
/** The second turn of the fixture derived from the capture (test/fixtures/sites/deepseek-2026-10.html). */
const DERIVED = 'sites/deepseek-2026-10.html';
const PROMPT_2 = '向量召回和关键词召回有什么区别？';

const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * The capture's page as a new, empty chat at `url` (its turn taken out, kept to replay), tracked.
 * `file`: the capture, or a fixture derived from it with more turns.
 */
function deepseekChat(url = NEW_CHAT, file = 'real-dom/deepseek-live-2026-10-03.html') {
  const doc = loadPage(fixture(file), url);
  const win = doc.defaultView!;
  const list = doc.querySelector('.ds-virtual-list-visible-items')!;
  const items = Array.from(list.children);
  for (const item of items) item.remove();
  const button = doc.querySelector('.ds-button--primary.ds-button--circle')!;
  const { send, ...recorded } = recordingSender();
  // The worker's reply to a seed batch names the answers it counted before: none here.
  const reply = async (type: string, data: unknown) => {
    const result = await send(type, data);
    return type === 'conversation/seed' ? { ok: true, value: { ok: true, footprints: {} } } : result;
  };
  const tracker = createPageTracker({
    adapter: ADAPTERS.deepseek,
    doc,
    url: () => win.location.href,
    send: reply as never,
    lazyReaders: lazyReadersOf('deepseek'),
  });
  const events: PageEvent[] = [];
  tracker.subscribe((n) => void events.push(n));
  return {
    doc,
    tracker,
    events,
    ...recorded,
    /** The whole conversation shows at once (a chat opened from this one, say). */
    showAll() {
      list.append(...items.map((i) => i.cloneNode(true)));
    },
    /** The site gives the new chat its URL (history.replaceState: no navigation event reaches the tracker). */
    named() {
      win.history.replaceState(null, '', `/a/chat/s/${CHAT_ID}`);
    },
    /**
     * Replays the capture's turn `n` as a live one sent unseen: the prompt, the round button as
     * the stop button and the empty answer shell at once, then the answer's paragraph in `steps`
     * pieces `stepMs` apart, then the action bar and the idle button. `steps: 0` shows the whole
     * answer at once.
     */
    async replay(n: number, { steps, stepMs }: { steps: number; stepMs: number }) {
      const [prompt, answer] = [items[2 * n - 2], items[2 * n - 1]].map((i) => i.cloneNode(true) as Element);
      const message = answer.querySelector('.ds-message')!;
      const bar = message.nextElementSibling!;
      const body = message.innerHTML;
      const paragraph = message.querySelector('.ds-markdown-paragraph span')!;
      const text = paragraph.textContent!;
      if (steps > 0) {
        bar.remove();
        message.innerHTML = '';
        button.classList.remove(DISABLED);
      }
      list.append(prompt, answer);
      if (steps === 0) return;
      for (let i = 1; i <= steps; i++) {
        await flush(stepMs);
        message.innerHTML = body;
        message.querySelector('.ds-markdown-paragraph span')!.textContent = text.slice(0, Math.ceil((text.length * i) / steps));
      }
      answer.append(bar);
      button.classList.add(DISABLED);
    },
  };
}

/** After an empty read, the capture's first turn shows whole at once: it only seeds the history. */
async function firstTurnShownAtOnce(page: ReturnType<typeof deepseekChat>): Promise<void> {
  await flush(3 * SETTLE_MS.quiet);
  await page.replay(1, { steps: 0, stepMs: 0 });
  await flush(4 * SETTLE_MS.quiet);
  expect(page.turns()).toEqual([]);
  expect(page.seeds().flatMap((s) => s.messages.map((m) => [m.role, m.text]))).toEqual([
    ['user', PROMPT],
    ['assistant', ANSWER],
  ]);
}

describe('DeepSeek: a prompt sent in a way the tracker does not see', () => {
  it('in a new chat read as empty, an answer streamed in under a second is counted in the chat it is named, and health is ok', async () => {
    const page = deepseekChat();
    page.tracker.start();
    await flush(3 * SETTLE_MS.quiet);
    expect(page.seeds()).toEqual([]);
    await page.replay(1, { steps: 3, stepMs: 200 });
    page.named();
    await flush(4 * SETTLE_MS.quiet);
    expect(page.turns()).toEqual([expect.objectContaining({ site: 'deepseek', conversationId: CHAT_ID, promptText: PROMPT, answerText: ANSWER })]);
    expect(page.health().at(-1)).toMatchObject({ status: 'ok', reason: null });
    page.tracker.stop();
  });

  it('in a new chat read as empty, a turn shown at once cannot be told from history: seeded, not counted, and health says why', async () => {
    useCatalog('en');
    const page = deepseekChat(NEW_CHAT, DERIVED);
    const labels = new PageLabels(page.doc);
    page.tracker.subscribe(labels.onEvent);
    page.tracker.start();
    await firstTurnShownAtOnce(page);
    expect(page.health()).toEqual([expect.objectContaining({ site: 'deepseek', status: 'not-recognized', reason: 'turn-unplaced' })]);
    expect(page.events).toContainEqual({ kind: 'skipped', reason: 'turn-unplaced', answer: expect.objectContaining({ role: 'assistant' }) });
    // Its label says so, in the UI language.
    const label = page.doc.querySelector(createLabelHost(page.doc).localName) as HTMLElement;
    expect(label.dataset.state).toBe('not-counted');
    expect(label.shadowRoot!.getElementById('details')!.textContent).toMatch(/did not see its prompt being sent/);

    // The chat now has history: the next prompt sent unseen and answered at once follows every
    // message known, so it is a turn, and health is ok again.
    await page.replay(2, { steps: 0, stepMs: 0 });
    await flush(4 * SETTLE_MS.quiet);
    expect(page.turns()).toEqual([expect.objectContaining({ promptText: PROMPT_2, promptId: expect.any(String) })]);
    expect(page.health().at(-1)).toMatchObject({ status: 'ok', reason: null });
    page.tracker.stop();
  });

  it('a whole conversation appearing in a chat read as empty (one opened from it) is history: seeded, nothing counted, health ok', async () => {
    const page = deepseekChat(NEW_CHAT, DERIVED);
    page.tracker.start();
    await flush(3 * SETTLE_MS.quiet);
    page.showAll();
    await flush(4 * SETTLE_MS.quiet);
    expect(page.turns()).toEqual([]);
    expect(page.seeds().flatMap((s) => s.messages.map((m) => m.role))).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page.health()).toEqual([expect.objectContaining({ status: 'ok', reason: null })]);
    expect(page.events.some((n) => n.kind === 'skipped')).toBe(false);
    page.tracker.stop();
  });

  it('a saved one-turn chat whose messages load after the page was read as empty is history: seeded, nothing counted, health ok', async () => {
    // The chat's own URL from the start: a saved conversation is never empty, it is still loading.
    const page = deepseekChat(`https://chat.deepseek.com/a/chat/s/${CHAT_ID}`);
    page.tracker.start();
    await firstTurnShownAtOnce(page);
    expect(page.health()).toEqual([expect.objectContaining({ status: 'ok', reason: null })]);
    expect(page.events.some((n) => n.kind === 'skipped')).toBe(false);
    page.tracker.stop();
  });
});
