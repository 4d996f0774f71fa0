/**
 * Where a quiet scan puts the messages it found: pure, over the messages, what the tracker knows of
 * them and its state. History is what the page showed when the tracker first read the conversation;
 * live are answers written while it watched.
 */
import type { PageMessage } from '../sites/adapter';
import { exchangesOf, type Exchange } from './exchanges';
import type { Known } from './memory';
import { countedOf, promptAtOf, sawStreaming, type TrackerState } from './phases';

export interface PlanInput {
  readonly messages: readonly PageMessage[];
  readonly state: TrackerState;
  readonly known: ReadonlyMap<string, Known>;
  /** A quiet scan found this new chat (no saved conversation's URL) showing no messages, and none were placed since. */
  readonly emptySeen: boolean;
}

export interface ScanPlan {
  /** History only: prompts, and the parts of one answer together (the first part names them). */
  seeds: PageMessage[][];
  /** Answers to count (or to revise: the answer counted last, grown). */
  live: Exchange[];
  /** Every prompt and answer on the page. */
  exchanges: Exchange[];
  /**
   * An exchange the tracker cannot place: one prompt and its answer appeared in a chat it had read
   * as empty, with no sign of how the prompt was sent (no send seen, no answer seen being written).
   * A new chat's first turn, sent by a suggestion chip or voice and answered in one go, looks the
   * same as a one-turn chat shown under the new chat's URL. It is seeded (history is never counted)
   * and reported. A saved conversation's URL read as empty is still loading: never unplaced.
   */
  unplaced: Exchange | null;
}

/**
 * Which messages not seen yet only seed the history and which answers are counted. Live are the
 * answers after the prompt just sent (or after every message already known, while a prompt is
 * pending or an answer was being written), and any new part of the answer counted last.
 */
export function plan({ messages, state, known, emptySeen }: PlanInput): ScanPlan {
  const { seeding, phase } = state;
  let lastKnown = -1;
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (known.has(m.id)) lastKnown = i;
    if (m.role === 'user') lastUser = i;
  });
  // A prompt that appears after every message we know, as the last one on the page, was just sent,
  // even if we missed how (a send button we do not know). Not when the page shows none of the
  // messages we know: a page that keeps only some turns mounted shows earlier ones as it scrolls up.
  const showsKnown = lastKnown >= 0 || known.size === 0;
  const newPrompt = !seeding && showsKnown && lastUser > lastKnown && !known.has(messages[lastUser].id);
  const activity = promptAtOf(phase) !== null || sawStreaming(phase) || newPrompt;
  const firstLive = !activity ? Infinity : seeding ? Math.max(lastUser, 0) : newPrompt ? lastUser : lastKnown + 1;
  const countedId = countedOf(phase)?.messageId;

  const seeds: PageMessage[][] = [];
  const live: Exchange[] = [];
  let index = 0;
  const exchanges = exchangesOf(messages);
  for (const exchange of exchanges) {
    if (exchange.prompt) {
      if (index < firstLive && !known.has(exchange.prompt.id)) seeds.push([exchange.prompt]);
      index++;
    }
    let seedParts: PageMessage[] = [];
    let isLive = false;
    const grownCounted = exchange.parts[0]?.id === countedId;
    for (const part of exchange.parts) {
      if (!known.has(part.id)) {
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
  return { seeds, live, exchanges, unplaced: seeding && emptySeen && !activity ? appearedTurn(exchanges) : null };
}

/** The one prompt and answer of what appeared, or null when more appeared (a conversation's history: a send adds one prompt). */
function appearedTurn(exchanges: readonly Exchange[]): Exchange | null {
  const asked = exchanges.filter((e) => e.prompt !== null);
  const last = exchanges[exchanges.length - 1];
  return asked.length === 1 && asked[0] === last && last.parts.length > 0 ? last : null;
}
