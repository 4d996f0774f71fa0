/**
 * Qwen's work out of sight: the web search an answer's footer shows as its sources row (a logo per
 * source it shows, then "+38" for the others). The pages it read are not on the page: the worker
 * estimates them from the count (src/core/hidden-work.ts). Loaded with the site's other lazy readers
 * (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';

const SOURCES_ROW = '.qwen-chat-search-card, .qwen-chat-package-comp-source-list';

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const row = element.querySelector(SOURCES_ROW);
  if (!row) return null;
  const logos = row.querySelectorAll('.qwen-chat-search-card-logo').length;
  const more = Number(/\+\s*(\d+)/.exec(row.querySelector('[class*="source-count"]')?.textContent ?? '')?.[1] ?? 0);
  const sources = logos + more;
  // A row whose count the reader cannot read still shows one search: its sources are left to the worker's rule.
  return { search: sources > 0 ? { searches: 1, sources } : { searches: 1 } };
}
