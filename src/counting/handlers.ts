// PLACEHOLDER (replaced by the site-tracking work): the worker's handlers for content-script messages.
import type { Handlers } from '../messaging/messaging';
import type { CountedTurn } from '../messaging/protocol';

export interface TrackingDeps {
  /** Records a counted turn in the ledger (idempotent by turnId). */
  record(turn: CountedTurn): Promise<void>;
}

export function createTrackingHandlers(_deps: TrackingDeps): Handlers {
  return {};
}
