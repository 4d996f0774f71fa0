/** Site health as the content scripts report it, stored for the popup (the `siteHealth` item). */
import type { AttachmentSkipCode } from '../features/attachments/codes';
import type { SiteHealth } from '../domain/turns';
import type { UncountedWork } from '../features/work/count';
import type { SiteId } from '../domain/site-ids';
import { siteHealthItem } from '../storage/items';
import { queueWrite } from '../storage/write-queue';

export function writeSiteHealth(health: SiteHealth): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known = all[health.site];
    // Reports can arrive out of order from several tabs: keep the newest.
    if (known && known.at > health.at) return;
    // A new report keeps the note of an unreadable reasoning label, the count of refused messages and the work not counted (they are about answers, not the page).
    const note = {
      ...(known?.unreadableReasoningLabel ? { unreadableReasoningLabel: known.unreadableReasoningLabel } : {}),
      ...(known?.refused ? { refused: known.refused } : {}),
      ...(known?.uncountedWork ? { uncountedWork: known.uncountedWork } : {}),
      ...(known?.skippedAttachments ? { skippedAttachments: known.skippedAttachments } : {}),
      ...(known?.historyIncomplete ? { historyIncomplete: known.historyIncomplete } : {}),
      ...(known?.unknownModelLabel ? { unknownModelLabel: known.unknownModelLabel } : {}),
    };
    await siteHealthItem.setValue({ ...all, [health.site]: { ...health, ...note } });
  });
}

/** Notes in the site's health details that a reasoning duration label could not be read (so nothing was estimated). */
export function noteUnreadableReasoning(site: SiteId, label: string, at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, unreadableReasoningLabel: label } });
  });
}

/** Notes in the site's health that a model label no rule knows was counted with the site's default model. */
export function noteUnknownModelLabel(site: SiteId, label: string, at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, unknownModelLabel: { label, at } } });
  });
}

/** Counts attached files a turn could not count in the site's health, with the last one's reason (the turn itself was counted). */
export function noteSkippedAttachments(site: SiteId, codes: readonly AttachmentSkipCode[], at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    const skippedAttachments = { count: (known.skippedAttachments?.count ?? 0) + codes.length, code: codes[codes.length - 1]!, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, skippedAttachments } });
  });
}

/**
 * Counts a message from the site's pages that the worker refused (over a limit, or from a tab not on
 * the site's hosts) in the site's health, with the last one's error code. Nothing of it is recorded.
 */
export function noteRefused(site: SiteId, code: string, at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    const refused = { count: (known.refused?.count ?? 0) + 1, code, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, refused } });
  });
}

/**
 * Notes in the site's health work out of sight an answer showed that was not counted (unreadable, no
 * rule for the site, beyond the rule's range): the last of each kind, so the popup never shows "ok"
 * for an answer counted without it.
 */
export function noteUncountedWork(site: SiteId, work: readonly UncountedWork[], at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    const uncountedWork = { ...known.uncountedWork };
    for (const w of work) uncountedWork[w.kind] = { code: w.code, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, uncountedWork } });
  });
}

/** Notes in the site's health that an answer was counted on a history known to be incomplete: its history is a lower bound, never exact. */
export function noteIncompleteHistory(site: SiteId, at: number): Promise<void> {
  return queueWrite(async () => {
    const all = await siteHealthItem.getValue();
    const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
    await siteHealthItem.setValue({ ...all, [site]: { ...known, historyIncomplete: { at } } });
  });
}
