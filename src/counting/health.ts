/**
 * Site health as the content scripts report it, stored for the popup (the `siteHealth` item), and
 * the notes the worker adds to it about answers it counted: each a change to one site's record,
 * made in the worker's write queue.
 */
import type { AttachmentSkipCode } from '../features/attachments/codes';
import type { SiteHealth } from '../domain/turns';
import type { UncountedWork } from '../features/work/count';
import type { SiteId } from '../domain/site-ids';
import { siteHealthItem } from '../storage/items';
import type { WriteQueue } from '../storage/write-queue';

export interface SiteHealthRecords {
  /** Stores a page's report: the newest per site (reports can arrive out of order from several tabs), with the notes about answers kept. */
  write(health: SiteHealth): Promise<void>;
  /** A reasoning duration label could not be read (so nothing was estimated). */
  noteUnreadableReasoning(site: SiteId, label: string, at: number): Promise<void>;
  /** A model label no rule knows was counted with the site's default model. */
  noteUnknownModelLabel(site: SiteId, label: string, at: number): Promise<void>;
  /** Counts attached files a turn could not count, with the last one's reason (the turn itself was counted). */
  noteSkippedAttachments(site: SiteId, codes: readonly AttachmentSkipCode[], at: number): Promise<void>;
  /**
   * Counts a message from the site's pages that the worker refused (over a limit, or from a tab not
   * on the site's hosts), with the last one's error code. Nothing of it is recorded.
   */
  noteRefused(site: SiteId, code: string, at: number): Promise<void>;
  /**
   * Work out of sight an answer showed that was not counted (unreadable, no rule for the site,
   * beyond the rule's range): the last of each kind, so the popup never shows "ok" for an answer
   * counted without it.
   */
  noteUncountedWork(site: SiteId, work: readonly UncountedWork[], at: number): Promise<void>;
  /** An answer was counted on a history known to be incomplete: its history is a lower bound, never exact. */
  noteIncompleteHistory(site: SiteId, at: number): Promise<void>;
}

export function createSiteHealth(writes: WriteQueue): SiteHealthRecords {
  /** Changes the site's record (an "ok" one when the site has none yet). */
  const note = (site: SiteId, at: number, change: (known: SiteHealth) => Partial<SiteHealth>): Promise<void> =>
    writes.run(async () => {
      const all = await siteHealthItem.getValue();
      const known: SiteHealth = all[site] ?? { site, status: 'ok', reason: null, at };
      await siteHealthItem.setValue({ ...all, [site]: { ...known, ...change(known) } });
    });

  return {
    write: (health) =>
      writes.run(async () => {
        const all = await siteHealthItem.getValue();
        const known = all[health.site];
        if (known && known.at > health.at) return;
        // A new report keeps the notes about answers (they are not about the page).
        const note = {
          ...(known?.unreadableReasoningLabel ? { unreadableReasoningLabel: known.unreadableReasoningLabel } : {}),
          ...(known?.refused ? { refused: known.refused } : {}),
          ...(known?.uncountedWork ? { uncountedWork: known.uncountedWork } : {}),
          ...(known?.skippedAttachments ? { skippedAttachments: known.skippedAttachments } : {}),
          ...(known?.historyIncomplete ? { historyIncomplete: known.historyIncomplete } : {}),
          ...(known?.unknownModelLabel ? { unknownModelLabel: known.unknownModelLabel } : {}),
        };
        await siteHealthItem.setValue({ ...all, [health.site]: { ...health, ...note } });
      }),
    noteUnreadableReasoning: (site, label, at) => note(site, at, () => ({ unreadableReasoningLabel: label })),
    noteUnknownModelLabel: (site, label, at) => note(site, at, () => ({ unknownModelLabel: { label, at } })),
    noteSkippedAttachments: (site, codes, at) =>
      note(site, at, (known) => ({ skippedAttachments: { count: (known.skippedAttachments?.count ?? 0) + codes.length, code: codes[codes.length - 1]!, at } })),
    noteRefused: (site, code, at) => note(site, at, (known) => ({ refused: { count: (known.refused?.count ?? 0) + 1, code, at } })),
    noteUncountedWork: (site, work, at) =>
      note(site, at, (known) => {
        const uncountedWork = { ...known.uncountedWork };
        for (const w of work) uncountedWork[w.kind] = { code: w.code, at };
        return { uncountedWork };
      }),
    noteIncompleteHistory: (site, at) => note(site, at, () => ({ historyIncomplete: { at } })),
  };
}
