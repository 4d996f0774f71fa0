/** The worker's handlers for content-script messages: count turns, seed history, store site health. */
import type { Handlers } from '../messaging/messaging';
import type { CountedTurn } from '../messaging/protocol';
import { countTurn, seedConversation, warmUpCounting } from './count-turn';
import { writeSiteHealth } from './health';
import { pruneConversationsDaily } from './conversations';

/** Pruning waits until the worker has settled after start-up. */
const PRUNE_DELAY_MS = 60_000;

export interface TrackingDeps {
  /** Records a counted turn in the ledger (idempotent by turnId). */
  record(turn: CountedTurn): Promise<void>;
}

export function createTrackingHandlers(deps: TrackingDeps): Handlers {
  warmUpCounting();
  setTimeout(() => void pruneConversationsDaily(Date.now()).catch(() => undefined), PRUNE_DELAY_MS);
  return {
    'turn/completed': async (turn) => {
      const started = performance.now();
      const { counted, persisted } = await countTurn(turn);
      const countedAt = performance.now();
      // The history write and the ledger's record go on side by side; acknowledge once both are stored.
      await Promise.all([persisted, deps.record(counted)]);
      // Readable by benchmarks (performance.getEntriesByName); only the latest turn's entries are kept.
      performance.clearMeasures('footprint:count-turn');
      performance.clearMeasures('footprint:turn-handled');
      performance.measure('footprint:count-turn', { start: started, end: countedAt });
      performance.measure('footprint:turn-handled', { start: started, end: performance.now() });
      return { ok: true as const, turnId: counted.turnId };
    },
    'conversation/seed': async (seed) => {
      await seedConversation(seed);
      return { ok: true as const };
    },
    'site/health': async (health) => {
      await writeSiteHealth(health);
      return { ok: true as const };
    },
  };
}
