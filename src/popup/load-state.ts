/**
 * The popup reads its numbers straight from storage (the worker is the only
 * writer): opening the popup never waits for a stopped worker to start.
 */
import { readPopupState, type StartedRead } from '../ledger/popup-state';
import type { MessageResult } from '../messaging/messaging';
import type { PopupState } from '../domain';
import { indexedDbKeyStore } from '../remote/key-store';

/** `started`: the read popup.html started before this module loaded (src/popup/early-read.ts), if any. */
export async function loadPopupState(started?: StartedRead): Promise<MessageResult<PopupState>> {
  try {
    return { ok: true, value: await readPopupState({ now: Date.now, keyStore: indexedDbKeyStore() }, started) };
  } catch (e) {
    return { ok: false, error: { code: 'STATE_UNREADABLE', message: `Could not read the stored numbers: ${e instanceof Error ? e.message : String(e)}` } };
  }
}
