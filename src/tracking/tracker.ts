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
import type { SentFiles } from '../attachments/on-page';
import type { HealthReason } from '../domain/health-reasons';
import type { PageMessage, SiteAdapter } from '../sites/adapter';
import { PageClock, SETTLE_MS } from './clock';
import type { Exchange } from './exchanges';
import { HealthReporter, promptVerdict, streamTooLong, type PromptFound } from './health';
import { PageMemory } from './memory';
import { deliverToWorker, PageEventChannel, type PageEventListener } from './page-events';
import type { Outbox, Send } from './outbox';
import { INITIAL_STATE, step, type TrackerEvent, type TrackerState } from './phases';
import { plan } from './plan';
import { mapInSlices } from './slices';
import { readAnswer, reviseCounted, seedBatches, type AnswerOutcome, type BuildContext } from './turn-builder';

export { MARK_RECHECK_MS, SETTLE_MS } from './clock';
export { ANSWER_TIMEOUT_MS, EMPTY_ANSWER_GRACE_MS, NO_MESSAGES_GRACE_MS } from './health';

export interface TrackerOptions {
  adapter: SiteAdapter;
  doc: Document;
  url(): string;
  /** How messages reach the worker (the outbox resends until it acknowledges). */
  send: Send;
  /** Nodes the extension itself puts on the page (the labels): adding or removing them is no change of the chat. */
  ownNode?: (node: Node) => boolean;
  /** Files the person attached (src/attachments/on-page.ts): a prompt being sent takes those attached since the last one. */
  files?: { send(): SentFiles | null };
}

export class PageTracker {
  readonly #options: TrackerOptions;
  readonly #adapter: SiteAdapter;
  readonly #doc: Document;
  readonly #settleMs: number;
  readonly #events = new PageEventChannel();
  readonly #outbox: Outbox;
  readonly #clock: PageClock;
  readonly #memory: PageMemory;
  readonly #health: HealthReporter;
  /** Where the newest answer stands (phases.ts). */
  #state: TrackerState = INITIAL_STATE;
  /** Files sent with prompts whose answer is not counted yet: the next turn counted carries them. */
  #files: SentFiles[] = [];

  constructor(options: TrackerOptions) {
    this.#options = options;
    const { adapter, doc } = options;
    this.#adapter = adapter;
    this.#doc = doc;
    this.#settleMs = SETTLE_MS[adapter.streamingSignal];
    this.#outbox = deliverToWorker(this.#events, options.send);
    this.#memory = new PageMemory((url) => adapter.conversationId(url) ?? adapter.conversationIdInPage?.(doc) ?? null, options.url());
    this.#health = new HealthReporter(adapter.site, (health) => this.#events.emit({ kind: 'health', health }));
    this.#clock = new PageClock(
      { adapter, doc, ownNode: options.ownNode },
      {
        beforeLook: () => void this.#followUrl(),
        streaming: (now) => {
          this.#dispatch({ type: 'streamingSeen', at: now });
          if (streamTooLong(this.#state.phase, now)) this.#health.notRecognized('answer-unfinished');
        },
        streamingStopped: () => this.#dispatch({ type: 'streamingStopped' }),
        quiet: (now) => this.#scan(now),
      },
    );
  }

  /** Listens to the tracker's events (the page labels): every seed, turn, reply, skipped answer, health report and scan. */
  subscribe(listener: PageEventListener): () => void {
    return this.#events.subscribe(listener);
  }

  start(): void {
    this.#clock.start();
    this.#doc.addEventListener('keydown', this.#onKeydown, true);
    this.#doc.addEventListener('click', this.#onClick, true);
    this.#doc.addEventListener('submit', this.#onSubmit, true);
  }

  stop(): void {
    this.#clock.stop();
    this.#doc.removeEventListener('keydown', this.#onKeydown, true);
    this.#doc.removeEventListener('click', this.#onClick, true);
    this.#doc.removeEventListener('submit', this.#onSubmit, true);
    this.#outbox.stop();
  }

  /**
   * Single-page navigation: another conversation's messages only seed its history. `destination` is
   * the URL the page is going to (the Navigation API tells it before `location` changes); without
   * it the current URL is read.
   */
  navigated(destination?: string): void {
    const move = this.#memory.moveTo(destination ?? this.#options.url());
    if (move === 'same') return;
    this.#dispatch({ type: 'navigated', fromUnsaved: move === 'from-new-chat' });
    this.#clock.pageChanged();
  }

  /** Messages not yet acknowledged by the worker. */
  get unsent(): number {
    return this.#outbox.pending;
  }

  /** The state machine's state (for tests and the page report). */
  get current(): TrackerState {
    return this.#state;
  }

  #dispatch(event: TrackerEvent): void {
    this.#state = step(this.#state, event);
  }

  /** Follows a URL change no navigation event told us about (one string compare). True when the conversation changed. */
  #followUrl(): boolean {
    const url = this.#options.url();
    if (!this.#memory.urlChanged(url)) return false;
    const before = this.#memory.conversation;
    this.navigated(url);
    return this.#memory.conversation !== before;
  }

  // ---- Page input: cheap on purpose ------------------------------------------

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    const target = event.target as HTMLElement | null;
    if (!target || !(target.tagName === 'TEXTAREA' || target.isContentEditable || target.getAttribute?.('contenteditable') === 'true')) return;
    const text = target.tagName === 'TEXTAREA' ? (target as HTMLTextAreaElement).value : target.textContent;
    if ((text ?? '').trim() !== '') this.#promptSent();
  };

  readonly #onClick = (event: MouseEvent): void => {
    const button = (event.target as Element | null)?.closest?.(this.#adapter.sendButtonSelector);
    if (button && !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true') this.#promptSent();
  };

  readonly #onSubmit = (): void => this.#promptSent();

  #promptSent(): void {
    // Sent in the conversation the page shows now: a navigation not followed yet happened before it.
    this.#followUrl();
    this.#dispatch({ type: 'promptSent', at: Date.now() });
    const files = this.#options.files?.send();
    if (files) this.#files.push(files);
    this.#clock.promptSent();
    const expected = { site: this.#adapter.site, conversationId: this.#memory.conversation, modelLabel: this.#adapter.readModelLabel(this.#doc) };
    this.#events.emit({ kind: 'prompt', expected });
  }

  // ---- The scan ----------------------------------------------------------------

  async #scan(now: number): Promise<void> {
    if (this.#followUrl()) return; // the URL changed without a navigation event reaching us (a new chat got its id)
    const conversation = this.#memory.conversation;
    const found = this.#adapter.findTurns(this.#doc);
    const messages = this.#memory.present(found);
    this.#events.emit({ kind: 'scanned', messages });
    if (messages.length === 0) {
      if (found.length > 0) return this.#clock.wake(this.#settleMs); // the page still shows the conversation we left
      this.#memory.markEmpty();
      return this.#checkPromptAnswered(now, 'no-messages');
    }
    if (this.#memory.rejects(messages)) return;

    const { seeds, live, exchanges, unplaced } = plan({ messages, state: this.#state, known: this.#memory.known, emptySeen: this.#memory.emptySeen });
    if (seeds.length > 0) {
      const seeded = await this.#seed(conversation, seeds, now);
      if (seeded === 'stale') return this.#clock.wake(this.#settleMs); // the page still shows the conversation we left: wait for the new one
      if (seeded === 'unrecognized') return this.#memory.reject(messages);
    }
    this.#dispatch({ type: 'seeded' });
    this.#memory.clearEmpty();

    const results = live.map((exchange) => this.#take(readAnswer(this.#context(conversation), exchange, now)));
    if (results.includes('unrecognized')) return this.#memory.reject(messages);
    if (live.length === 0) {
      const revision = reviseCounted(this.#context(conversation), exchanges);
      if (revision) this.#take(revision);
    }
    const counted = results.includes('counted');
    if (counted) this.#health.ok();
    else if (unplaced) this.#skip(unplaced, 'turn-unplaced');
    else if (seeds.length > 0 && this.#health.silent) this.#health.ok();
    if (!counted) this.#checkPromptAnswered(now, results.includes('empty') && !results.includes('wait') ? 'empty-answer' : 'no-answer');
  }

  /**
   * Sends messages already on the page (text read in slices, so no long task) to seed history.
   * 'stale' when they are all still the previous conversation's; 'unrecognized' when the prompts do
   * not read sensibly (reported, nothing sent).
   */
  async #seed(conversation: string, groups: PageMessage[][], taskStart: number): Promise<'seeded' | 'stale' | 'unrecognized'> {
    const found = groups.flat();
    const texts = await mapInSlices(found, (m) => this.#adapter.readText(m), taskStart);
    const outcome = seedBatches(this.#adapter.site, conversation, groups, this.#memory.freshTexts(found, texts));
    if (outcome.kind === 'stale') return 'stale';
    if (outcome.kind === 'unrecognized') {
      this.#health.notRecognized(outcome.reason);
      return 'unrecognized';
    }
    for (const [id, known] of outcome.known) this.#memory.markRead(id, known);
    for (const { seed, answers } of outcome.batches) this.#events.emit({ kind: 'seed', seed, answers });
    return 'seeded';
  }

  #context(conversation: string): BuildContext {
    return {
      adapter: this.#adapter,
      doc: this.#doc,
      conversation,
      phase: this.#state.phase,
      known: this.#memory.known,
      lastChangeAt: this.#clock.lastChangeAt,
      files: this.#files,
    };
  }

  /** Applies what the turn builder read: to the page's memory, the event channel and the state machine. */
  #take(outcome: AnswerOutcome): AnswerOutcome['kind'] {
    switch (outcome.kind) {
      case 'wait':
        if (outcome.unfinished) this.#dispatch({ type: 'answerUnfinished' });
        this.#clock.wake(outcome.inMs);
        break;
      case 'unrecognized':
        this.#skip({ parts: [outcome.answer] }, outcome.reason);
        break;
      case 'counted':
        this.#files = [];
        this.#memory.markAnswerRead(outcome.read);
        if (outcome.prompt) this.#memory.markRead(outcome.prompt.id);
        this.#events.emit({ kind: 'turn', turn: outcome.turn, answer: outcome.answer });
        this.#dispatch({ type: 'answerCounted', counted: outcome.counted });
        break;
      case 'revised':
        this.#memory.markAnswerRead(outcome.read);
        this.#events.emit({ kind: 'turn', turn: outcome.turn, answer: outcome.answer });
        this.#dispatch({ type: 'answerRevised', turn: outcome.turn });
        break;
      case 'empty':
      case 'known':
        break; // nothing to send: the prompt's time limits still apply
    }
    return outcome.kind;
  }

  /** An answer not counted: the site's health says why, and so does its label. */
  #skip(exchange: Pick<Exchange, 'parts'>, reason: HealthReason): void {
    this.#health.notRecognized(reason);
    this.#events.emit({ kind: 'skipped', answer: exchange.parts[exchange.parts.length - 1], reason });
  }

  /** A prompt was sent but nothing was counted: after a while, say so instead of counting zero. */
  #checkPromptAnswered(now: number, found: PromptFound): void {
    const verdict = promptVerdict(this.#state.phase, now, found);
    if (verdict.kind === 'wait') this.#clock.wake(verdict.inMs);
    else if (verdict.kind === 'late') {
      this.#health.notRecognized(verdict.reason);
      this.#dispatch({ type: 'promptAbandoned' });
    }
  }
}
