/**
 * The popup's per-site label switch (settings.pageLabels, src/domain/settings.ts), read once when
 * the content script starts and then followed through the worker's `labels/switch` messages
 * (src/label/switch-broadcast.ts). Not through storage.onChanged: Chrome would hand this page every
 * change of storage.local (ledger days, conversation histories, old and new values), deserialized
 * on the page's main thread: a long task after every counted answer once the ledger is large.
 * The extension API directly: the content script stays free of the storage wrapper and zod.
 */
import { browser } from 'wxt/browser';
import type { Settings } from '../domain/settings';
import type { SiteId } from '../domain/site-ids';

interface ExtensionLike {
  storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
  runtime: { onMessage: { addListener(listener: (message: unknown, sender: unknown, sendResponse: (answer: unknown) => void) => unknown): void } };
}

const labelsOn = (settings: unknown, site: SiteId): boolean => (settings as Partial<Settings> | undefined)?.pageLabels?.[site] !== false;

export function watchLabelSetting(site: SiteId, apply: (on: boolean) => void, api: ExtensionLike | undefined = browser): void {
  if (!api) return;
  try {
    // A switch message that arrives before the first read answers is newer than what that read returns.
    let switched = false;
    api.runtime.onMessage.addListener((message, _sender, sendResponse) => {
      const m = message as { type?: unknown; data?: { site?: unknown; on?: unknown } } | null;
      if (m?.type !== 'labels/switch') return undefined;
      if (m.data?.site === site && typeof m.data.on === 'boolean') {
        switched = true;
        apply(m.data.on);
      }
      sendResponse({ ok: true, value: { ok: true } });
      return undefined;
    });
    api.storage.local.get('settings').then(
      (got) => {
        if (!switched) apply(labelsOn(got.settings, site));
      },
      () => undefined,
    );
  } catch {
    // No extension access (an invalidated context): labels keep their default, on.
  }
}
