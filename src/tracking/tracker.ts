/**
 * Follows a chat page as it changes and reports finished turns. A coordinator of parts, each with a
 * file of its own:
 * - the page clock (clock.ts): the observers and the one timer; it looks at the page and says when
 *   it writes, when it stopped and when it has been quiet long enough to scan;
 * - where the newest answer stands (phases.ts): the state machine this class steps;
 * - the page's memory (memory.ts): the conversation, the URL, what is known, text fingerprints, stale messages;
 * - the planner (plan.ts): pure, which messages only seed the history and which answers are live;
 * - the turn builder (turn-builder.ts): reads a live answer and returns a turn, a revision or a wait;
 * - the health reporter (health.ts);
 * - the event channel (page-events.ts): every seed, turn, skipped answer, health report and scan goes
 *   out on it; the outbox to the worker and the page labels both listen there.
 *
 * Messages already on the page when it loads or after a navigation only seed the conversation's
 * history; they are never counted. One answer is one turn: all assistant messages between one
 * prompt and the next are its parts (exchanges.ts); a part that appears after the answer was
 * counted is a revision of that turn.
 */
import type { SentFiles } from '../features/attachments/page/on-page';
import type { HealthReason } from '../domain/health-reasons';
import type { PageMessage, SiteAdapter } from '../sites/adapter';
import { createPageClock, SETTLE_MS } from './clock';
import type { Exchange } from './exchanges';
import { createHealthReporter, promptVerdict, streamTooLong, type HealthReporter, type PromptFound } from './health';
import type { LazyModule } from '../domain/lazy-module';
import type { LazyReaders } from '../sites/lazy-readers';
import { createPageMemory, type PageMemory } from './memory';
import { deliverToWorker, PageEventChannel, type PageEventListener } from './page-events';
import type { Send } from './outbox';
import { INITIAL_STATE, step, type TrackerEvent, type TrackerState } from './phases';
import { plan } from './plan';
import { mapInSlices } from './slices';
import { readAnswer, reviseCounted, seedBatches, type AnswerOutcome, type BuildContext } from './turn-builder';

export interface TrackerOptions {
  adapter: SiteAdapter;
  doc: Document;
  url(): string;
  /** How messages reach the worker (the outbox resends until it acknowledges). */
  send: Send;
  /** Nodes the extension itself puts on the page (the labels): adding or removing them is no change of the chat. */
  ownNode?: (node: Node) => boolean;
  /** Files the person attached (src/features/attachments/page/on-page.ts): a prompt being sent takes those attached since the last one. */
  files?: { send(): SentFiles | null };
  /** The site's lazily loaded readers (src/sites/lazy-readers.ts), when its adapter says it has them. */
  lazyReaders?: LazyModule<LazyReaders>;
}

/** The tracker of one chat page: a closure rather than a class, so its state costs the content script no `this.#` per use. */
export interface PageTracker {
  /** Listens to the tracker's events (the page labels): every seed, turn, reply, skipped answer, health report and scan. */
  subscribe(listener: PageEventListener): () => void;
  start(): void;
  stop(): void;
  /**
   * Single-page navigation: another conversation's messages only seed its history. `destination` is
   * the URL the page is going to (the Navigation API tells it before `location` changes); without
   * it the current URL is read.
   */
  navigated(destination?: string): void;
  /** Messages not yet acknowledged by the worker. */
  readonly unsent: number;
  /** The state machine's state (for tests and the page report). */
  readonly current: TrackerState;
}

export function createPageTracker(options: TrackerOptions): PageTracker {
  const { adapter, doc } = options;
  const settleMs = SETTLE_MS[adapter.streamingSignal];
  const events = new PageEventChannel();
  const outbox = deliverToWorker(events, options.send);
  const memory = createPageMemory((url) => adapter.conversationId(url) ?? adapter.conversationIdInPage?.(doc) ?? null, options.url());
  const health = createHealthReporter(
    adapter.site,
    (report) => events.emit({ kind: 'health', health: report }),
    () => adapter.readPlanShown?.(doc),
  );
  const parts: SeedParts = { adapter, memory, health, events };
  /** Where the newest answer stands (phases.ts). */
  let state: TrackerState = INITIAL_STATE;
  /** Files sent with prompts whose answer is not counted yet: the next turn counted carries them. */
  let files: SentFiles[] = [];

  const dispatch = (event: TrackerEvent): void => {
    state = step(state, event);
  };

  const clock = createPageClock(
    { adapter, doc, ownNode: options.ownNode },
    {
      beforeLook: () => void followUrl(),
      streaming: (now) => {
        dispatch({ type: 'streamingSeen', at: now });
        if (streamTooLong(state.phase, now)) health.notRecognized('answer-unfinished');
      },
      streamingStopped: () => dispatch({ type: 'streamingStopped' }),
      quiet: (now) => scan(now),
    },
  );

  const navigated = (destination?: string): void => {
    const move = memory.moveTo(destination ?? options.url());
    if (move === 'same') return;
    dispatch({ type: 'navigated', fromUnsaved: move === 'from-new-chat' });
    clock.pageChanged();
  };

  /** Follows a URL change no navigation event told us about (one string compare). True when the conversation changed. */
  const followUrl = (): boolean => {
    const url = options.url();
    if (!memory.urlChanged(url)) return false;
    const before = memory.conversation;
    navigated(url);
    return memory.conversation !== before;
  };

  /** Stops listening for prompts being sent (see `listenForPrompts`); null while stopped. */
  let stopListening: (() => void) | null = null;

  /** The model label of the turn counted last, and its conversation: what the next prompt's announcement names. */
  let lastLabel: { conversation: string; label: string | null } | undefined;

  const promptSent = (): void => {
    // Sent in the conversation the page shows now: a navigation not followed yet happened before it.
    followUrl();
    dispatch({ type: 'promptSent', at: Date.now() });
    const sent = options.files?.send();
    if (sent) files.push(sent);
    clock.promptSent();
    // Its answer will ask for them: the import starts now, off the streaming path.
    options.lazyReaders?.load();
    // The label is read once per turn, with its answer (turn-builder.ts); the announcement forecasts it by the conversation's last one.
    const modelLabel = lastLabel?.conversation === memory.conversation ? lastLabel.label : null;
    const expected = { site: adapter.site, conversationId: memory.conversation, modelLabel };
    events.emit({ kind: 'prompt', expected });
  };

  // ---- The scan ----------------------------------------------------------------

  const scan = async (now: number): Promise<void> => {
    if (followUrl()) return; // the URL changed without a navigation event reaching us (a new chat got its id)
    const conversation = memory.conversation;
    const found = adapter.findTurns(doc);
    const messages = memory.present(found);
    events.emit({ kind: 'scanned', messages });
    if (messages.length === 0) {
      if (found.length > 0) return clock.wake(settleMs); // the page still shows the conversation we left
      memory.markEmpty();
      return checkPromptAnswered(now, 'no-messages');
    }
    if (memory.rejects(messages)) return;

    const { seeds, live, exchanges, unplaced } = plan({ messages, state, known: memory.known, emptySeen: memory.emptySeen });
    if (seeds.length > 0) {
      // The conversation's first reading, on a page that keeps only its newest turns: the history it seeds is not all there is.
      const partial = memory.known.size === 0 && adapter.earlierTurnsHidden?.(doc, messages[0]) === true;
      const seeded = await seedHistory(parts, conversation, seeds, now, partial);
      if (seeded === 'stale') return clock.wake(settleMs); // the page still shows the conversation we left: wait for the new one
      if (seeded === 'unrecognized') return memory.reject(messages);
    }
    dispatch({ type: 'seeded' });
    memory.clearEmpty();

    const results = live.map((exchange) => take(readAnswer(context(conversation), exchange, now)));
    if (results.includes('unrecognized')) return memory.reject(messages);
    if (live.length === 0) {
      const revision = reviseCounted(context(conversation), exchanges);
      if (revision) take(revision);
    }
    const counted = results.includes('counted');
    if (counted) health.ok();
    else if (unplaced) skip(unplaced, 'turn-unplaced');
    else if (seeds.length > 0 && health.silent) health.ok();
    if (!counted) checkPromptAnswered(now, results.includes('empty') && !results.includes('wait') ? 'empty-answer' : 'no-answer');
  };

  const context = (conversation: string): BuildContext => ({
    adapter,
    doc,
    conversation,
    phase: state.phase,
    known: memory.known,
    lastChangeAt: clock.lastChangeAt,
    files,
    lazyReaders: options.lazyReaders,
  });

  /** Applies what the turn builder read: to the page's memory, the event channel and the state machine. */
  const take = (outcome: AnswerOutcome): AnswerOutcome['kind'] => {
    switch (outcome.kind) {
      case 'wait':
        if (outcome.unfinished) dispatch({ type: 'answerUnfinished' });
        clock.wake(outcome.inMs);
        break;
      case 'unrecognized':
        skip({ parts: [outcome.answer] }, outcome.reason);
        break;
      case 'counted':
      case 'revised':
        memory.markAnswerRead(outcome.read);
        events.emit({ kind: 'turn', turn: outcome.turn, answer: outcome.answer });
        if (outcome.kind === 'revised') {
          dispatch({ type: 'answerRevised', turn: outcome.turn });
          break;
        }
        files = [];
        lastLabel = { conversation: outcome.turn.conversationId, label: outcome.turn.modelLabel };
        if (outcome.prompt) memory.markRead(outcome.prompt.id);
        dispatch({ type: 'answerCounted', counted: outcome.counted });
        break;
      case 'empty':
      case 'known':
        break; // nothing to send: the prompt's time limits still apply
    }
    return outcome.kind;
  };

  /** An answer not counted: the site's health says why, and so does its label. */
  const skip = (exchange: Pick<Exchange, 'parts'>, reason: HealthReason): void => {
    health.notRecognized(reason);
    events.emit({ kind: 'skipped', answer: exchange.parts.at(-1)!, reason });
  };

  /** A prompt was sent but nothing was counted: after a while, say so instead of counting zero. */
  const checkPromptAnswered = (now: number, found: PromptFound): void => {
    const verdict = promptVerdict(state.phase, now, found);
    if (verdict.kind === 'wait') clock.wake(verdict.inMs);
    else if (verdict.kind === 'late') {
      health.notRecognized(verdict.reason);
      dispatch({ type: 'promptAbandoned' });
    }
  };

  return {
    subscribe: (listener) => events.subscribe(listener),
    start() {
      clock.start();
      stopListening = listenForPrompts(doc, adapter.sendButtonSelector, promptSent);
    },
    stop() {
      clock.stop();
      stopListening?.();
      stopListening = null;
      outbox.stop();
    },
    navigated,
    get unsent() {
      return outbox.pending;
    },
    get current() {
      return state;
    },
  };
}

/** What seeding reads the page with, and where it says what it found. */
interface SeedParts {
  readonly adapter: Pick<SiteAdapter, 'site' | 'readText'>;
  readonly memory: PageMemory;
  readonly health: HealthReporter;
  readonly events: PageEventChannel;
}

/**
 * Sends messages already on the page (text read in slices from `taskStart`, so no long task) to seed
 * the history of `conversation`; `partial`: the page keeps only its newest turns. 'stale' when they
 * are all still the previous conversation's; 'unrecognized' when the prompts do not read sensibly
 * (reported, nothing sent).
 */
async function seedHistory(
  { adapter, memory, health, events }: SeedParts,
  conversation: string,
  groups: PageMessage[][],
  taskStart: number,
  partial: boolean,
): Promise<'seeded' | 'stale' | 'unrecognized'> {
  const found = groups.flat();
  const texts = await mapInSlices(found, (m) => adapter.readText(m), taskStart);
  const outcome = seedBatches(adapter.site, conversation, groups, memory.freshTexts(found, texts), partial);
  if (outcome.kind === 'stale') return 'stale';
  if (outcome.kind === 'unrecognized') {
    health.notRecognized(outcome.reason);
    return 'unrecognized';
  }
  for (const [id, known] of outcome.known) memory.markRead(id, known);
  for (const { seed: batch, answers } of outcome.batches) events.emit({ kind: 'seed', seed: batch, answers });
  return 'seeded';
}

/**
 * Listens for a prompt being sent: Enter in a text field that holds text, a click on the enabled
 * send button, a form submitted. Cheap on purpose (every key and click of the page passes here).
 * Returns what stops listening.
 */
function listenForPrompts(doc: Document, sendButtonSelector: string, sent: () => void): () => void {
  const listeners: Record<'keydown' | 'click' | 'submit', (event: Event) => void> = {
    keydown(event) {
      const { key, shiftKey, isComposing } = event as KeyboardEvent;
      if (key !== 'Enter' || shiftKey || isComposing) return;
      const target = event.target as HTMLElement | null;
      if (!target || !(target.tagName === 'TEXTAREA' || target.isContentEditable || target.getAttribute?.('contenteditable') === 'true')) return;
      const text = target.tagName === 'TEXTAREA' ? (target as HTMLTextAreaElement).value : target.textContent;
      if ((text ?? '').trim() !== '') sent();
    },
    click(event) {
      const button = (event.target as Element | null)?.closest?.(sendButtonSelector);
      if (button && !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true') sent();
    },
    submit: sent,
  };
  const each = Object.entries(listeners);
  for (const [type, listener] of each) doc.addEventListener(type, listener, true);
  return () => {
    for (const [type, listener] of each) doc.removeEventListener(type, listener, true);
  };
}
