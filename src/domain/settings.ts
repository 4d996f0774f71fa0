/** The user's settings. Stored as the `settings` item (src/storage/items.ts). */
import { DEFAULT_REGION } from '../core/tables';
import { DEFAULT_BUDGET, type BudgetSetting } from './budget';
import type { SiteId } from './site-ids';

export interface Settings {
  /** Region key for new turns (a key of data/regions.json). */
  region: string;
  /** Count the conversation history the model re-reads as input. */
  countHistory: boolean;
  /** Count hidden reasoning estimated from the duration a page shows (output tokens, marked as estimated). */
  estimateReasoning: boolean;
  /** Per-site model key chosen by the user, overriding what the page shows. */
  modelOverrides: Partial<Record<SiteId, string>>;
  /** Per site, whether the footprint label shows under each counted answer on the chat page. Absent: on. */
  pageLabels: Partial<Record<SiteId, boolean>>;
  /** Remote mode: compute with the user's Footprint Calculation Service. The API key is stored separately. */
  remote: { enabled: boolean; baseUrl: string };
  /** The weekly energy budget (src/domain/budget.ts); off by default. */
  budget: BudgetSetting;
  /**
   * What is counted beyond a turn's text, each switch on by default: attached files, and the work the
   * page shows was done out of sight (searches, research runs, voice audio, generated videos). Off:
   * the turn is counted as it would be without it.
   */
  countExtras: CountExtras;
  /**
   * Per site, the user's plan where the site publishes a context window per plan (src/core/context-windows.ts,
   * data/context-windows.json). Absent: the site's most common plan (`default_plan`), which the popup names.
   */
  plans: Partial<Record<SiteId, string>>;
}

/** The parts of a turn beyond its text that the Counting settings switch (TurnExtras and the video records). */
export const EXTRA_KINDS = ['attachments', 'search', 'research', 'voice', 'video'] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];
export type CountExtras = Record<ExtraKind, boolean>;
export const DEFAULT_COUNT_EXTRAS: CountExtras = { attachments: true, search: true, research: true, voice: true, video: true };

export const DEFAULT_SETTINGS: Settings = {
  region: DEFAULT_REGION,
  countHistory: true,
  estimateReasoning: true,
  modelOverrides: {},
  pageLabels: {},
  remote: { enabled: false, baseUrl: '' },
  budget: DEFAULT_BUDGET,
  countExtras: DEFAULT_COUNT_EXTRAS,
  plans: {},
};
