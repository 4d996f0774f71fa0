/** The page clock (src/tracking/clock.ts): when it looks at the page, what it watches, and what it ignores. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LOOK_MS, MARK_RECHECK_MS, PageClock, SETTLE_MS, STREAMING_POLL_MS } from '../../../src/tracking/clock';
import { loadPage } from '../sites/load-page';

const SETTLE = SETTLE_MS.reliable;
const flush = (ms: number) => vi.advanceTimersByTimeAsync(ms);

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
  const clock = new PageClock({ adapter: { streaming }, doc, settleMs: SETTLE }, listener);
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
    expect(c.clock.current).toEqual({ name: 'watching', changed: true, idleSeen: false });
    await flush(SETTLE);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idleSeen: true });
    expect(c.listener.quiet).not.toHaveBeenCalled();
    await flush(SETTLE);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    // Nothing changed since the look that found the page idle: not asked again before the scan.
    expect(c.streaming).toHaveBeenCalledTimes(1);
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idleSeen: false });
    c.clock.stop();
  });

  it('looks soon at the first change after a quiet moment, and not again for every change after it', async () => {
    const c = clocked();
    c.clock.start();
    await flush(2 * SETTLE);
    c.streaming.mockClear();
    c.change();
    await flush(FIRST_LOOK_MS);
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
    await flush(FIRST_LOOK_MS);
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
    expect(c.clock.current).toEqual({ name: 'watching', changed: false, idleSeen: true });
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
    await flush(FIRST_LOOK_MS);
    await flush(SETTLE - 1);
    expect(c.listener.quiet).toHaveBeenCalledTimes(1);
    await flush(FIRST_LOOK_MS + 1);
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
    await flush(2 * MARK_RECHECK_MS);
    expect(marked.streaming).toHaveBeenCalledTimes(2);
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
    await flush(FIRST_LOOK_MS);
    expect(c.streaming).not.toHaveBeenCalled();
    expect(c.clock.current.name).toBe('scanning');
    c.clock.stop();
    endScan();
    await flush(0);
    expect(c.clock.current).toEqual({ name: 'off' });
  });
});
