/**
 * Follows a chat page as it changes and reports finished turns to the worker.
 *
 * Cost model: the MutationObserver callback only notes the time and arms one timer; nothing reads
 * text or walks the page while an answer streams. Once the page has been quiet for a moment and no
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
 */
import type { PageMessage, ReasoningRead, SiteAdapter } from '../sites/adapter';
import { fingerprint } from '../sites/dom';
import { ANSWER_TIMEOUT_MINUTES, type HealthReason } from '../domain/health-reasons';
import type { ConversationSeed, TurnCompleted } from '../domain/turns';
import { Outbox, type Send } from './outbox';
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
 * While the page says an answer is being written, how often to ask again. The page label must appear
 * within 1 s of the answer finishing (issue 11): one poll interval plus the settle period plus the
 * worker's reply. The check is cheap while streaming: the stop button found last is looked at in
 * place (anyMatches in src/sites/dom.ts), not searched for.
 */
const STREAMING_POLL_MS = 250;
const SEED_BATCH_CHARS = 20_000;

export interface TrackerOptions {
  adapter: SiteAdapter;
  doc: Document;
  url(): string;
  send: Send;
  /** Told about answers as they are counted or skipped (the page label, src/label/). */
  hooks?: TrackerHooks;
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

interface Known {
  /** Fingerprint of an answer's text, for pages whose ids are derived (regenerated in place). */
  print?: string;
}

/** The answer counted last: watched for growth until the next prompt, so a paused answer is corrected in place. */
interface Counted {
  messageId: string;
  turn: TurnCompleted;
  revision: number;
}

export class PageTracker {
  private readonly adapter: SiteAdapter;
  private readonly doc: Document;
  private readonly outbox: Outbox;
  private readonly settleMs: number;
  private observer: MutationObserver | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;
  private known = new Map<string, Known>();
  /** Text fingerprints of the message elements read in this conversation and in the one before it. */
  private prints = new WeakMap<Element, string>();
  private previousPrints = new WeakMap<Element, string>();
  /** Ids of messages still showing the conversation left behind: neither seeded nor counted here. */
  private stale = new Set<string>();
  /** True until the first scan after load or navigation that finds messages: those only seed. */
  private seeding = true;
  private promptSentAt: number | null = null;
  private sawStreaming = false;
  private streamingSince: number | null = null;
  /** The page changed since the last tick (set by the observer: the only thing it does besides arming a timer). */
  private changed = false;
  private lastChangeAt = 0;
  private longWait = false;
  private scanning = false;
  private health: string | null = null;
  private lastCounted: Counted | null = null;
  /** The messages (count, first and last id) whose prompts did not read sensibly: not read again until they change. */
  private rejected: string | null = null;
  private conversation: string;
  private readonly unsaved = `new-${Date.now().toString(36)}`;

  constructor(private readonly options: TrackerOptions) {
    this.adapter = options.adapter;
    this.doc = options.doc;
    this.outbox = new Outbox(options.send);
    this.settleMs = SETTLE_MS[options.adapter.streamingSignal];
    this.conversation = this.currentConversation();
  }

  start(): void {
    const root = this.doc.body ?? this.doc.documentElement;
    const Observer = (this.doc.defaultView as (Window & typeof globalThis) | null)?.MutationObserver ?? MutationObserver;
    this.observer = new Observer(this.onMutation);
    this.observer.observe(root, { childList: true, subtree: true, characterData: true });
    this.doc.addEventListener('keydown', this.onKeydown, true);
    this.doc.addEventListener('click', this.onClick, true);
    this.doc.addEventListener('submit', this.onSubmit, true);
    this.onMutation();
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.doc.removeEventListener('keydown', this.onKeydown, true);
    this.doc.removeEventListener('click', this.onClick, true);
    this.doc.removeEventListener('submit', this.onSubmit, true);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.outbox.stop();
  }

  /** Single-page navigation: another conversation's messages only seed its history. */
  navigated(): void {
    const conversation = this.currentConversation();
    if (conversation === this.conversation) return;
    const wasUnsaved = this.conversation === this.unsaved;
    this.conversation = conversation;
    this.known.clear();
    this.stale.clear();
    this.seeding = true;
    this.lastCounted = null;
    if (wasUnsaved) {
      // A new chat that just got its id: the same messages, now under its id. They seed its history
      // (a turn already counted keeps its count), and a pending prompt still waits for its answer.
    } else {
      // Another conversation: the old one's messages may stay on the page for a moment; they must not
      // seed the new one, and its last answer must not be taken for the reply to a pending prompt.
      this.previousPrints = this.prints;
      this.prints = new WeakMap();
      this.promptSentAt = null;
      this.sawStreaming = false;
    }
    this.onMutation();
  }

  /** Messages not yet acknowledged by the worker. */
  get unsent(): number {
    return this.outbox.pending;
  }

  // ---- Event handlers: cheap on purpose ------------------------------------

  private readonly onMutation = (): void => {
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
    this.promptSentAt = Date.now();
    this.lastCounted = null;
    this.wake(this.settleMs);
  }

  // ---- The scan -------------------------------------------------------------

  /** Arms the one timer to fire in `ms` (an earlier pending one wins). */
  private wake(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer !== undefined && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    // A mutation may bring a long wait forward, but not the polling while an answer streams.
    this.longWait = ms > this.settleMs && this.streamingSince === null;
    this.timer = setTimeout(this.tick, ms);
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    this.longWait = false;
    const now = Date.now();
    if (this.adapter.isStreaming(this.doc)) {
      this.sawStreaming = true;
      this.streamingSince ??= now;
      if (now - this.streamingSince >= ANSWER_TIMEOUT_MS) {
        this.report('not-recognized', 'answer-unfinished');
      }
      this.wake(STREAMING_POLL_MS);
      return;
    }
    this.streamingSince = null;
    // Quiet means no change for a whole settle period.
    if (this.changed) {
      this.changed = false;
      this.wake(this.settleMs);
      return;
    }
    if (this.scanning) {
      this.wake(this.settleMs);
      return;
    }
    this.scanning = true;
    void this.scan(now).finally(() => {
      this.scanning = false;
    });
  };

  private async scan(now: number): Promise<void> {
    const conversation = this.currentConversation();
    if (conversation !== this.conversation) {
      // The URL changed without a locationchange event reaching us first (a new chat got its id).
      this.navigated();
      return;
    }
    const found = this.adapter.findTurns(this.doc);
    const messages = this.stale.size > 0 ? found.filter((m) => !this.stale.has(m.id)) : found;
    this.options.hooks?.scanned(messages);
    if (messages.length === 0) {
      if (found.length > 0)
        this.wake(this.settleMs); // the page still shows the conversation we left
      else this.checkPromptAnswered(now, false);
      return;
    }

    let lastKnown = -1;
    let lastUser = -1;
    messages.forEach((m, i) => {
      if (this.known.has(m.id)) lastKnown = i;
      if (m.role === 'user') lastUser = i;
    });
    // A prompt that appears after every message we know, as the last one on the page, was just sent,
    // even if we missed how (a send button we do not know).
    const newPrompt = !this.seeding && lastUser > lastKnown && !this.known.has(messages[lastUser].id);
    const activity = this.promptSentAt !== null || this.sawStreaming || newPrompt;
    const firstLive = !activity ? Infinity : this.seeding ? Math.max(lastUser, 0) : newPrompt ? lastUser : lastKnown + 1;

    const seeds: PageMessage[] = [];
    const answers: number[] = [];
    messages.forEach((m, i) => {
      if (this.known.has(m.id)) return;
      if (i < firstLive) seeds.push(m);
      else if (m.role === 'assistant') answers.push(i);
    });
    // Pages with derived ids regenerate an answer in place: same id, new text after a stream.
    const lastAnswer = messages.map((m) => m.role).lastIndexOf('assistant');
    if (answers.length === 0 && this.sawStreaming && lastAnswer >= 0 && !messages[lastAnswer].pageId) answers.push(lastAnswer);

    const signature = `${messages.length}:${messages[0].id}:${messages[messages.length - 1].id}`;
    if (signature === this.rejected) return;
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
    this.seeding = false;

    const results = answers.map((i) => this.countAnswer(conversation, messages, i, now));
    if (results.includes('unrecognized')) {
      this.rejected = signature;
      return;
    }
    const counted = results.filter((r) => r === 'counted').length;
    if (answers.length === 0) this.correctLastCounted(messages);

    if (counted > 0) {
      this.promptSentAt = null;
      this.sawStreaming = false;
      this.report('ok', null);
    } else if (seeds.length > 0 && this.health === null) {
      this.report('ok', null);
    }
    if (counted === 0) this.checkPromptAnswered(now, true, results.includes('empty') && !results.includes('wait'));
  }

  /**
   * Sends messages already on the page (text read in slices, so no long task) to seed history.
   * 'stale' when they are all still the previous conversation's; 'unrecognized' when the prompts
   * do not read sensibly (reported, nothing sent).
   */
  private async seed(conversation: string, found: PageMessage[], taskStart: number): Promise<'seeded' | 'stale' | 'unrecognized'> {
    const texts = await mapInSlices(found, (m) => this.adapter.readText(m), taskStart);
    const fresh: Array<{ message: PageMessage; text: string }> = [];
    found.forEach((message, i) => {
      const print = fingerprint(texts[i]);
      if (this.previousPrints.get(message.element) === print) {
        this.stale.add(message.id); // never seeded here, never read again
        return;
      }
      this.prints.set(message.element, print);
      fresh.push({ message, text: texts[i] });
    });
    if (fresh.length === 0) return 'stale';
    const problem = promptsProblem(fresh.filter((f) => f.message.role === 'user'));
    if (problem) {
      this.report('not-recognized', problem);
      return 'unrecognized';
    }
    let batch: ConversationSeed['messages'] = [];
    let size = 0;
    fresh.forEach(({ message: m, text }, i) => {
      const known: Known = {};
      let id = m.id;
      if (m.role === 'assistant' && !m.pageId) {
        known.print = fingerprint(text);
        id = `${m.id}~${known.print}`;
      }
      this.known.set(m.id, known);
      batch.push({ id, role: m.role, text });
      if (m.role === 'assistant') this.options.hooks?.seeded(id, m);
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
   * Reads a finished answer and its prompt once and sends the turn. 'wait' while the answer may still
   * grow; 'empty' when it has no text yet; 'unrecognized' when the prompt does not read sensibly.
   */
  private countAnswer(conversation: string, messages: PageMessage[], index: number, now: number): 'counted' | 'known' | 'wait' | 'empty' | 'unrecognized' {
    const answer = messages[index];
    const finished = this.adapter.answerFinished?.(answer) ?? null;
    if (finished === false) {
      this.sawStreaming = true;
      this.wake(STREAMING_POLL_MS);
      return 'wait';
    }
    // No finish signal seen for this answer (a hook that changed, or a site without one): only a
    // longer quiet period says it is done.
    const quietFor = now - this.lastChangeAt;
    if (finished === null && !this.sawStreaming && quietFor < SETTLE_MS.quiet) {
      this.wake(SETTLE_MS.quiet - quietFor);
      return 'wait';
    }
    const answerText = this.adapter.readText(answer);
    const extras = readExtras(this.adapter, answer);
    if (answerProblem(answerText) !== null && !extras.images) {
      if (!extras.pendingImages) return 'empty'; // an empty placeholder: the answer has not started yet
      this.wake(STREAMING_POLL_MS); // an image-only answer still drawing its first image
      return 'wait';
    }
    // Only derived ids need a fingerprint: a page id already tells one answer from another.
    const print = answer.pageId ? undefined : fingerprint(answerText);
    const known = this.known.get(answer.id);
    if (known && (answer.pageId || known.print === print)) return 'known'; // re-rendered, not regenerated
    if (known && this.lastCounted?.messageId === answer.id && answerText.startsWith(this.lastCounted.turn.answerText.trimEnd())) {
      this.correctLastCounted(messages); // the answer counted last went on after a pause: the same turn, grown
      return 'known';
    }
    let p = index - 1;
    while (p >= 0 && messages[p].role !== 'user') p--;
    const prompt = p >= 0 ? messages[p] : null;
    const promptText = prompt ? this.adapter.readText(prompt) : '';
    const problem = prompt ? promptsProblem([{ message: prompt, text: promptText }]) : null;
    if (problem) {
      this.report('not-recognized', problem);
      this.options.hooks?.answerSkipped(answer, problem);
      return 'unrecognized';
    }
    const turn: TurnCompleted = {
      site: this.adapter.site,
      conversationId: conversation,
      turnId: print === undefined ? answer.id : `${answer.id}~${print}`,
      promptId: prompt?.id,
      modelLabel: this.adapter.readModelLabel(this.doc),
      promptText,
      answerText,
      ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
      ...(extras.images ? { images: extras.images } : {}),
      finishedAt: Date.now(),
    };
    this.known.set(answer.id, { print });
    this.prints.set(answer.element, fingerprint(answerText));
    if (prompt) this.known.set(prompt.id, {});
    this.outbox.push('turn/completed', turn);
    this.options.hooks?.turnSent(turn.turnId, answer);
    this.lastCounted = { messageId: answer.id, turn, revision: 0 };
    return 'counted';
  }

  /**
   * The answer counted last grew after it was counted (it paused longer than we waited, or a
   * generated image became ready after its placeholder): send the same turn again with the final
   * text, reasoning and images and a higher revision, which the worker counts in place. One read of
   * one answer, only in a scan after the page changed.
   */
  private correctLastCounted(messages: PageMessage[]): void {
    const last = this.lastCounted;
    if (!last) return;
    const answer = messages.find((m) => m.id === last.messageId);
    if (!answer || this.adapter.answerFinished?.(answer) === false) return;
    const text = this.adapter.readText(answer);
    const extras = readExtras(this.adapter, answer);
    // An image counts once: keys seen before stay (a virtual list may have unmounted one).
    const images = [...new Set([...(last.turn.images ?? []), ...(extras.images ?? [])])];
    const moreImages = images.length > (last.turn.images?.length ?? 0);
    const textGrew = text !== last.turn.answerText && text !== '';
    if (!textGrew && !moreImages) return;
    // On pages with derived ids a different text under the same id is a regenerated answer, counted as a new turn.
    if (textGrew && !answer.pageId && !text.startsWith(last.turn.answerText.trimEnd())) return;
    last.revision++;
    last.turn = {
      ...last.turn,
      answerText: textGrew ? text : last.turn.answerText,
      ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
      ...(images.length > 0 ? { images } : {}),
      finishedAt: Date.now(),
      revision: last.revision,
    };
    this.known.set(answer.id, answer.pageId ? {} : { print: fingerprint(text) });
    this.prints.set(answer.element, fingerprint(text));
    this.outbox.push('turn/completed', last.turn);
  }

  /** A prompt was sent but nothing was counted: after a while, say so instead of counting zero. */
  private checkPromptAnswered(now: number, foundMessages: boolean, answerEmpty = false): void {
    if (this.promptSentAt === null) return;
    const waited = now - this.promptSentAt;
    const limit = !foundMessages ? NO_MESSAGES_GRACE_MS : answerEmpty ? EMPTY_ANSWER_GRACE_MS : ANSWER_TIMEOUT_MS;
    if (waited < limit) {
      this.wake(limit - waited);
      return;
    }
    this.report('not-recognized', !foundMessages ? 'no-messages' : answerEmpty ? 'answer-empty' : 'answer-timeout');
    this.promptSentAt = null;
  }

  private report(status: 'ok' | 'not-recognized', reason: HealthReason | null): void {
    const key = `${status}:${reason ?? ''}`;
    if (this.health === key) return;
    this.health = key;
    this.outbox.push('site/health', { site: this.adapter.site, status, reason, at: Date.now() });
  }

  /** The conversation id from the URL, else from the page (a new chat that has one before its URL does). */
  private currentConversation(): string {
    return this.adapter.conversationId(this.options.url()) ?? this.adapter.conversationIdInPage?.(this.doc) ?? this.unsaved;
  }
}

/** The reasoning and the generated images an answer shows (reads only that answer's element). */
function readExtras(adapter: SiteAdapter, answer: PageMessage): { reasoning?: ReasoningRead; images?: string[]; pendingImages: boolean } {
  const reasoning = adapter.readReasoning?.(answer) ?? undefined;
  const shown = adapter.generatedImages?.(answer) ?? [];
  const ready = shown.filter((i) => i.ready).map((i) => i.key);
  return { reasoning, images: ready.length > 0 ? ready : undefined, pendingImages: ready.length < shown.length };
}
