/** The worker's handlers for the popup's messages. Errors reach the popup with their code and a sentence for the user. */
import type { Handlers } from '../messaging/messaging';
import { CodedError, userMessage } from '../domain/errors';
import type { Ledger } from './ledger';

async function speaking<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof CodedError) {
      const sentence = userMessage(e.code, e.message);
      throw new CodedError(e.code, sentence === e.message ? sentence : `${sentence} (${e.message})`);
    }
    throw e;
  }
}

/** Each handler present (not Handlers' optional ones), so the worker can wrap one without asserting it. */
export function ledgerHandlers(ledger: Ledger) {
  return {
    'popup/state': () => speaking(() => ledger.popupState()),
    'settings/update': (patch) => speaking(async () => (await ledger.updateSettings(patch), { ok: true as const })),
    'ledger/recompute': () => speaking(async () => ({ ok: true as const, recomputed: await ledger.recompute() })),
    'ledger/export': ({ format }) => speaking(() => ledger.exportLedger(format)),
    'ledger/clear': () => speaking(async () => (await ledger.clear(), { ok: true as const })),
    'ledger/import': ({ text, write }) => speaking(() => ledger.importLedger(text, write)),
    'remote/configure': (cfg) => speaking(() => ledger.configureRemote(cfg)),
    'remote/test': () => speaking(() => ledger.testRemote()),
    'remote/usage': () => speaking(() => ledger.keyMonth()),
  } satisfies Handlers;
}
