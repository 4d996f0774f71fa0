/**
 * Kimi's work out of sight: each web search block in an answer (`.toolcall-web_search`, titled
 * "Search（10 results）", "搜索网页（10 个结果）") is one search, its results the sources it read;
 * without a count in the title, the distinct sources its citations link to. The pages it read are
 * not on the page: the worker estimates them from these (src/core/hidden-work.ts). Loaded with the
 * site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { distinctSources } from '../hidden-work';

const SEARCH = '.toolcall-container.toolcall-web_search, [class*="toolcall-web_search"]';
const CITATION = 'a.pua-ref-cite-tag[href]';
/** The results a title states, in half- or full-width parentheses, in any of the UI's languages: "（10 results）", "（10 个结果）". */
const RESULTS = /(\d[\d,]*)\s*(?:results?|个结果|個結果|件の結果|개 결과|résultats?|ergebnisse?|resultados?)/i;

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const blocks = element.querySelectorAll(SEARCH);
  const citations = element.querySelectorAll(CITATION);
  if (blocks.length === 0 && citations.length === 0) return null;
  const stated = Array.from(blocks, (b) => RESULTS.exec(b.textContent ?? '')?.[1]).filter((n): n is string => n !== undefined);
  const sources = stated.length > 0 ? stated.reduce((sum, n) => sum + Number(n.replace(/\D/g, '')), 0) : distinctSources(citations) || undefined;
  return { search: { searches: Math.max(blocks.length, 1), ...(sources ? { sources } : {}) } };
}
