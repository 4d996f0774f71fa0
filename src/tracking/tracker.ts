/**
 * Follows a chat page as it changes and reports finished turns to the worker. Where the newest
 * answer stands is the state machine in phases.ts; this class turns page events into its events,
 * schedules the one timer, reads the page in quiet scans and keeps what it read of the conversation.
 *
 * Cost model: the MutationObserver callback only notes the time and arms one timer; nothing reads
 * text or walks the page while an answer streams. While the page says one streams the observer is
 * off (on resuming, the page counts as changed): where an element says so (a stop button) the
 * tracker watches only that element, its attributes and whether it is still on the page, and asks
 * again when it changes; where only something missing says so, it asks every STREAMING_POLL_MS.
 * Adding or removing our own labels is no change. Once the page has been quiet for a moment and no
 * answer is streaming, one scan finds the messages, reads the text of the new turn once, and sends
 * it (tokenizing happens in the worker). Messages already on the page when it loads or after a
 * navigation only seed the conversation's history; they are never counted.
 *
 * When is an answer finished? Late is better than partial:
 * - never while the page says it is generating: the page-level `isStreaming` (a stop button, a busy
 *   flag) or the answer's own finished signal (`answerFinished` false);
 * - on sites with a reliable signal, once the page has been quiet for SETTLE_MS.reliable after the
 *   signal went away; if no signal was seen for this answer at all (a hook that changed), the page
 *   must be quiet for SETTLE_MS.quiet, as on sites without a signal;
 * - on sites without a reliable signal (`streamingSignal: 'quiet'`), once the page has been quiet
 *   for SETTLE_MS.quiet. An answer that pauses longer than that and then goes on is corrected in
 *   place: the same turnId is sent again with the final text and a higher `revision`, and the
 *   worker replaces the counts (one turn, final counts, never two).
 *
 * One answer is one turn: all assistant messages between one prompt and the next are its parts
 * (exchanges.ts). A part that appears after the answer was counted is a revision of that turn.
 */
import type { PageMessage, SiteAdapter } from '../sites/adapter';
import { UNSAVED_CONVERSATION_PREFIX } from '../sites/conversation-url';
import { fingerprint } from '../sites/dom';
import { ANSWER_TIMEOUT_MINUTES, type HealthReason } from '../domain/health-reasons';
import type { ConversationSeed, TurnCompleted } from '../domain/turns';
import { answerExtrasOf, answerFinishedOf, exchangesOf, joinParts, type AnswerExtras, type Exchange } from './exchanges';
import { Outbox, type Send } from './outbox';
import { countedOf, INITIAL_STATE, promptAtOf, sawStreaming, step, type TrackerEvent, type TrackerState } from './phases';
import { answerProblem, promptsProblem } from './recognize';
import { mapInSlices } from './slices';

/** How long the page must be quiet before a scan, by how much the site's streaming signal can be trusted. */
export const SETTLE_MS = { reliable: 400, quiet: 2_500 } as const;
/** An answer still streaming (or never appearing) this long after the prompt is reported. */
export const ANSWER_TIMEOUT_MS = ANSWER_TIMEOUT_MINUTES * 60_000;
/** After a prompt is sent, how long the adapter may find no messages before the site is reported. */
export const NO_MESSAGES_GRACE_MS = 15_000;
/** After a prompt is sent, how long a finished-looking answer may read as empty (reasoning first, a slow start) before the site is reported. */
export const EMPTY_ANSWER_GRACE_MS = 60_000;
/**
 * While the page says an answer is being written without an element to watch, how often to ask
 * again. The page label must appear within 1 s of the answer finishing: one poll interval plus the
 * settle period plus the worker's reply.
 */
const STREAMING_POLL_MS = 250;
/**
 * While a watched element says an answer is being written, how often to ask anyway: for a change
 * the watch cannot see (a selector that depends on an ancestor's attributes) and the answer's time
 * limit. URL changes need no recheck: WXT's location watcher reports them (from the Navigation API,
 * or by looking every second where the browser has none).
 */
export const MARK_RECHECK_MS = 5_000;
/** After a prompt is sent, when to first ask whether the page writes (so the observer is off early). */
const PROMPT_CHECK_MS = 100;
const SEED_BATCH_CHARS = 20_000;

export interface TrackerOptions {
  adapter: SiteAdapter;
  doc: Document;
  url(): string;
  send: Send;
  /** Told about answers as they are counted or skipped (the page label, src/label/). */
  hooks?: TrackerHooks;
  /** Nodes the extension itself puts on the page (the labels): adding or removing them is no change of the chat. */
  ownNode?: (node: Node) => boolean;
}

/** Called from the tracker's quiet scans only, never per mutation; must not throw (the caller does not guard). */
export interface TrackerHooks {
  /** A turn was sent for this answer (its worker reply follows through `send`). */
  turnSent(turnId: string, answer: PageMessage): void;
  /** This answer was not counted, and why (a reason code; the label says it in the UI language). */
  answerSkipped(answer: PageMessage, reason: HealthReason): void;
  /** The messages a quiet scan found (already in hand: no extra page reads). */
  scanned(messages: readonly PageMessage[]): void;
  /**
   * An answer already on the page was sent to seed history under this id (the turnId it has if it
   * was counted before; the reply to its conversation/seed batch follows through `send`).
   */
  seeded(turnId: string, answer: PageMessage): void;
}

/** What the tracker knows of a message it seeded or counted. */
interface Known {
  /** Fingerprint of an answer's text, for pages whose ids are derived (regenerated in place). */
  print?: string;
}

/** Where a scan puts the messages it has not seeded or counted yet. */
interface ScanPlan {
  /** History only: prompts, and the parts of one answer together (the first part names them). */
  seeds: PageMessage[][];
  /** Answers to count (or to revise: the answer counted last, grown). */
  live: Exchange[];
  /** Every prompt and answer on the page. */
  exchanges: Exchange[];
}

type CountOutcome = 'counted' | 'known' | 'wait' | 'empty' | 'unrecognized';

export class PageTracker {
  private readonly adapter: SiteAdapter;
  private readonly doc: Document;
  private readonly outbox: Outbox;
  private readonly settleMs: number;
  /** A new chat's id until the site names it: links and lists know it by its prefix (src/sites/conversation-url.ts). */
  private readonly unsaved = `${UNSAVED_CONVERSATION_PREFIX}-${Date.now().toString(36)}`;
  private observer: MutationObserver | null = null;
  /** Watches the element that says an answer is being written (see `watchMark`). */
  private markObserver: MutationObserver | null = null;
  private watched: Element | null = null;

  // The clock: one timer, and whether the page changed since the last tick.
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private longWait = false;
  /** The page changed since the last tick (set by the observer: the only thing it does besides arming a timer). */
  private changed = false;
  private lastChangeAt = 0;
  /**
   * The page said at the last tick that nothing was being written, with the observer on. If it has
   * not changed by the next tick, it still says so: a new answer always changes the page's nodes
   * (which the observer reports), and a prompt sent resets this. Saves walking the page once more
   * right before a scan.
   */
  private idleUnchanged = false;
  private scanning = false;
  /** False while an answer streams: the poll asks the page then, and each update of the answer would only wake us for nothing. */
  private observing = false;

  /** Where the newest answer stands (phases.ts). */
  private state: TrackerState = INITIAL_STATE;

  // What was read of the conversation: by message id (a Map: ids are the page's, any string).
  private conversation: string;
  private lastUrl = '';
  private known = new Map<string, Known>();
  /** Text fingerprints of the message elements read in this conversation and in the one before it. */
  private prints = new WeakMap<Element, string>();
  private previousPrints = new WeakMap<Element, string>();
  /** Ids of messages still showing the conversation left behind: neither seeded nor counted here. */
  private stale = new Set<string>();

  // What was reported.
  private health: string | null = null;
  /** The messages (count, first and last id) whose prompts did not read sensibly: not read again until they change. */
  private rejected: string | null = null;

  constructor(private readonly options: TrackerOptions) {
    this.adapter = options.adapter;
    this.doc = options.doc;
    this.outbox = new Outbox(options.send);
    this.settleMs = SETTLE_MS[options.adapter.streamingSignal];
    this.lastUrl = options.url();
    this.conversation = this.conversationAt(this.lastUrl);
  }

  start(): void {
    const Observer = (this.doc.defaultView as (Window & typeof globalThis) | null)?.MutationObserver ?? MutationObserver;
    this.observer = new Observer(this.onMutation);
    this.markObserver = new Observer(this.onMarkChange);
    this.observe();
    this.doc.addEventListener('keydown', this.onKeydown, true);
    this.doc.addEventListener('click', this.onClick, true);
    this.doc.addEventListener('submit', this.onSubmit, true);
    this.onMutation();
  }

  private observe(): void {
    this.observer?.observe(this.doc.body ?? this.doc.documentElement, { childList: true, subtree: true, characterData: true });
    this.observing = true;
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.unwatchMark();
    this.markObserver = null;
    this.doc.removeEventListener('keydown', this.onKeydown, true);
    this.doc.removeEventListener('click', this.onClick, true);
    this.doc.removeEventListener('submit', this.onSubmit, true);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.outbox.stop();
  }

  /**
   * Single-page navigation: another conversation's messages only seed its history. `destination` is
   * the URL the page is going to (the Navigation API tells it before `location` changes); without
   * it the current URL is read.
   */
  navigated(destination?: string): void {
    const url = destination ?? this.options.url();
    this.lastUrl = url;
    const conversation = this.conversationAt(url);
    if (conversation === this.conversation) return;
    const fromUnsaved = this.conversation === this.unsaved;
    this.conversation = conversation;
    this.known.clear();
    this.stale.clear();
    this.dispatch({ type: 'navigated', fromUnsaved });
    if (!fromUnsaved) {
      // Another conversation: the old one's messages may stay on the page for a moment; they must not
      // seed the new one. (A new chat that just got its id keeps its messages: they seed its history.)
      this.previousPrints = this.prints;
      this.prints = new WeakMap();
    }
    this.onMutation();
  }

  /** Messages not yet acknowledged by the worker. */
  get unsent(): number {
    return this.outbox.pending;
  }

  /** The state machine's state (for tests and the page report). */
  get current(): TrackerState {
    return this.state;
  }

  private dispatch(event: TrackerEvent): void {
    this.state = step(this.state, event);
  }

  /** Follows a URL change no navigation event told us about (one string compare). True when the conversation changed. */
  private followUrl(): boolean {
    const url = this.options.url();
    if (url === this.lastUrl) return false;
    const before = this.conversation;
    this.navigated(url);
    return this.conversation !== before;
  }

  // ---- Event handlers: cheap on purpose ------------------------------------

  private readonly onMutation = (records?: MutationRecord[]): void => {
    const own = this.options.ownNode;
    if (own && records?.every((r) => onlyOwnNodes(r, own))) return;
    this.changed = true;
    this.lastChangeAt = Date.now();
    if (this.timer === undefined || this.longWait) this.wake(this.settleMs);
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    const target = event.target as HTMLElement | null;
    if (!target || !(target.tagName === 'TEXTAREA' || target.isContentEditable || target.getAttribute?.('contenteditable') === 'true')) return;
    const text = target.tagName === 'TEXTAREA' ? (target as HTMLTextAreaElement).value : target.textContent;
    if ((text ?? '').trim() !== '') this.promptSent();
  };

  private readonly onClick = (event: MouseEvent): void => {
    const button = (event.target as Element | null)?.closest?.(this.adapter.sendButtonSelector);
    if (button && !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true') this.promptSent();
  };

  private readonly onSubmit = (): void => this.promptSent();

  private promptSent(): void {
    // Sent in the conversation the page shows now: a navigation not followed yet happened before it.
    this.followUrl();
    this.idleUnchanged = false; // the send button may turn into a stop button: an attribute the observer does not watch
    this.dispatch({ type: 'promptSent', at: Date.now() });
    this.wake(PROMPT_CHECK_MS);
  }

  // ---- The clock ------------------------------------------------------------

  /** Arms the one timer to fire in `ms` (an earlier pending one wins). */
  private wake(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer !== undefined && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    // A mutation may bring a long wait forward, but not the polling while an answer streams.
    this.longWait = ms > this.settleMs && this.state.phase.name !== 'streaming';
    this.timer = setTimeout(this.tick, ms);
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    this.longWait = false;
    const now = Date.now();
    this.followUrl();
    const streaming = this.idleUnchanged && !this.changed ? null : this.adapter.streaming(this.doc);
    this.idleUnchanged = false;
    if (streaming !== null) {
      this.dispatch({ type: 'streamingSeen', at: now });
      if (this.observing) {
        this.observer?.disconnect();
        this.observing = false;
      }
      const phase = this.state.phase;
      if (phase.name === 'streaming' && now - phase.since >= ANSWER_TIMEOUT_MS) this.report('not-recognized', 'answer-unfinished');
      if (streaming === 'unmarked') {
        this.unwatchMark();
        this.wake(STREAMING_POLL_MS);
      } else {
        this.watchMark(streaming);
        this.wake(MARK_RECHECK_MS);
      }
      return;
    }
    this.unwatchMark();
    this.dispatch({ type: 'streamingStopped' });
    if (!this.observing && this.observer) {
      // The answer changed the page while we were not looking.
      this.observe();
      this.changed = true;
      this.lastChangeAt = now;
    }
    // Quiet means no change for a whole settle period.
    if (this.changed || this.scanning) {
      this.changed = false;
      this.idleUnchanged = this.observing;
      this.wake(this.settleMs);
      return;
    }
    this.scanning = true;
    void this.scan(now).finally(() => {
      this.scanning = false;
    });
  };

  /**
   * Watches the element that says an answer is being written: its attributes (a stop button turning
   * back into the send button) and every ancestor's children (it, or a box around it, leaving the
   * page). Neither changes while the answer's text streams in, so nothing runs until it ends.
   */
  private watchMark(mark: Element): void {
    if (this.watched === mark || !this.markObserver) return;
    this.markObserver.disconnect();
    this.watched = mark;
    this.markObserver.observe(mark, { attributes: true });
    for (let node = mark.parentNode; node; node = node.parentNode) this.markObserver.observe(node, { childList: true });
  }

  private unwatchMark(): void {
    if (this.watched === null) return;
    this.markObserver?.disconnect();
    this.watched = null;
  }

  private readonly onMarkChange = (): void => {
    this.unwatchMark();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.wake(0);
  };

  // ---- The scan -------------------------------------------------------------

  private async scan(now: number): Promise<void> {
    if (this.followUrl()) return; // the URL changed without a navigation event reaching us (a new chat got its id)
    const conversation = this.conversation;
    const found = this.adapter.findTurns(this.doc);
    const messages = this.stale.size > 0 ? found.filter((m) => !this.stale.has(m.id)) : found;
    this.options.hooks?.scanned(messages);
    if (messages.length === 0) {
      if (found.length > 0)
        this.wake(this.settleMs); // the page still shows the conversation we left
      else this.checkPromptAnswered(now, false);
      return;
    }
    const signature = `${messages.length}:${messages[0].id}:${messages[messages.length - 1].id}`;
    if (signature === this.rejected) return;

    const { seeds, live, exchanges } = this.plan(messages);
    if (seeds.length > 0) {
      const seeded = await this.seed(conversation, seeds, now);
      if (seeded === 'stale') {
        // The page still shows the conversation we left: wait for the new one.
        this.wake(this.settleMs);
        return;
      }
      if (seeded === 'unrecognized') {
        this.rejected = signature;
        return;
      }
    }
    this.dispatch({ type: 'seeded' });

    const results = live.map((exchange) => this.countAnswer(conversation, exchange, now));
    if (results.includes('unrecognized')) {
      this.rejected = signature;
      return;
    }
    if (live.length === 0) this.reviseCounted(exchanges);
    const counted = results.includes('counted');
    if (counted || (seeds.length > 0 && this.health === null)) this.report('ok', null);
    if (!counted) this.checkPromptAnswered(now, true, results.includes('empty') && !results.includes('wait'));
  }

  /**
   * Which messages not seen yet only seed the history and which answers are counted. Live are the
   * answers after the prompt just sent (or after every message already known, while a prompt is
   * pending or an answer was being written), and any new part of the answer counted last.
   */
  private plan(messages: PageMessage[]): ScanPlan {
    const { seeding, phase } = this.state;
    let lastKnown = -1;
    let lastUser = -1;
    messages.forEach((m, i) => {
      if (this.known.has(m.id)) lastKnown = i;
      if (m.role === 'user') lastUser = i;
    });
    // A prompt that appears after every message we know, as the last one on the page, was just sent,
    // even if we missed how (a send button we do not know).
    const newPrompt = !seeding && lastUser > lastKnown && !this.known.has(messages[lastUser].id);
    const activity = promptAtOf(phase) !== null || sawStreaming(phase) || newPrompt;
    const firstLive = !activity ? Infinity : seeding ? Math.max(lastUser, 0) : newPrompt ? lastUser : lastKnown + 1;
    const countedId = countedOf(phase)?.messageId;

    const seeds: PageMessage[][] = [];
    const live: Exchange[] = [];
    let index = 0;
    const exchanges = exchangesOf(messages);
    for (const exchange of exchanges) {
      if (exchange.prompt) {
        if (index < firstLive && !this.known.has(exchange.prompt.id)) seeds.push([exchange.prompt]);
        index++;
      }
      let seedParts: PageMessage[] = [];
      let isLive = false;
      const grownCounted = exchange.parts[0]?.id === countedId;
      for (const part of exchange.parts) {
        if (!this.known.has(part.id)) {
          if (index >= firstLive || grownCounted) isLive = true;
          else seedParts.push(part);
        } else if (seedParts.length > 0) {
          seeds.push(seedParts);
          seedParts = [];
        }
        index++;
      }
      if (seedParts.length > 0) seeds.push(seedParts);
      if (isLive) live.push(exchange);
    }
    // Pages with derived ids regenerate an answer in place: same id, new text after a stream.
    if (live.length === 0 && sawStreaming(phase)) {
      const last = messages.findLast((m) => m.role === 'assistant');
      const exchange = last && !last.pageId ? exchanges.findLast((e) => e.parts.includes(last)) : undefined;
      if (exchange) live.push(exchange);
    }
    return { seeds, live, exchanges };
  }

  /**
   * Sends messages already on the page (text read in slices, so no long task) to seed history; the
   * parts of one answer go as one message under the first part's id. 'stale' when they are all still
   * the previous conversation's; 'unrecognized' when the prompts do not read sensibly (reported,
   * nothing sent).
   */
  private async seed(conversation: string, groups: PageMessage[][], taskStart: number): Promise<'seeded' | 'stale' | 'unrecognized'> {
    const found = groups.flat();
    const texts = await mapInSlices(found, (m) => this.adapter.readText(m), taskStart);
    const textOf = new Map<PageMessage, string>();
    found.forEach((message, i) => {
      const print = fingerprint(texts[i]);
      if (this.previousPrints.get(message.element) === print) {
        this.stale.add(message.id); // never seeded here, never read again
        return;
      }
      this.prints.set(message.element, print);
      textOf.set(message, texts[i]);
    });
    const fresh = groups.map((g) => g.filter((m) => textOf.has(m))).filter((g) => g.length > 0);
    if (fresh.length === 0) return 'stale';
    const problem = promptsProblem(fresh.flatMap(([m]) => (m.role === 'user' ? [{ message: m, text: textOf.get(m)! }] : [])));
    if (problem) {
      this.report('not-recognized', problem);
      return 'unrecognized';
    }
    let batch: ConversationSeed['messages'] = [];
    let size = 0;
    fresh.forEach((group, i) => {
      const first = group[0];
      const text = joinParts(group.map((m) => textOf.get(m)!));
      const known: Known = {};
      let id = first.id;
      if (first.role === 'assistant' && !first.pageId) {
        known.print = fingerprint(text);
        id = `${first.id}~${known.print}`;
      }
      this.known.set(first.id, known);
      for (const part of group.slice(1)) this.known.set(part.id, {});
      batch.push({ id, role: first.role, text });
      if (first.role === 'assistant') this.options.hooks?.seeded(id, group[group.length - 1]);
      size += text.length;
      // Several modest messages rather than one huge one: each is copied to the worker in its own task.
      if (size >= SEED_BATCH_CHARS || i === fresh.length - 1) {
        this.outbox.push('conversation/seed', { site: this.adapter.site, conversationId: conversation, messages: batch });
        batch = [];
        size = 0;
      }
    });
    return 'seeded';
  }

  /**
   * Reads a finished answer (all its parts) and its prompt once and sends the turn. 'wait' while the
   * answer may still grow; 'empty' when it has no text yet; 'unrecognized' when the prompt does not
   * read sensibly; 'known' when it was counted before (revised in place if it grew).
   */
  private countAnswer(conversation: string, exchange: Exchange, now: number): CountOutcome {
    const { parts } = exchange;
    const first = parts[0];
    const last = parts[parts.length - 1];
    const finished = answerFinishedOf(this.adapter, parts);
    if (finished === false) {
      this.dispatch({ type: 'answerUnfinished' });
      this.wake(STREAMING_POLL_MS);
      return 'wait';
    }
    // No finish signal seen for this answer (a hook that changed, or a site without one): only a
    // longer quiet period says it is done.
    const quietFor = now - this.lastChangeAt;
    if (finished === null && !sawStreaming(this.state.phase) && quietFor < SETTLE_MS.quiet) {
      this.wake(SETTLE_MS.quiet - quietFor);
      return 'wait';
    }
    const texts = parts.map((p) => this.adapter.readText(p));
    const answerText = joinParts(texts);
    const extras = answerExtrasOf(this.adapter, parts);
    if (answerProblem(answerText) !== null && !extras.images) {
      if (!extras.pendingImages) return 'empty'; // an empty placeholder: the answer has not started yet
      this.wake(STREAMING_POLL_MS); // an image-only answer still drawing its first image
      return 'wait';
    }
    // Only derived ids need a fingerprint: a page id already tells one answer from another.
    const print = first.pageId ? undefined : fingerprint(answerText);
    const known = this.known.get(first.id);
    if (known && countedOf(this.state.phase)?.messageId === first.id) {
      // The answer counted last went on after a pause, or got another part: the same turn, grown.
      if (this.revise(exchange, texts, extras) !== 'regenerated') return 'known';
    } else if (known && (first.pageId || known.print === print)) return 'known'; // re-rendered, not regenerated
    const prompt = exchange.prompt;
    const promptText = prompt ? this.adapter.readText(prompt) : '';
    const problem = prompt ? promptsProblem([{ message: prompt, text: promptText }]) : null;
    if (problem) {
      this.report('not-recognized', problem);
      this.options.hooks?.answerSkipped(last, problem);
      return 'unrecognized';
    }
    const turn: TurnCompleted = {
      site: this.adapter.site,
      conversationId: conversation,
      turnId: print === undefined ? first.id : `${first.id}~${print}`,
      promptId: prompt?.id,
      modelLabel: this.adapter.readModelLabel(this.doc, last),
      promptText,
      answerText,
      ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
      ...(extras.images ? { images: extras.images } : {}),
      finishedAt: Date.now(),
    };
    this.remember(parts, texts, print);
    if (prompt) this.known.set(prompt.id, {});
    this.outbox.push('turn/completed', turn);
    this.options.hooks?.turnSent(turn.turnId, last);
    this.dispatch({ type: 'answerCounted', counted: { messageId: first.id, turn, revision: 0 } });
    return 'counted';
  }

  /** Marks an answer's parts as read: the first part carries the answer's fingerprint on pages with derived ids. */
  private remember(parts: readonly PageMessage[], texts: readonly string[], print: string | undefined): void {
    parts.forEach((part, i) => {
      this.known.set(part.id, i === 0 && print !== undefined ? { print } : {});
      this.prints.set(part.element, fingerprint(texts[i]));
    });
  }

  /** After a scan with no new answer: the answer counted last may have grown in place (a paused answer, an image now ready). */
  private reviseCounted(exchanges: Exchange[]): void {
    const counted = countedOf(this.state.phase);
    if (!counted) return;
    const exchange = exchanges.find((e) => e.parts[0]?.id === counted.messageId);
    if (!exchange || answerFinishedOf(this.adapter, exchange.parts) === false) return;
    const texts = exchange.parts.map((p) => this.adapter.readText(p));
    this.revise(exchange, texts, answerExtrasOf(this.adapter, exchange.parts));
  }

  /**
   * The revision path: the answer counted last grew after it was counted (it paused longer than we
   * waited, another part appeared, or a generated image became ready after its placeholder). The
   * same turn goes again with the final text, reasoning and images and a higher revision, which the
   * worker counts in place. 'regenerated' when, on a page with derived ids, the text under the same
   * id is a different answer (counted as a new turn by the caller).
   */
  private revise(exchange: Exchange, texts: string[], extras: AnswerExtras): 'revised' | 'same' | 'regenerated' {
    const counted = countedOf(this.state.phase);
    if (!counted) return 'same';
    const first = exchange.parts[0];
    const text = joinParts(texts);
    const before = counted.turn;
    // An image counts once: keys seen before stay (a virtual list may have unmounted one).
    const images = [...new Set([...(before.images ?? []), ...(extras.images ?? [])])];
    const moreImages = images.length > (before.images?.length ?? 0);
    const textGrew = text !== before.answerText && text !== '';
    if (textGrew && !first.pageId && !text.startsWith(before.answerText.trimEnd())) return 'regenerated';
    if (!textGrew && !moreImages) return 'same';
    const revision = counted.revision + 1;
    const turn: TurnCompleted = {
      ...before,
      answerText: textGrew ? text : before.answerText,
      ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
      ...(images.length > 0 ? { images } : {}),
      finishedAt: Date.now(),
      revision,
    };
    this.remember(exchange.parts, texts, first.pageId ? undefined : fingerprint(text));
    this.outbox.push('turn/completed', turn);
    // An answer in several parts: its label goes after its last part, which may be new.
    if (exchange.parts.length > 1) this.options.hooks?.turnSent(turn.turnId, exchange.parts[exchange.parts.length - 1]);
    this.dispatch({ type: 'answerRevised', turn });
    return 'revised';
  }

  /** A prompt was sent but nothing was counted: after a while, say so instead of counting zero. */
  private checkPromptAnswered(now: number, foundMessages: boolean, answerEmpty = false): void {
    const promptAt = promptAtOf(this.state.phase);
    if (promptAt === null) return;
    const waited = now - promptAt;
    const limit = !foundMessages ? NO_MESSAGES_GRACE_MS : answerEmpty ? EMPTY_ANSWER_GRACE_MS : ANSWER_TIMEOUT_MS;
    if (waited < limit) {
      this.wake(limit - waited);
      return;
    }
    this.report('not-recognized', !foundMessages ? 'no-messages' : answerEmpty ? 'answer-empty' : 'answer-timeout');
    this.dispatch({ type: 'promptAbandoned' });
  }

  private report(status: 'ok' | 'not-recognized', reason: HealthReason | null): void {
    const key = `${status}:${reason ?? ''}`;
    if (this.health === key) return;
    this.health = key;
    this.outbox.push('site/health', { site: this.adapter.site, status, reason, at: Date.now() });
  }

  /** The conversation id from the URL, else from the page (a new chat that has one before its URL does). */
  private conversationAt(url: string): string {
    return this.adapter.conversationId(url) ?? this.adapter.conversationIdInPage?.(this.doc) ?? this.unsaved;
  }
}

/** A mutation that only added or removed the extension's own nodes. */
function onlyOwnNodes(record: MutationRecord, own: (node: Node) => boolean): boolean {
  if (record.type !== 'childList') return false;
  for (const n of Array.from(record.addedNodes)) if (!own(n)) return false;
  for (const n of Array.from(record.removedNodes)) if (!own(n)) return false;
  return true;
}
