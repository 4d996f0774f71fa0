/** Which model key a turn is counted with: the user's override, else the page's label, else the site's default. */
import siteModels from '../../data/site-models.json';
import type { SiteId } from '../sites/site-ids';

interface SiteModels {
  default: string;
  labels: Array<{ pattern: string; key: string }>;
}

const SITES = (siteModels as { sites: Record<SiteId, SiteModels> }).sites;
const compiled = new Map<SiteId, Array<{ re: RegExp; key: string }>>();

function patternsOf(site: SiteId) {
  let list = compiled.get(site);
  if (!list) {
    list = SITES[site].labels.map(({ pattern, key }) => ({ re: new RegExp(pattern, 'i'), key }));
    compiled.set(site, list);
  }
  return list;
}

export const defaultModelKey = (site: SiteId): string => SITES[site].default;

/** The model key for a page label, or null when no pattern of the site matches it. */
export function modelKeyForLabel(site: SiteId, label: string | null): string | null {
  if (!label) return null;
  return patternsOf(site).find(({ re }) => re.test(label))?.key ?? null;
}

export function resolveModelKey(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): string {
  return overrides[site] ?? modelKeyForLabel(site, label) ?? defaultModelKey(site);
}

export function warmUpModelPatterns(): void {
  for (const site of Object.keys(SITES) as SiteId[]) patternsOf(site);
}
