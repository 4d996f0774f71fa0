/**
 * Web search: the retrieved content of the searches an answer made, by the site's search rule
 * (data/hidden-work.json, `search`), and whether the provider keeps it in the conversation.
 */
import hiddenData from '../../../data/hidden-work.json';
import type { Result } from '../../core/errors';
import { estimateBy, isCount, refuse, type HiddenWorkError } from '../work/rules';

export type SearchBasis = 'published' | 'proxy';

export interface SearchRuleRow {
  id: string;
  tokens_per_search: number;
  basis: SearchBasis;
  source: string;
  derivation: string;
}

export interface SearchSiteRow {
  site: string;
  provider: string;
  rule: string;
  billing_source: string;
  /** Whether the retrieved text is read again as input on the conversation's later turns. */
  stays_in_context: boolean;
  context_source: string;
  context_note: string;
}

const SEARCH_RULES: readonly SearchRuleRow[] = hiddenData.search.rules as SearchRuleRow[];
const SEARCH_SITES: readonly SearchSiteRow[] = hiddenData.search.sites;
const searchRuleIndex = new Map(SEARCH_RULES.map((r) => [r.id, r]));
const searchSiteIndex = new Map(SEARCH_SITES.map((r) => [r.site, r]));

export interface SearchEstimate {
  kind: 'search';
  estimated: true;
  rule: string;
  source: string;
  basis: SearchBasis;
  site: string;
  searches: number;
  /** Retrieved content read as input by this turn. */
  input_tokens: number;
  /** Of those, the tokens every later turn of the conversation reads again (0 where the provider does not say they stay). */
  history_tokens: number;
  context_source: string;
}

/** The search rule and context rule of a site, or undefined for a site the table does not have. */
export const searchSite = (site: string): SearchSiteRow | undefined => searchSiteIndex.get(site);

/** Retrieved content of `searches` web searches (a whole number the page shows) on `site`. */
export function estimateSearch(site: string, searches: number): Result<SearchEstimate, HiddenWorkError> {
  const row = searchSiteIndex.get(site);
  if (!row) return refuse('NO_RULE', `No search rule for the site ${site}.`);
  if (!isCount(searches)) return refuse('INVALID_QUANTITY', `A number of searches must be a whole number from 1 (got ${searches}).`);
  const rule = searchRuleIndex.get(row.rule);
  if (!rule) throw new Error(`data/hidden-work.json has no search rule ${row.rule}`);
  const input = searches * rule.tokens_per_search;
  return estimateBy('search', rule, {
    basis: rule.basis,
    site,
    searches,
    input_tokens: input,
    history_tokens: row.stays_in_context ? input : 0,
    context_source: row.context_source,
  });
}
