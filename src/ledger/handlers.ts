/** The worker's handlers for the popup's messages. */
import type { Handlers } from '../messaging/messaging';
import type { Ledger } from './ledger';

export function ledgerHandlers(ledger: Ledger): Handlers {
  return {
    'popup/state': () => ledger.popupState(),
    'settings/update': async (patch) => {
      await ledger.updateSettings(patch);
      return { ok: true };
    },
    'ledger/recompute': async () => ({ ok: true, recomputed: await ledger.recompute() }),
    'ledger/export': ({ format }) => ledger.exportLedger(format),
    'ledger/clear': async () => {
      await ledger.clear();
      return { ok: true };
    },
    'remote/configure': (cfg) => ledger.configureRemote(cfg),
    'remote/test': () => ledger.testRemote(),
  };
}
