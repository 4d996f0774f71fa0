/**
 * The model keys a site can be counted with, derived from data: the keys of the site's model family
 * in data/models.json, plus the unprefixed keys data/site-models.json names for the site (OpenAI's
 * o-series on chatgpt.com). Only token-priced keys: images have their own model.
 */
import siteModels from '../../data/site-models.json';
import { customRate } from '../core/custom-rates';
import { MODELS, type ModelRow } from '../core/tables';
import { SITES } from './index';
import type { SiteId } from '../domain/site-ids';

const SITE_TABLE = (siteModels as { sites: Record<SiteId, { default: string; labels: Array<{ key: string }>; custom_rate?: string }> }).sites;

/** The model key for a model the table does not have; its rate comes from data/custom-rates.json. */
export const CUSTOM_KEY = 'custom';

/** The id of the site's own custom rate (data/custom-rates.json), for `custom` as its default or as an override; null when it has none. */
export const siteCustomRateId = (site: SiteId): string | null => SITE_TABLE[site].custom_rate ?? null;

/** The site's own custom rate (Wh per 1,000 tokens), for `custom` as its default or as an override; null when it has none. */
export function siteCustomRate(site: SiteId): number | null {
  const id = siteCustomRateId(site);
  return id ? customRate(id).wh_per_1k : null;
}

/** The keys data/site-models.json names for a site: its default and every label's key. */
function namedModelKeys(site: SiteId): Set<string> {
  const row = SITE_TABLE[site];
  return new Set([row.default, ...row.labels.map((l) => l.key)]);
}

/** The site's token-priced model rows, in the model table's order. */
export function modelRowsFor(site: SiteId): ModelRow[] {
  const family = `${SITES[site].modelFamily}-`;
  const named = namedModelKeys(site);
  return MODELS.filter((m) => m.unit === 'wh_per_1k_tokens' && (m.key.startsWith(family) || named.has(m.key)));
}
