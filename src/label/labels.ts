/**
 * What the content script holds of the page labels (./page-labels.ts) before and after their module
 * loads (./lazy-labels.ts), and what both need to know of the worker's replies. Kept apart so the
 * loader never imports the labels' module, not even for a type.
 */
import type { PageEvent } from '../tracking/page-events';

/** The page labels as the tracker's channel and the site switch reach them. */
export interface Labels {
  onEvent(event: PageEvent): void;
  setEnabled(on: boolean): void;
}

/** Failures the outbox resends on its own (the worker was asleep or restarting): not a verdict yet. */
export const TRANSIENT = new Set(['NO_RECEIVER', 'SEND_FAILED']);
