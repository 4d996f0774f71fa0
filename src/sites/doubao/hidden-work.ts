/**
 * Doubao's work out of sight: a web search, shown as a search-results block with its source links, or
 * only by the thinking title's "参考 N 篇资料" (N sources consulted); the search results' links are not
 * always on the page. Loaded with the site's other lazy readers (./lazy-readers.ts).
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage } from '../types';
import { doubaoSite } from './facts';
import { countBefore, distinctSources } from '../hidden-work';

const { search: SEARCH, thinkingTitle: THINKING_TITLE } = doubaoSite.otherSelectors;

/** "参考 3 篇资料" (3 sources), "搜索 2 个关键词" (2 searches), or the English UI's "3 sources". */
const number = (text: string, zh: RegExp, en: string): number | undefined => {
  const m = zh.exec(text);
  return m ? Number(m[1]) : countBefore(text, en);
};

export function readHiddenWork({ role, element }: PageMessage): HiddenWorkShown | null {
  if (role !== 'assistant') return null;
  const block = element.querySelector(SEARCH);
  const said = `${block?.textContent ?? ''} ${Array.from(element.querySelectorAll(THINKING_TITLE), (t) => t.textContent ?? '').join(' ')}`;
  const sources = (block ? distinctSources(block.querySelectorAll('a[href]')) : 0) || number(said, /参考\s*(\d+)\s*篇/, 'sources');
  if (!block && !sources) return null;
  const searches = number(said, /搜索\s*(\d+)\s*个/, 'searches') || 1;
  return { search: { searches, ...(sources ? { sources } : {}) } };
}
