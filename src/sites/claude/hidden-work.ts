/**
 * Claude's work out of sight: web searches. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';

/** A web search block's toggle ("Searched the web"); its region, once opened, lists each query with its "N results". */
const SEARCHED = /\bsearched\b/i;
const RESULTS = /^\s*(\d+)\s*results?\s*$/i;

/**
 * Each "Searched the web" block, and where its region shows them, each query's "N results" (one
 * search each, their results the sources); a closed block is one search.
 */
export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const toggles = Array.from(element.querySelectorAll('button')).filter((b) => SEARCHED.test(b.textContent ?? ''));
  if (toggles.length === 0) return null;
  const results = toggles.flatMap((t) =>
    Array.from(t.nextElementSibling?.querySelectorAll('*') ?? []).flatMap((el) =>
      el.children.length === 0 ? (RESULTS.exec(el.textContent ?? '') ?? []).slice(1) : [],
    ),
  );
  const sources = results.reduce((sum, n) => sum + Number(n), 0);
  return { search: results.length > 0 ? { searches: results.length, sources } : { searches: toggles.length } };
}
