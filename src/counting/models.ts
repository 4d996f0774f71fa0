/**
 * Which model a turn is counted with: the user's override, else the page's label, else the site's
 * default. A model the model table does not have is counted as `custom` with a rate of
 * data/custom-rates.json (sent as custom_wh_per_1k), named by the label or by the site.
 */
import siteModels from '../../data/site-models.json';
import { customRate } from '../core/custom-rates';
import type { SiteId } from '../domain/site-ids';
import { CUSTOM_KEY, siteCustomRate } from '../sites/site-models';

interface SiteModels {
  default: string;
  labels: Array<{ pattern: string; key: string; custom_rate?: string }>;
}

/** A model as a turn is counted with it: a key of the model table, and for `custom` its rate. */
export interface ResolvedModel {
  modelKey: string;
  /** Wh per 1,000 tokens, only when `modelKey` is `custom`. */
  customWhPer1k?: number;
}

const SITES = (siteModels as { sites: Record<SiteId, SiteModels> }).sites;
const compiled = new Map<SiteId, Array<{ re: RegExp; key: string; rate?: string }>>();

function patternsOf(site: SiteId) {
  let list = compiled.get(site);
  if (!list) {
    list = SITES[site].labels.map(({ pattern, key, custom_rate }) => ({ re: new RegExp(pattern, 'i'), key, rate: custom_rate }));
    compiled.set(site, list);
  }
  return list;
}

/** The user's override, else the first of the site's patterns the page label matches, else the site's default. */
export function resolveModel(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): ResolvedModel {
  const override = overrides[site];
  const match = override || !label ? undefined : patternsOf(site).find(({ re }) => re.test(label));
  const modelKey = override || (match?.key ?? SITES[site].default);
  if (modelKey !== CUSTOM_KEY) return { modelKey };
  const rate = match?.rate ? customRate(match.rate).wh_per_1k : siteCustomRate(site);
  if (rate === null) throw new Error(`data/site-models.json: ${site} counts custom without a custom_rate`);
  return { modelKey, customWhPer1k: rate };
}

/**
 * The page's label when no rule of the site knows it (and the user picked no model): its turn counts
 * with the site's default model, which the site's health says. Null when the label is known or absent.
 */
export function unknownModelLabel(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): string | null {
  if (overrides[site] || !label?.trim()) return null;
  return patternsOf(site).some(({ re }) => re.test(label)) ? null : label;
}

export function warmUpModelPatterns(): void {
  for (const site of Object.keys(SITES) as SiteId[]) patternsOf(site);
}
