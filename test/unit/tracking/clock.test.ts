/** The page clock (src/tracking/clock.ts): when it looks at the page, what it watches, and what it ignores. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageClock, SETTLE_MS, STREAMING_POLL_MS } from '../../../src/tracking/clock';
import { loadPage } from '../support/load-page';

const SETTLE = SETTLE_MS.reliable;
const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** To the clock's next look (its one timer), which it arms soon after a change or a prompt. */
const nextLook = async () => {
  const before = Date.now();
  await vi.advanceTimersToNextTimerAsync();
  return Date.now() - before;
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A page whose `#stop` button, while present, says an answer is being written (or `unmarked` for a page without one). */
function clocked(mode: 'marked' | 'unmarked' = 'marked') {
  const doc = loadPage('<main><div id="thread"></div><div id="slot"></div></main>', 'https://test.example/c/a');
  const writing = () => doc.getElementById('stop') !== null;
  const streaming = vi.fn((d: Document) => (writing() ? (mode === 'marked' ? d.getElementById('stop') : 'unmarked') : null));
  const listener = { beforeLook: vi.fn(), streaming: vi.fn(), streamingStopped: vi.fn(), quiet: vi.fn(async () => undefined) };
  const clock = createPageClock({ adapter: { streaming, streamingSignal: 'reliable' }, doc }, listener);
  return {
    doc,
    clock,
    streaming,
    listener,
    change: () => doc.getElementById('thread')!.append(doc.createElement('p')),
    stopButton: (on: boolean) => (on ? (doc.getElementById('slot')!.innerHTML = '<button id="stop">Stop</button>') : doc.getElementById('stop')?.remove()),
  };
}

describe('the page clock', () => {
  it('scans once the page has been quiet a whole settle period, asking whether it writes only once', async () => {
    const c = clocked();
    c.clock.start();
    expect(c.clock.current).toEqual({ name: 'watching', changed: true, idle: null });
    await flush(SETTLE);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'reliable' });
    expect(c.listener.quiet).not.toHaveBeenCalled();
    await flush(SETTLE);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    // Nothing changed since the look that found the page idle: not asked again before the scan.
    expect(c.streaming).toHaveBeenCalledTimes(1);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: null });
    c.clock.stop();
  });

  it('looks soon at the first change after a quiet moment, and not again for every change after it', async () => {
    const c = clocked();
    c.clock.start();
    await flush(2 * SETTLE);
    c.streaming.mockClear();
    c.change();
    // Soon: well before a settle period.
    expect(await nextLook()).toBeLessThan(SETTLE);
    expect(c.streaming).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) {
      c.change();
      await flush(SETTLE / 10);
    }
    expect(c.streaming).toHaveBeenCalledTimes(2);
    c.clock.stop();
  });

  it('while the page writes, watches only its stop button: the page’s changes are not seen, the button going is, at once', async () => {
    const c = clocked();
    c.clock.start();
    await flush(2 * SETTLE);
    c.stopButton(true);
    await nextLook();
    expect(c.clock.current).toEqual({ name: 'streaming', mark: c.doc.getElementById('stop') });
    expect(c.listener.streaming).toHaveBeenCalledTimes(1);
    c.streaming.mockClear();
    for (let i = 0; i < 50; i++) {
      c.change();
      await flush(50);
    }
    expect(c.streaming).not.toHaveBeenCalled();
    c.stopButton(false);
    await flush(0);
    expect(c.streaming).toHaveBeenCalledTimes(1);
    expect(c.listener.streamingStopped).toHaveBeenCalledTimes(1);
    // It wrote while unwatched: a whole settle period before the scan.
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'reliable' });
    await flush(SETTLE);
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    c.clock.stop();
  });

  it('scans only after a whole settle period without change, even when a look comes sooner (a navigation followed at a look)', async () => {
    const c = clocked();
    c.clock.start();
    await flush(2 * SETTLE);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    // At the next look the tracker follows a URL change: the page counts as changed then.
    c.listener.beforeLook.mockImplementationOnce(() => c.clock.pageChanged());
    c.clock.promptSent();
    await nextLook();
    await flush(SETTLE - 1);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    c.clock.stop();
  });

  it('asks again every poll where only something missing says the page writes, and at each recheck where a button says so', async () => {
    const unmarked = clocked('unmarked');
    unmarked.clock.start();
    unmarked.stopButton(true);
    await flush(SETTLE);
    unmarked.streaming.mockClear();
    await flush(10 * STREAMING_POLL_MS);
    expect(unmarked.streaming).toHaveBeenCalledTimes(10);
    expect(unmarked.clock.current).toEqual({ name: 'streaming', mark: null });
    unmarked.clock.stop();

    const marked = clocked('marked');
    marked.clock.start();
    marked.stopButton(true);
    await flush(SETTLE);
    marked.streaming.mockClear();
    const gaps = [await nextLook(), await nextLook()];
    expect(marked.streaming).toHaveBeenCalledTimes(2);
    // Rechecked seconds apart, not at every poll.
    for (const gap of gaps) expect(gap).toBeGreaterThan(4 * STREAMING_POLL_MS);
    marked.clock.stop();
  });

  it('ignores what does not apply: changes while off, a scan that ends after a stop, a look due during a scan', async () => {
    const c = clocked();
    c.change();
    c.clock.promptSent();
    await flush(5 * SETTLE);
    expect(c.streaming).not.toHaveBeenCalled();
    let endScan!: () => void;
    c.listener.quiet.mockImplementation(() => new Promise<undefined>((resolve) => (endScan = () => resolve(undefined))));
    c.clock.start();
    await flush(2 * SETTLE);
    expect(c.clock.current.name).toBe('scanning');
    // A prompt sent during the scan: the look waits until the scan is over and the page quiet.
    c.streaming.mockClear();
    c.clock.promptSent();
    await flush(SETTLE);
    expect(c.streaming).not.toHaveBeenCalled();
    expect(c.clock.current.name).toBe('scanning');
    c.clock.stop();
    endScan();
    await flush(0);
    expect(c.clock.current).toEqual({ name: 'off' });
  });
});

/**
 * A `quiet` site whose page sometimes says for sure that nothing is being written (DeepSeek's
 * disabled round button with an empty composer, Le Chat's action bar with the stop button gone):
 * here an empty text box, and, where the test asks for one, a `.done` mark after the newest answer.
 */
function quietSite(needsDone = false) {
  const doc = loadPage(
    '<main><div id="thread"><p></p><div class="done"></div></div><div id="slot"></div><textarea></textarea></main>',
    'https://test.example/c/a',
  );
  const thread = doc.getElementById('thread')!;
  const box = doc.querySelector('textarea') as HTMLTextAreaElement;
  const streaming = vi.fn((d: Document) => (d.getElementById('stop') ? ('unmarked' as const) : null));
  const idleSignal = vi.fn(() =>
    box.value === '' && (!needsDone || thread.lastElementChild?.className === 'done') ? ('reliable' as const) : ('quiet' as const),
  );
  const listener = { beforeLook: vi.fn(), streaming: vi.fn(), streamingStopped: vi.fn(), quiet: vi.fn(async () => undefined) };
  const clock = createPageClock({ adapter: { streaming, streamingSignal: 'quiet', idleSignal }, doc }, listener);
  return {
    doc,
    box,
    clock,
    idleSignal,
    listener,
    /** Starts the clock and lets its first scan of the page as loaded happen. */
    async started() {
      clock.start();
      await flush(SETTLE_MS.quiet + SETTLE_MS.reliable);
      expect(listener.quiet).toHaveBeenCalledTimes(1);
    },
    /** A prompt sent and its answer written while the page says so. */
    async answering() {
      clock.promptSent();
      doc.getElementById('slot')!.innerHTML = '<button id="stop"></button>';
      await nextLook();
      expect(clock.current).toEqual({ name: 'streaming', mark: null });
      for (let i = 0; i < 20; i++) {
        thread.append(doc.createElement('p'));
        await flush(50);
      }
    },
    /** The answer ends: the page stops saying it writes (and shows a finished mark when `done`). */
    finish(done: boolean) {
      doc.getElementById('stop')!.remove();
      if (done) thread.insertAdjacentHTML('beforeend', '<div class="done"></div>');
    },
  };
}

describe('the page clock on a site that can tell only some of the time', () => {
  it('settles with the reliable period once the page says for sure that the answer ended', async () => {
    const c = quietSite();
    await c.started();
    await c.answering();
    c.finish(true);
    await flush(STREAMING_POLL_MS);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'reliable' });
    await flush(SETTLE_MS.reliable);
    // Read within one poll plus the reliable settle period of the answer's end, well under a second.
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    expect(STREAMING_POLL_MS + SETTLE_MS.reliable).toBeLessThan(1_000);
    c.clock.stop();
  });

  it('waits the whole quiet period while the page cannot tell (text typed in the composer during the answer)', async () => {
    const c = quietSite();
    await c.started();
    await c.answering();
    c.box.value = 'my next question';
    c.finish(true);
    await flush(STREAMING_POLL_MS);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'quiet' });
    await flush(SETTLE_MS.quiet - 1);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    c.clock.stop();
  });

  it('keeps a reading while the page does not change, and asks again after a change', async () => {
    const c = quietSite();
    await c.started();
    c.idleSignal.mockClear();
    const thread = c.doc.getElementById('thread')!;
    thread.append(c.doc.createElement('p'));
    await nextLook();
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'reliable' });
    // Typing changes no node: the reading the look kept still holds at the scan (a new answer would change the page).
    c.box.value = 'typing';
    await flush(SETTLE_MS.reliable);
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    expect(c.idleSignal).toHaveBeenCalledTimes(1);
    thread.append(c.doc.createElement('p'));
    await nextLook();
    expect(c.idleSignal).toHaveBeenCalledTimes(2);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'quiet' });
    c.clock.stop();
  });

  it('looks again soon when the finished mark shows just after the page stopped saying it writes', async () => {
    const c = quietSite(true);
    await c.started();
    await c.answering();
    c.finish(false);
    await flush(STREAMING_POLL_MS);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idle: 'quiet' });
    await flush(50);
    c.doc.getElementById('thread')!.insertAdjacentHTML('beforeend', '<div class="done"></div>');
    await nextLook();
    await flush(SETTLE_MS.reliable);
    expect(c.listener.quiet).toHaveBeenCalledTimes(2);
    c.clock.stop();
  });
});
