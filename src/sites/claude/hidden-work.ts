/**
 * Claude's work out of sight: web searches. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';

/** A web search block's toggle ("Searched the web"); its region, once opened, lists each query with its "N results". */
const SEARCHED = /\bsearched\b/i;
const RESULTS = /^\s*(\d+)\s*results?\s*$/i;
/**
 * A query row of a search block's region (the query, then its count of results): the block's shape,
 * whatever the language of its words. The words above are English only, so a page in another
 * language shows rows this reader cannot read: unreadable, never nothing.
 */
const QUERY_ROW = '[class*="group/row"]';

/**
 * Each "Searched the web" block, and where its region shows them, each query's "N results" (one
 * search each, their results the sources); a closed block is one search.
 */
export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const buttons = Array.from(element.querySelectorAll('button'));
  const toggles = buttons.filter((b) => SEARCHED.test(b.textContent ?? ''));
  if (toggles.length === 0) return buttons.some((b) => b.nextElementSibling?.querySelector(QUERY_ROW)) ? { unreadable: ['search'] } : null;
  const results = toggles.flatMap((t) =>
    Array.from(t.nextElementSibling?.querySelectorAll('*') ?? []).flatMap((el) =>
      el.children.length === 0 ? (RESULTS.exec(el.textContent ?? '') ?? []).slice(1) : [],
    ),
  );
  const sources = results.reduce((sum, n) => sum + Number(n), 0);
  return { search: results.length > 0 ? { searches: results.length, sources } : { searches: toggles.length } };
}
