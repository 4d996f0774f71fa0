/**
 * The page clock: when the tracker looks at the page, and what it watches in between. A state
 * machine of its own, beside the answer's phases (phases.ts):
 *
 *          start             look: the page writes            look: it no longer writes
 *   off ─────────▶ watching ───────────────────────▶ streaming ─────────────────────────▶ watching
 *                   │    ▲                            (changed: it wrote while unwatched;
 *                   │    │                             idle: how sure the page is of that)
 *       look: quiet │    │ scan done
 *                   ▼    │
 *                  scanning
 *
 * Cost model: in `watching` a MutationObserver notes changes, and its callback only notes the time
 * and arms the one timer; nothing reads text or walks the page per mutation. In `streaming` it is
 * off: where an element says the page writes (a stop button) only that element is watched (its
 * attributes, and whether it is still on the page), and looked at again when it changes; where only
 * something missing says so, the page is asked every STREAMING_POLL_MS. A look is one
 * `adapter.streaming(doc)`. The page is quiet once it has not changed for a whole settle period;
 * then the tracker scans it. Adding or removing the extension's own nodes (the labels) is no change.
 *
 * The settle period belongs to the reading, not only to the site: a look that finds nothing being
 * written also asks how sure the page is of it (`adapter.idleSignal`, else the site's
 * `streamingSignal`), and `watching` keeps that answer (`idle`) until the page changes. A site whose
 * page can tell only some of the time (DeepSeek, Le Chat) settles as fast as a reliable site when
 * it says so, and waits the long quiet period when it cannot; a change of the page brings a long
 * wait forward, so a finished mark that shows just after the stop button went is looked at soon.
 *
 * The first change after a quiet moment is looked at soon (FIRST_LOOK_MS): an answer the page
 * writes in under a second, to a prompt sent in a way the tracker did not see, is still seen being
 * written, so the scan places it as a turn, not as history.
 */
import type { SiteAdapter, StreamingSignal } from '../sites/adapter';

/** How long the page must be quiet before a scan, by how much the reading that found nothing being written can be trusted. */
export const SETTLE_MS: Readonly<Record<StreamingSignal, number>> = { reliable: 400, quiet: 2_500 };
/**
 * While the page says an answer is being written without an element to watch, how often to ask
 * again. The page label must appear within 1 s of the answer finishing: one poll interval plus the
 * settle period plus the worker's reply.
 */
export const STREAMING_POLL_MS = 250;
/**
 * While a watched element says an answer is being written, how often to ask anyway: for a change
 * the watch cannot see (a selector that depends on an ancestor's attributes) and the answer's time
 * limit. URL changes need no recheck: WXT's location watcher reports them (from the Navigation API,
 * or by looking every second where the browser has none).
 */
const MARK_RECHECK_MS = 5_000;
/** After a prompt is sent, or the page changes after a quiet moment: when to first ask whether it writes (so the observer is off early). */
const FIRST_LOOK_MS = 100;

export type ClockState =
  /** Not started, or stopped. */
  | { readonly name: 'off' }
  /**
   * The observer watches the page. `changed`: it changed since the last look. `idle`: the last look
   * found nothing being written, and how sure the page was of it (its settle period, see SETTLE_MS);
   * it has not changed since, so it still says so (a new answer always changes the page's nodes, and
   * a prompt sent clears it): no need to ask again. Null when no look has been made since.
   */
  | { readonly name: 'watching'; readonly changed: boolean; readonly idle: StreamingSignal | null }
  /** A quiet scan runs (the observer still on); `changed`: the page changed meanwhile. */
  | { readonly name: 'scanning'; readonly changed: boolean }
  /** The page writes an answer: the observer is off; `mark` is the element watched, or null when polled. */
  | { readonly name: 'streaming'; readonly mark: Element | null };

/** What the clock tells the tracker. Called from timers and observers, never per mutation. */
export interface ClockListener {
  /** Before each look: follows a URL change no navigation event told of (one string compare). */
  beforeLook(): void;
  /** A look found the page writing an answer. */
  streaming(now: number): void;
  /** A look found the page no longer writing, after one found it writing. */
  streamingStopped(): void;
  /** The page has been quiet for a settle period and nothing is being written: scan it. */
  quiet(now: number): Promise<void>;
}

export interface ClockOptions {
  adapter: Pick<SiteAdapter, 'streaming' | 'streamingSignal' | 'idleSignal'>;
  doc: Document;
  /** Nodes the extension itself puts on the page: adding or removing them is no change of the chat. */
  ownNode?: (node: Node) => boolean;
}

/** The clock the tracker holds: a closure rather than a class, so its state costs the content script no `this.#` per use. */
export interface PageClock {
  /** When the page last changed (while watched), for answers without a finish signal. */
  readonly lastChangeAt: number;
  readonly current: ClockState;
  start(): void;
  stop(): void;
  /** Arms the one timer to look in `ms` (an earlier look already due wins). A mutation may bring a long wait forward. */
  wake(ms: number): void;
  /** The page changed without a mutation we saw (a navigation): as a mutation. */
  pageChanged(): void;
  /** A prompt was sent: the send button may turn into a stop button, an attribute the observer does not see. */
  promptSent(): void;
}

export function createPageClock(options: ClockOptions, listener: ClockListener): PageClock {
  let state: ClockState = { name: 'off' };
  const timer = createOneTimer();
  let observer: MutationObserver | null = null;
  /** Watches the element that says an answer is being written (see `createMarkWatch`). */
  let mark: MarkWatch | null = null;
  let changedAt = 0;
  const { adapter, doc } = options;
  /** The site's settle period: after a change, before the page has said how sure it is. */
  const settleMs = SETTLE_MS[adapter.streamingSignal];
  /** The shortest settle period a reading can give: a longer wait is one a page change brings forward. */
  const shortestMs = adapter.idleSignal ? Math.min(settleMs, SETTLE_MS.reliable) : settleMs;

  const wake = (ms: number): void => {
    timer.arm(ms, ms > shortestMs && state.name !== 'streaming', tick);
  };

  const observe = (): void => {
    observer?.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true, characterData: true });
  };

  const onMutation = (records?: MutationRecord[]): void => {
    const own = options.ownNode;
    if (own && records?.every((r) => onlyOwnNodes(r, own))) return;
    switch (state.name) {
      case 'off':
        return; // stopped: a record delivered after the observer went
      case 'streaming':
        return; // a record queued before the observer went off: leaving `streaming` counts the page as changed anyway
      case 'scanning':
        changedAt = Date.now();
        state = { name: 'scanning', changed: true }; // the look after the scan waits a settle period
        return;
      case 'watching': {
        const first = !state.changed;
        changedAt = Date.now();
        state = { name: 'watching', changed: true, idle: null };
        // Looked at again after the shortest settle period: a finished mark may have just shown.
        if (!timer.armed || timer.long) wake(first ? FIRST_LOOK_MS : shortestMs);
        return;
      }
    }
  };

  const onMarkChange = (): void => {
    if (state.name !== 'streaming') return; // the mark is watched only while streaming: a record delivered after
    mark?.unwatch();
    state = { name: 'streaming', mark: null }; // watched again if the look still finds it
    timer.clear();
    wake(0);
  };

  const tick = (): void => {
    const now = Date.now();
    listener.beforeLook();
    const before = state;
    switch (before.name) {
      case 'off':
        return; // stopped by the navigation followed just now
      case 'scanning':
        wake(settleMs); // a scan runs: looked at again once it is over and the page quiet
        return;
      case 'watching':
      case 'streaming': {
        const known = before.name === 'watching' && !before.changed ? before.idle : null;
        const writing = known ? null : adapter.streaming(doc);
        if (writing !== null) return streaming(writing, now);
        // Nothing is being written: how sure the page is of it sets the settle period.
        const idle = known ?? adapter.idleSignal?.(doc) ?? adapter.streamingSignal;
        const idleMs = SETTLE_MS[idle];
        if (before.name === 'streaming') {
          // The answer changed the page while we were not looking.
          mark?.unwatch();
          observe();
          state = { name: 'watching', changed: true, idle: null };
          changedAt = now;
          listener.streamingStopped();
        }
        // Quiet means no change for a whole settle period (a look may come sooner: a prompt sent, a first look).
        const quietFor = now - changedAt;
        if (before.name === 'streaming' || before.changed || quietFor < idleMs) {
          state = { name: 'watching', changed: false, idle };
          wake(before.name === 'watching' && !before.changed ? idleMs - quietFor : idleMs);
          return;
        }
        state = { name: 'scanning', changed: false };
        void listener.quiet(now).finally(scanDone);
        return;
      }
    }
  };

  const streaming = (writing: Element | 'unmarked', now: number): void => {
    if (state.name === 'watching') observer?.disconnect();
    const shown = writing === 'unmarked' ? null : writing;
    if (state.name !== 'streaming' || state.mark !== shown) {
      mark?.unwatch();
      if (shown) mark?.watch(shown);
    }
    state = { name: 'streaming', mark: shown };
    listener.streaming(now);
    wake(shown ? MARK_RECHECK_MS : STREAMING_POLL_MS);
  };

  /** The scan is over: back to watching, a settle period first where the page changed meanwhile. Stopped meanwhile: `off`; no look happens while a scan runs. */
  const scanDone = (): void => {
    if (state.name !== 'scanning') return;
    const { changed } = state;
    state = { name: 'watching', changed, idle: null };
    if (changed) wake(settleMs);
  };

  return {
    get lastChangeAt() {
      return changedAt;
    },
    get current() {
      return state;
    },
    start() {
      if (state.name !== 'off') return; // started already
      const Observer = (doc.defaultView as (Window & typeof globalThis) | null)?.MutationObserver ?? MutationObserver;
      observer = new Observer(onMutation);
      mark = createMarkWatch(new Observer(onMarkChange));
      observe();
      // What the page showed before we watched it counts as a change: a whole settle period first.
      state = { name: 'watching', changed: true, idle: null };
      changedAt = Date.now();
      wake(settleMs);
    },
    stop() {
      observer?.disconnect();
      mark?.unwatch();
      observer = mark = null;
      timer.clear();
      state = { name: 'off' };
    },
    wake,
    pageChanged() {
      onMutation();
    },
    promptSent() {
      if (state.name === 'off') return; // not started: nothing to look at
      // Watching, what the last look found is out of date; scanning or streaming, the next look asks the page anyway.
      if (state.name === 'watching') state = { ...state, idle: null };
      wake(FIRST_LOOK_MS);
    },
  };
}

/** The watch on the element that says an answer is being written (a stop button, a busy flag). */
interface MarkWatch {
  watch(mark: Element): void;
  unwatch(): void;
}

/**
 * Watches the element that says an answer is being written: its attributes (a stop button turning
 * back into the send button) and every ancestor's children (it, or a box around it, leaving the
 * page). Neither changes while the answer's text streams in, so nothing runs until it ends.
 */
function createMarkWatch(observer: MutationObserver): MarkWatch {
  return {
    watch(mark) {
      observer.observe(mark, { attributes: true });
      for (let node = mark.parentNode; node; node = node.parentNode) observer.observe(node, { childList: true });
    },
    unwatch: () => observer.disconnect(),
  };
}

/** The one timer: an earlier wake wins; `long` when it is a wait a page change may bring forward. */
interface OneTimer {
  readonly armed: boolean;
  readonly long: boolean;
  arm(ms: number, long: boolean, fire: () => void): void;
  clear(): void;
}

function createOneTimer(): OneTimer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  let at = 0;
  let long = false;
  return {
    get armed() {
      return handle !== undefined;
    },
    get long() {
      return long;
    },
    arm(ms, longWait, fire) {
      const due = Date.now() + ms;
      if (handle !== undefined && at <= due) return;
      clearTimeout(handle);
      at = due;
      long = longWait;
      handle = setTimeout(() => {
        handle = undefined;
        long = false;
        fire();
      }, ms);
    },
    clear() {
      clearTimeout(handle);
      handle = undefined;
      long = false;
    },
  };
}

/** A mutation that only added or removed the extension's own nodes. */
function onlyOwnNodes(record: MutationRecord, own: (node: Node) => boolean): boolean {
  if (record.type !== 'childList') return false;
  for (const n of Array.from(record.addedNodes)) if (!own(n)) return false;
  for (const n of Array.from(record.removedNodes)) if (!own(n)) return false;
  return true;
}
