/** The worker's handlers for content-script messages: count turns, seed history, store site health. */
import type { LedgerEntry } from '../domain/ledger';
import type { ConversationSeed, ConversationSeeded, CountedTurn, TurnFootprint, TurnRecorded } from '../domain/turns';
import type { Handlers } from '../messaging/messaging';
import { uiLocale } from '../i18n/t';
import type { Counting } from './count-turn';
import { footprintOf } from './footprint';

/** A turn's record, and the records of the images and videos its answer generated. */
type Records = { entry: LedgerEntry; images?: LedgerEntry; video?: LedgerEntry };

export interface HandlerDeps {
  /** The worker's counting (createCounting). */
  counting: Counting;
  /**
   * Records a counted turn in the ledger (idempotent by turnId). Resolves to the turn's record and
   * its images' record (also for a turn recorded before), or null when none can be read.
   */
  record(turn: CountedTurn): Promise<Records | null | void>;
  /**
   * The ledger records of turns counted before (each day read once per call), by turnId; a turn
   * without a readable record is left out. Absent: seeds are answered without footprints.
   */
  recorded?(turns: CountedTurn[]): Promise<ReadonlyMap<string, Records>>;
  /** Counts the turn: the counting's countTurn, or the same wrapped (the worker times it for the benchmarks). */
  count?: Counting['countTurn'];
}

export function countingHandlers({ counting, record, recorded, count = counting.countTurn }: HandlerDeps): Handlers {
  return {
    'turn/expected': async (expected) => {
      // Answered once the vocabulary is loaded (the browser keeps a worker alive while it answers);
      // a load that failed is not this message's failure: the turn loads it again.
      await counting.prepareTurn(expected).catch((e: unknown) => console.warn('[footprint] vocabulary not loaded ahead of the turn', e));
      return { ok: true as const };
    },
    'turn/completed': async (turn) => {
      const { counted, persisted, unreadableDuration, uncountedWork, skippedAttachments, unknownModelLabel } = await count(turn);
      const { health } = counting;
      // The ledger journals the turn while its history is stored; acknowledge once both are stored.
      const [, recorded] = await Promise.all([
        persisted,
        record(counted),
        unreadableDuration === null ? undefined : health.noteUnreadableReasoning(turn.site, unreadableDuration, turn.finishedAt),
        uncountedWork.length === 0 ? undefined : health.noteUncountedWork(turn.site, uncountedWork, turn.finishedAt),
        skippedAttachments.length === 0 ? undefined : health.noteSkippedAttachments(turn.site, skippedAttachments, turn.finishedAt),
        counted.historyIncomplete ? health.noteIncompleteHistory(turn.site, turn.finishedAt) : undefined,
        unknownModelLabel === null ? undefined : health.noteUnknownModelLabel(turn.site, unknownModelLabel, turn.finishedAt),
      ]);
      const reply: TurnRecorded = recorded
        ? { ok: true, turnId: counted.turnId, footprint: footprintOf(recorded.entry, recorded.images, undefined, recorded.video) }
        : { ok: true, turnId: counted.turnId, footprint: null, notRecorded: 'duplicate-unknown' };
      return reply;
    },
    'conversation/seed': async (seed) => {
      await counting.seedConversation(seed);
      const reply: ConversationSeeded = { ok: true, footprints: recorded ? await seededFootprints(counting, seed, recorded) : {} };
      return reply;
    },
    'site/health': async (health) => {
      // No vocabulary is loaded here: a page that is only opened costs none; a sent prompt loads its turn's ('turn/expected').
      await counting.health.write(health);
      return { ok: true as const };
    },
  };
}

/**
 * The footprints of the seed's answers that are counted turns of the conversation (the page labels
 * of answers counted before a reload). Only decoration: if the ledger cannot be read, the seed is
 * still acknowledged (a failed reply would hold up the page's outbox), without footprints.
 */
async function seededFootprints(
  counting: Counting,
  seed: ConversationSeed,
  recorded: NonNullable<HandlerDeps['recorded']>,
): Promise<Record<string, TurnFootprint>> {
  const state = await counting.conversations.read(seed.site, seed.conversationId);
  const turns = seed.messages.flatMap((m) => (m.role === 'assistant' && Object.hasOwn(state.turns, m.id) ? [state.turns[m.id]] : []));
  if (turns.length === 0) return {};
  let records: Awaited<ReturnType<typeof recorded>>;
  try {
    records = await recorded(turns);
  } catch (e) {
    console.warn('[footprint] records of seeded answers not readable', e);
    return {};
  }
  // No prototype: a page's message id is a key here ("__proto__" included).
  const footprints = Object.create(null) as Record<string, TurnFootprint>;
  const locale = uiLocale();
  for (const turn of turns) {
    const r = records.get(turn.turnId);
    if (r) footprints[turn.turnId] = footprintOf(r.entry, r.images, locale, r.video);
  }
  return footprints;
}
