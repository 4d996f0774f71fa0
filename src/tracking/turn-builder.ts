/**
 * The turn builder: reads an answer the planner put live (all its parts) and its prompt once, and
 * returns what to do: a turn, a revision of the turn counted last, a wait, or a verdict. It sends
 * nothing and changes nothing; the tracker applies what it returns (the page's memory, the event
 * channel, the state machine). Also makes the seed batches from texts already read.
 *
 * When is an answer finished? Late is better than partial:
 * - never while the answer's own finished signal says it is being written (`answerFinished` false);
 *   the page-level signal (a stop button) keeps the clock from scanning at all (clock.ts);
 * - with no finished signal seen for this answer (a hook that changed, or a site without one), only
 *   once the page has been quiet for SETTLE_MS.quiet;
 * - an answer that pauses longer than that and then goes on is corrected in place: the same turnId
 *   is sent again with the final text and a higher `revision`, and the worker replaces the counts.
 */
import type { SentFiles } from '../features/attachments/page/on-page';
import type { HealthReason } from '../domain/health-reasons';
import { ATTACHMENTS_PER_PROMPT } from '../domain/message-limits';
import type { AttachmentSent, ConversationSeed, HiddenWorkShown, TurnCompleted } from '../domain/turns';
import type { PageMessage, SiteAdapter } from '../sites/adapter';
import { fingerprint } from '../sites/dom';
import { SETTLE_MS, STREAMING_POLL_MS } from './clock';
import { answerExtrasOf, answerFinishedOf, joinParts, type AnswerExtras, type Exchange } from './exchanges';
import { HIDDEN_WORK_KINDS } from '../features/work/kinds';
import { hiddenWorkGrew, hiddenWorkOf, hiddenWorkReader } from '../features/work/page';
import type { LazyModule } from '../domain/lazy-module';
import type { LazyReaders } from '../sites/lazy-readers';
import type { AnswerRead, Known } from './memory';
import type { SeededAnswer } from './page-events';
import { countedOf, sawStreaming, type Counted, type Phase } from './phases';
import { answerProblem, promptsProblem } from './recognize';

const SEED_BATCH_CHARS = 20_000;

/** What the builder reads an answer against. */
export interface BuildContext {
  readonly adapter: SiteAdapter;
  readonly doc: Document;
  readonly conversation: string;
  readonly phase: Phase;
  readonly known: ReadonlyMap<string, Known>;
  /** When the page last changed, for answers without a finished signal. */
  readonly lastChangeAt: number;
  /** Files sent with the prompts not answered yet (src/features/attachments/page/on-page.ts): the turn counted next carries them. */
  readonly files?: readonly SentFiles[];
  /** The site's lazily loaded readers (src/sites/lazy-readers.ts), for an adapter whose `lazyReaders` says it has them. */
  readonly lazyReaders?: LazyModule<LazyReaders>;
}

/** The answer counted last, grown: the same turn with a higher revision. */
export interface Revision {
  readonly kind: 'revised';
  readonly turn: TurnCompleted;
  readonly read: AnswerRead;
  /** The answer's last part (a new part moves its label). */
  readonly answer: PageMessage;
}

export type AnswerOutcome =
  /** Not finished yet: look again in `inMs`; `unfinished` when the page marks it as being written. */
  | { readonly kind: 'wait'; readonly inMs: number; readonly unfinished: boolean }
  /** It has no text yet (an empty placeholder: the answer has not started). */
  | { readonly kind: 'empty' }
  /** Counted before, unchanged (re-rendered, not regenerated). */
  | { readonly kind: 'known' }
  /** Its prompt does not read sensibly: nothing counted, and why. */
  | { readonly kind: 'unrecognized'; readonly reason: HealthReason; readonly answer: PageMessage }
  | {
      readonly kind: 'counted';
      readonly turn: TurnCompleted;
      readonly counted: Counted;
      readonly read: AnswerRead;
      readonly prompt: PageMessage | null;
      readonly answer: PageMessage;
    }
  | Revision;

/** Reads a finished answer (all its parts) and its prompt once. */
export function readAnswer(ctx: BuildContext, exchange: Exchange, now: number): AnswerOutcome {
  const { adapter, phase } = ctx;
  const { parts } = exchange;
  const first = parts[0];
  const last = parts[parts.length - 1];
  const finished = answerFinishedOf(adapter, parts);
  if (finished === false) return { kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: true };
  // No finish signal seen for this answer: only a longer quiet period says it is done.
  const quietFor = now - ctx.lastChangeAt;
  if (finished === null && !sawStreaming(phase) && quietFor < SETTLE_MS.quiet) return { kind: 'wait', inMs: SETTLE_MS.quiet - quietFor, unfinished: false };
  const texts = parts.map((p) => adapter.readText(p));
  const answerText = joinParts(texts);
  const extras = answerExtrasOf(adapter, parts);
  if (answerProblem(answerText) !== null && !extras.images) {
    // An image-only answer still drawing its first image waits; an empty placeholder has not started.
    return extras.pendingImages ? { kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: false } : { kind: 'empty' };
  }
  // Only derived ids need a fingerprint: a page id already tells one answer from another.
  const answerFingerprint = first.pageId ? undefined : fingerprint(answerText);
  const known = ctx.known.get(first.id);
  const counted = countedOf(phase);
  if (known && counted?.messageId === first.id) {
    // The answer counted last went on after a pause, or got another part: the same turn, grown.
    const revision = revise(counted, exchange, texts, extras, ctx);
    if (revision !== 'regenerated') return revision === 'same' ? { kind: 'known' } : revision;
  } else if (known && (first.pageId || known.fingerprint === answerFingerprint)) return { kind: 'known' };
  const prompt = exchange.prompt;
  const promptText = prompt ? adapter.readText(prompt) : '';
  const problem = prompt ? promptsProblem([{ message: prompt, text: promptText }]) : null;
  if (problem) return { kind: 'unrecognized', reason: problem, answer: last };
  const attachments = attachmentsOf(ctx, prompt);
  // A file still being read (a large PDF): the turn waits for it rather than going without it.
  if (attachments === 'reading') return { kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: false };
  // So does one whose site's readers of out-of-sight work are still being loaded.
  const hiddenWork = hiddenWorkIn(ctx, parts);
  if (hiddenWork === 'loading') return { kind: 'wait', inMs: STREAMING_POLL_MS, unfinished: false };
  const turn: TurnCompleted = {
    site: adapter.site,
    conversationId: ctx.conversation,
    turnId: answerFingerprint === undefined ? first.id : `${first.id}~${answerFingerprint}`,
    promptId: prompt?.id,
    modelLabel: adapter.readModelLabel(ctx.doc, last),
    promptText,
    answerText,
    ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
    ...(extras.images ? { images: extras.images } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
    ...withHiddenWork(hiddenWork),
    finishedAt: Date.now(),
  };
  return {
    kind: 'counted',
    turn,
    counted: { messageId: first.id, turn, revision: 0 },
    read: { parts, texts, fingerprint: answerFingerprint },
    prompt,
    answer: last,
  };
}

/**
 * What the prompt carried: the files read when they were attached, else what the sent prompt shows
 * of its attachments (the site reader's `readAttachments`: a chat opened later, a file the capture
 * did not see). 'reading' while a file sent with it is still being read.
 */
function attachmentsOf(ctx: BuildContext, prompt: PageMessage | null): AttachmentSent[] | 'reading' {
  const files = ctx.files ?? [];
  if (files.some((f) => f.value === undefined)) return 'reading';
  const read = files.flatMap((f) => f.value ?? []);
  if (read.length > 0 || !prompt) return read.slice(0, ATTACHMENTS_PER_PROMPT);
  // The page's own reader may be one of the site's lazy readers (a failed load is said in health by hiddenWorkIn).
  const reader = hiddenWorkReader(ctx.adapter, ctx.lazyReaders);
  if (reader === 'loading') return 'reading';
  if (reader === 'failed' || !reader.readAttachments) return [];
  return reader.readAttachments(prompt).slice(0, ATTACHMENTS_PER_PROMPT);
}

/** After a scan with no new answer: the answer counted last may have grown in place (a paused answer, an image now ready). */
export function reviseCounted(ctx: BuildContext, exchanges: readonly Exchange[]): Revision | null {
  const counted = countedOf(ctx.phase);
  if (!counted) return null;
  const exchange = exchanges.find((e) => e.parts[0]?.id === counted.messageId);
  if (!exchange || answerFinishedOf(ctx.adapter, exchange.parts) === false) return null;
  const texts = exchange.parts.map((p) => ctx.adapter.readText(p));
  const revision = revise(counted, exchange, texts, answerExtrasOf(ctx.adapter, exchange.parts), ctx);
  return typeof revision === 'object' ? revision : null;
}

/** The work out of sight the answer's parts show: 'loading' while the site's lazy readers are being imported. */
function hiddenWorkIn(ctx: BuildContext, parts: readonly PageMessage[]): HiddenWorkShown | undefined | 'loading' {
  const reader = hiddenWorkReader(ctx.adapter, ctx.lazyReaders);
  if (reader === 'loading') return 'loading';
  return reader === 'failed' ? { unreadable: [...HIDDEN_WORK_KINDS] } : hiddenWorkOf(reader, parts, ctx.doc);
}

const withHiddenWork = (hiddenWork: TurnCompleted['hiddenWork']) => (hiddenWork ? { hiddenWork } : {});

/**
 * The revision path: the answer counted last grew after it was counted (it paused longer than we
 * waited, another part appeared, a generated image became ready after its placeholder, or its
 * sources showed). The same turn goes again with the final text, reasoning, images and out-of-sight
 * work and a higher revision, which the worker counts in place. 'regenerated' when, on a page with
 * derived ids, the text under the same id is a different answer (a new turn).
 */
function revise(counted: Counted, exchange: Exchange, texts: string[], extras: AnswerExtras, ctx: BuildContext): Revision | 'same' | 'regenerated' {
  const first = exchange.parts[0];
  const text = joinParts(texts);
  const before = counted.turn;
  // An image counts once: keys seen before stay (a virtual list may have unmounted one).
  const images = [...new Set([...(before.images ?? []), ...(extras.images ?? [])])];
  const moreImages = images.length > (before.images?.length ?? 0);
  const textGrew = text !== before.answerText && text !== '';
  if (textGrew && !first.pageId && !text.startsWith(before.answerText.trimEnd())) return 'regenerated';
  // Asked only of the answer counted last, once no other answer is being written.
  const work = hiddenWorkIn(ctx, exchange.parts);
  const hiddenWork = work === 'loading' ? undefined : work;
  const moreWork = hiddenWorkGrew(before.hiddenWork, hiddenWork);
  if (!textGrew && !moreImages && !moreWork) return 'same';
  const turn: TurnCompleted = {
    ...before,
    answerText: textGrew ? text : before.answerText,
    ...(extras.reasoning ? { reasoning: extras.reasoning } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(moreWork ? withHiddenWork(hiddenWork) : {}),
    finishedAt: Date.now(),
    revision: counted.revision + 1,
  };
  const read = { parts: exchange.parts, texts, fingerprint: first.pageId ? undefined : fingerprint(text) };
  return { kind: 'revised', turn, read, answer: exchange.parts[exchange.parts.length - 1] };
}

export type SeedOutcome =
  /** Every message is still the previous conversation's. */
  | { readonly kind: 'stale' }
  /** The prompts do not read sensibly: nothing is sent. */
  | { readonly kind: 'unrecognized'; readonly reason: HealthReason }
  | {
      readonly kind: 'batches';
      readonly batches: ReadonlyArray<{ seed: ConversationSeed; answers: SeededAnswer[] }>;
      /** What becomes known: each group's first message (with the answer's fingerprint on pages with derived ids) and its other parts. */
      readonly known: ReadonlyArray<readonly [string, Known]>;
    };

/**
 * The seed batches of the messages already on the page: the parts of one answer go as one message
 * under the first part's id. `textOf` holds the texts of this conversation's messages (the stale
 * ones left out).
 */
export function seedBatches(
  site: SiteAdapter['site'],
  conversation: string,
  groups: PageMessage[][],
  textOf: ReadonlyMap<PageMessage, string>,
  partial = false,
): SeedOutcome {
  const fresh = groups.map((g) => g.filter((m) => textOf.has(m))).filter((g) => g.length > 0);
  if (fresh.length === 0) return { kind: 'stale' };
  const problem = promptsProblem(fresh.flatMap(([m]) => (m.role === 'user' ? [{ message: m, text: textOf.get(m)! }] : [])));
  if (problem) return { kind: 'unrecognized', reason: problem };
  const batches: Array<{ seed: ConversationSeed; answers: SeededAnswer[] }> = [];
  const known: Array<readonly [string, Known]> = [];
  let messages: ConversationSeed['messages'] = [];
  let answers: SeededAnswer[] = [];
  let size = 0;
  fresh.forEach((group, i) => {
    const first = group[0];
    const text = joinParts(group.map((m) => textOf.get(m)!));
    const firstKnown: Known = {};
    let id = first.id;
    if (first.role === 'assistant' && !first.pageId) {
      firstKnown.fingerprint = fingerprint(text);
      id = `${first.id}~${firstKnown.fingerprint}`;
    }
    known.push([first.id, firstKnown], ...group.slice(1).map((part) => [part.id, {}] as const));
    messages.push({ id, role: first.role, text });
    if (first.role === 'assistant') answers.push({ turnId: id, answer: group[group.length - 1] });
    size += text.length;
    // Several modest messages rather than one huge one: each is copied to the worker in its own task.
    if (size >= SEED_BATCH_CHARS || i === fresh.length - 1) {
      // The first batch says the page did not show the conversation from its start (the worker marks its history incomplete).
      batches.push({ seed: { site, conversationId: conversation, messages, ...(partial && batches.length === 0 ? { partial: true as const } : {}) }, answers });
      messages = [];
      answers = [];
      size = 0;
    }
  });
  return { kind: 'batches', batches, known };
}
