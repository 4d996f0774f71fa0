/**
 * Counting a finished turn and seeding history: the worker side of site tracking. The worker builds
 * one counting (createCounting) when it starts; everything it keeps in memory (conversations it
 * read or wrote, loaded vocabularies, the settings) is a copy of storage or of the extension's files,
 * so a worker the browser stopped builds it again from them.
 */
import type { AttachmentSkipCode } from '../features/attachments/codes';
import { boundInput, contextWindowFor, type ContextWindow } from '../core/context-windows';
import { idMap, type ConversationState } from '../domain/conversation';
import type { TokenizerId } from '../domain/tokenizers';
import type { ConversationSeed, CountedTurn, TurnCompleted, TurnExpected } from '../domain/turns';
import { createWorkerStorage, type WorkerStorage } from '../storage/worker-storage';
import { createConversations, type Conversations } from './conversations';
import { answerExtras } from './answer-extras';
import {
  attachmentExtras,
  carriedAttachments,
  carryAttachments,
  countPromptAttachments,
  ownAttachmentsOf,
  type PromptAttachments,
} from '../features/attachments/count';
import { hiddenWorkOfTurn, withHiddenExtras, type HiddenWorkCount, type UncountedWork } from '../features/work/count';
import { resolveModel, resolveTokenizer, unknownModelLabel, warmUpModelPatterns, type ResolvedModel } from './models';
import { createTokenizers, type Count, type VocabularySource } from './tokens';
import { createSiteHealth, type SiteHealthRecords } from './health';
import { replaceExtras } from '../features/extras';

export interface CountResult {
  counted: CountedTurn;
  /** A reasoning duration label the page showed that could not be read (nothing was estimated for it). */
  unreadableDuration: string | null;
  /** Why each attached file the turn could not count was skipped (empty: none), for the site's health. */
  skippedAttachments: AttachmentSkipCode[];
  /** Work out of sight the page showed that could not be counted (the site's health says so). */
  uncountedWork: UncountedWork[];
  /** The page's model label when no rule knows it: the turn counted with the site's default model (the site's health says so). */
  unknownModelLabel: string | null;
  /** Settles once the conversation's new history is in storage (acknowledge only after it). */
  persisted: Promise<void>;
}

export interface CountingDeps {
  /** The write queue, settings source and storage items, shared with the worker's ledger; a storage of its own unless given. */
  storage?: WorkerStorage;
  /** Where kitoken's engine and vocabularies come from; the extension's own files unless given (Node's in tests and the bench). */
  vocabularies?: VocabularySource;
}

export interface Counting {
  /**
   * input = prompt + (countHistory ? every earlier prompt and answer of the conversation : 0), all
   * counted with the conversation's tokenizer (the tokenizer of its first count).
   * Idempotent by turnId: the same turn returns the same CountedTurn and grows history once. A higher
   * `revision` of a counted turn (the answer went on after it was counted) replaces its counts in place.
   */
  countTurn(turn: TurnCompleted): Promise<CountResult>;
  /** Adds messages already on the page to the conversation's history, each message once. */
  seedConversation(seed: ConversationSeed): Promise<{ added: number }>;
  /**
   * A prompt was sent: loads the vocabulary its turn will be counted with while the answer is written
   * (the conversation's tokenizer, else the one of the model the page shows), so the finished turn
   * is counted at once even by a worker the browser had stopped. Settles once it is loaded; a failed
   * load is forgotten and the turn tries again.
   */
  prepareTurn(expected: TurnExpected): Promise<TokenizerId>;
  /** Reads the settings and prepares the model patterns ahead of the first turn, so counting it waits for neither. */
  warmUp(): void;
  /** The conversations this counting reads and writes (pruning, "delete all data" and seed replies use them). */
  conversations: Conversations;
  /** The sites' health records, written in this counting's write queue. */
  health: SiteHealthRecords;
}

/** What a turn's texts count with the conversation's counter, the answer's reasoning and images included. */
interface TextCounts {
  promptTokens: number;
  answerTokens: number;
  /** Only what the answer has: a turn without reasoning or images is stored as before they were counted. */
  extras: Pick<CountedTurn, 'reasoningTokens' | 'estimatedReasoningTokens' | 'images'>;
  unreadableDuration: string | null;
  /** The files sent with the prompt, counted; null when the turn sent none. */
  attachments: PromptAttachments | null;
}

export function createCounting(deps: CountingDeps = {}): Counting {
  const storage = deps.storage ?? createWorkerStorage();
  const { writes, settings: settingsSource } = storage;
  const conversations = createConversations(storage);
  const tokenizers = createTokenizers(deps.vocabularies);

  /** Without a microtask's wait once the vocabulary is loaded. */
  const counterOf = (tokenizer: TokenizerId): Count | Promise<Count> => tokenizers.loadedCounter(tokenizer) ?? tokenizers.counterFor(tokenizer);

  function countTurn(turn: TurnCompleted): Promise<CountResult> {
    // Answers once counted; the write queue moves on only when the new history is stored.
    return writes.run(
      async () => {
        // From memory when the worker has it (no await, no storage round trip), else from storage.
        const state = conversations.cached(turn.site, turn.conversationId) ?? (await conversations.read(turn.site, turn.conversationId));
        const done = state.turns[turn.turnId];
        if (done && (turn.revision ?? 0) <= (done.revision ?? 0))
          return { counted: done, unreadableDuration: null, skippedAttachments: [], uncountedWork: [], unknownModelLabel: null, persisted: Promise.resolve() };
        const stored = (counted: CountedTurn, counts: TextCounts, hidden: HiddenWorkCount, unknownLabel: string | null = null): CountResult => {
          const withHidden = (state.turns[turn.turnId] = withHiddenExtras(counted, hidden.extras));
          return {
            counted: withHidden,
            unreadableDuration: counts.unreadableDuration,
            skippedAttachments: counts.attachments?.skipped ?? [],
            uncountedWork: hidden.uncounted,
            unknownModelLabel: unknownLabel,
            persisted: conversations.write(turn.site, turn.conversationId, state),
          };
        };
        // A revision keeps the model and the tokenizer it was counted with.
        if (done) {
          const settings = settingsSource.loaded() ?? (await settingsSource.read());
          const window = contextWindowFor(turn.site, done.modelKey, settings.plans?.[turn.site]);
          const counts = countTexts(turn, done.modelKey, await counterOf(done.tokenizer), window);
          const hidden = hiddenWorkOfTurn(state, turn, done);
          return stored(revise(state, done, turn, counts), counts, hidden);
        }
        // A new turn: the model in use, the conversation's tokenizer (its first count picks it, so its
        // history is never in two kinds of tokens), each resolved once; then its texts are counted once.
        const settings = settingsSource.loaded() ?? (await settingsSource.read());
        const model = resolveModel(turn.site, turn.modelLabel, settings.modelOverrides);
        const tokenizer = (state.tokenizer ??= resolveTokenizer(turn.site, turn.modelLabel, settings.modelOverrides));
        const window = contextWindowFor(turn.site, model.modelKey, settings.plans?.[turn.site]);
        const counts = countTexts(turn, model.modelKey, await counterOf(tokenizer), window);
        const hidden = hiddenWorkOfTurn(state, turn, undefined);
        const unknownLabel = unknownModelLabel(turn.site, turn.modelLabel, settings.modelOverrides);
        return stored(add(state, turn, { ...model, tokenizer }, settings.countHistory, counts, window), counts, hidden, unknownLabel);
      },
      (r) => r.persisted,
    );
  }

  function seedConversation(seed: ConversationSeed): Promise<{ added: number }> {
    return writes.run(async () => {
      const state = await conversations.read(seed.site, seed.conversationId);
      const fresh = seed.messages.filter((m) => !(m.id in state.messages));
      if (fresh.length === 0) return { added: 0 };
      const settings = settingsSource.loaded() ?? (await settingsSource.read());
      const next: ConversationState = { ...state, messages: idMap(state.messages), updatedAt: Math.max(Date.now(), state.updatedAt + 1) };
      // First read on a page missing its earlier turns: the history is what it showed, a lower bound.
      // A conversation known before keeps its stored history (the missing turns are in it).
      if (seed.partial && Object.keys(state.messages).length === 0) next.history = 'incomplete';
      // The page names no model for messages already on it: the site's model (or the user's override) picks.
      next.tokenizer ??= resolveTokenizer(seed.site, null, settings.modelOverrides);
      const count = await counterOf(next.tokenizer);
      for (const m of fresh) addMessage(next, m.id, count(m.text));
      await conversations.write(seed.site, seed.conversationId, next);
      return { added: fresh.length };
    });
  }

  async function prepareTurn(expected: TurnExpected): Promise<TokenizerId> {
    // Read in the queue: a read outside it could put an older copy in memory over a write in flight.
    const tokenizer = await writes.run(async () => {
      const state = conversations.cached(expected.site, expected.conversationId) ?? (await conversations.read(expected.site, expected.conversationId));
      if (state.tokenizer) return state.tokenizer;
      const settings = settingsSource.loaded() ?? (await settingsSource.read());
      return resolveTokenizer(expected.site, expected.modelLabel, settings.modelOverrides);
    });
    await counterOf(tokenizer);
    return tokenizer;
  }

  return {
    countTurn,
    seedConversation,
    prepareTurn,
    warmUp() {
      void settingsSource.read();
      warmUpModelPatterns();
    },
    conversations,
    health: createSiteHealth(writes),
  };
}

/** The turn's prompt, answer, reasoning, images and attached files, each counted once with `count`; the files within the room the window leaves beside the prompt. */
function countTexts(turn: TurnCompleted, modelKey: string, count: Count, window: ContextWindow): TextCounts {
  const { reasoningTokens, estimatedReasoningTokens, images, unreadableDuration } = answerExtras(turn, modelKey, count);
  const extras: TextCounts['extras'] = {};
  if (reasoningTokens > 0) extras.reasoningTokens = reasoningTokens;
  if (estimatedReasoningTokens > 0) extras.estimatedReasoningTokens = estimatedReasoningTokens;
  if (images > 0) extras.images = images;
  const promptTokens = count(turn.promptText);
  const windowTokens = Math.max(1, window.tokens - promptTokens);
  const attachments = turn.attachments?.length ? countPromptAttachments(turn.attachments, { modelKey, site: turn.site, windowTokens }, count) : null;
  return { promptTokens, answerTokens: count(turn.answerText), extras, unreadableDuration, attachments };
}

/** A new turn: counted on the conversation's history, which grows by its prompt and answer. Updated in place. */
function add(
  state: ConversationState,
  turn: TurnCompleted,
  { tokenizer, ...model }: ResolvedModel & { tokenizer: TokenizerId },
  countHistory: boolean,
  { promptTokens, answerTokens, extras, attachments }: TextCounts,
  window: ContextWindow,
): CountedTurn {
  const promptId = turn.promptId ?? `${turn.turnId}:prompt`;
  const earlier = state.prompts?.[promptId];
  // A regenerated answer re-reads what its prompt re-read; a prompt already seeded (it was on the
  // page before its answer finished) is not its own history.
  const history = earlier ? earlier.historyBefore : state.historyTokens - (state.messages[promptId] ?? 0);
  // A regenerated answer reads its prompt's files again, though the page sends them with the first
  // answer only; they are already in what later turns carry, so they are not its history nor carried twice.
  const before = ownAttachmentsOf(earlier ? state.turns[earlier.answerId]?.extras?.attachments : undefined);
  const own = attachments ?? before;
  const carried = carriedAttachments(state);
  const reread = countHistory
    ? { tokens: carried.tokens - before.tokens, estimatedTokens: carried.estimatedTokens - before.estimatedTokens }
    : { tokens: 0, estimatedTokens: 0 };
  // No turn reads more than its window: what it re-reads is cut as the site drops the oldest.
  const bounded = boundInput(
    { prompt: promptTokens, files: { low: own.tokens, central: own.tokens, high: own.tokens }, history: countHistory ? history : 0, carried: reread.tokens },
    window.tokens,
    window.pastWindow,
  );
  const keptShare = reread.tokens > 0 ? bounded.carried / reread.tokens : 1;
  const files = attachmentExtras(own, { tokens: bounded.carried, estimatedTokens: Math.round(reread.estimatedTokens * keptShare) });
  const counted: CountedTurn = {
    turnId: turn.turnId,
    time: turn.finishedAt,
    site: turn.site,
    conversationId: turn.conversationId,
    ...model,
    promptTokens,
    historyTokens: bounded.history,
    answerTokens,
    tokenizer,
    ...extras,
    ...(files ? { extras: { attachments: files } } : {}),
    ...(bounded.codes.length > 0
      ? { context: { windowTokens: window.tokens, ...(window.plan === null ? {} : { plan: window.plan }), codes: bounded.codes } }
      : {}),
    ...(state.history === 'incomplete' ? { historyIncomplete: true as const } : {}),
  };
  carryAttachments(state, { tokens: own.tokens - before.tokens, estimatedTokens: own.estimatedTokens - before.estimatedTokens });
  // Updated in place: if storing it fails, the worker forgets its copy and reads storage again.
  state.turns[turn.turnId] = counted;
  state.updatedAt = Math.max(Date.now(), state.updatedAt + 1);
  // The answer it replaces is no longer part of the conversation the model re-reads.
  if (earlier && earlier.answerId !== turn.turnId && earlier.answerId in state.messages) {
    state.historyTokens -= state.messages[earlier.answerId];
    delete state.messages[earlier.answerId];
  }
  // In place too: copying every earlier prompt's entry made each turn cost more the longer the chat.
  (state.prompts ??= idMap())[promptId] = { historyBefore: history, answerId: turn.turnId };
  addMessage(state, promptId, promptTokens);
  addMessage(state, turn.turnId, answerTokens);
  return counted;
}

/** The same turn with its final texts: same time and history, new token counts; the history follows. */
function revise(
  state: ConversationState,
  done: CountedTurn,
  turn: TurnCompleted,
  { promptTokens, answerTokens, extras, attachments }: TextCounts,
): CountedTurn {
  const counted: CountedTurn = { ...done, promptTokens, answerTokens, revision: turn.revision };
  // The revision's files replace the ones counted before (a revision that sends none keeps them), in what later turns carry too.
  if (attachments) {
    const before = done.extras?.attachments;
    const was = ownAttachmentsOf(before);
    carryAttachments(state, { tokens: attachments.tokens - was.tokens, estimatedTokens: attachments.estimatedTokens - was.estimatedTokens });
    const files = attachmentExtras(attachments, { tokens: before?.historyTokens ?? 0, estimatedTokens: before?.estimatedHistoryTokens ?? 0 });
    const { extras: next } = replaceExtras(counted, ['attachments'], files ? { attachments: files } : {});
    if (next) counted.extras = next;
    else delete counted.extras;
  }
  // The revision's reasoning and images replace the earlier ones (an image may have become ready since).
  delete counted.reasoningTokens;
  delete counted.estimatedReasoningTokens;
  delete counted.images;
  Object.assign(counted, extras);
  if (turn.turnId in state.messages) {
    state.historyTokens += counted.answerTokens - state.messages[turn.turnId];
    state.messages[turn.turnId] = counted.answerTokens;
  }
  state.turns[turn.turnId] = counted;
  state.updatedAt = Math.max(Date.now(), state.updatedAt + 1);
  return counted;
}

function addMessage(state: ConversationState, id: string, tokens: number): void {
  if (id in state.messages) return;
  state.messages[id] = tokens;
  state.historyTokens += tokens;
}
