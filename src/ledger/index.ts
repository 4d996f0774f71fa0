// PLACEHOLDER (replaced by the ledger work).
import type { Handlers } from '../messaging/messaging';
import type { CountedTurn } from '../messaging/protocol';

export async function startLedger(): Promise<void> {}
export async function recordTurn(_turn: CountedTurn): Promise<void> {}
export function createLedgerHandlers(): Handlers {
  return {};
}
