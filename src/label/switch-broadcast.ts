/**
 * Worker side of the per-site label switch: after settings/update turned a site's labels on or off,
 * the content scripts of the open chat tabs are told (`labels/switch`). They hold no
 * storage.onChanged listener on purpose: Chrome hands every change of storage.local (the ledger's
 * days, the conversation histories, old and new values) to each such listener, deserialized on the
 * chat page's main thread; with a heavy ledger that was a long task in every chat tab after every
 * counted answer.
 */
import { browser } from 'wxt/browser';
import type { Handlers } from '../messaging/messaging';
import type { RequestOf } from '../messaging/protocol';

interface TabsLike {
  query(q: { url: string[] }): Promise<Array<{ id?: number }>>;
  sendMessage(tabId: number, message: unknown): Promise<unknown>;
}

/** The chat pages' match patterns, as the manifest's content scripts declare them (one home: the adapters). */
function chatPageMatches(): string[] {
  return [...new Set((browser.runtime.getManifest().content_scripts ?? []).flatMap((c) => c.matches ?? []))];
}

/** Tells every open chat tab; each content script keeps only its own site's switch. A tab without one (still loading) reads the setting when it starts. */
async function broadcastLabelSwitch(data: RequestOf<'labels/switch'>, tabs: TabsLike, matches: () => string[]): Promise<void> {
  const patterns = matches();
  if (patterns.length === 0) return;
  const open = await tabs.query({ url: patterns });
  await Promise.all(open.map((tab) => (tab.id === undefined ? undefined : tabs.sendMessage(tab.id, { type: 'labels/switch', data }).catch(() => undefined))));
}

/** settings/update, then the label switch it changed (if any) sent to the chat tabs (`tabs` matching `matches()`). */
export function withLabelSwitchBroadcast(
  update: NonNullable<Handlers['settings/update']>,
  tabs: TabsLike = browser.tabs,
  matches: () => string[] = chatPageMatches,
): NonNullable<Handlers['settings/update']> {
  return async (patch, sender) => {
    const answer = await update(patch, sender);
    if (patch.pageLabel) await broadcastLabelSwitch(patch.pageLabel, tabs, matches).catch(() => undefined);
    return answer;
  };
}
