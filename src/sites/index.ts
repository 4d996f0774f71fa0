/**
 * The site registry: each site's data module (src/sites/<site>/facts.ts, listed in ./list.ts: hosts,
 * model family, conversation URLs, selectors, version) and what is derived from them here: host -> site, labels, manifest
 * matches (src/sites/hosts.ts) and the site's model keys (src/sites/site-models.ts). It imports no
 * reader: a site's reader is imported only by its content script (entrypoints/<site>.content.ts).
 */
import type { SiteFacts } from './types';
import type { SiteId } from '../domain/site-ids';
import { SITE_LIST } from './list';

export type { PageMessage, Role, SiteAdapter, SiteFacts } from './types';
export { SITE_IDS, type SiteId } from '../domain/site-ids';

export const SITES: Readonly<Record<SiteId, SiteFacts>> = Object.fromEntries(SITE_LIST.map((s): [SiteId, SiteFacts] => [s.site, s])) as Record<
  SiteId,
  SiteFacts
>;

/** Each site as users know it: its main host without `www.` ("chatgpt.com", "kimi.com"). */
export const SITE_LABELS: Readonly<Record<SiteId, string>> = mapSites((s) => s.hosts[0]!.replace(/^www\./, ''));

let siteByHost: Map<string, SiteId> | undefined;

/** The site a page URL belongs to (its hostname is one of the site's declared hosts), or null. */
export function siteOfUrl(url: string | undefined): SiteId | null {
  if (!url) return null;
  let hostname: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return null;
    hostname = parsed.hostname;
  } catch {
    return null;
  }
  siteByHost ??= new Map(Object.values(SITES).flatMap((s) => s.hosts.map((host) => [host, s.site] as const)));
  return siteByHost.get(hostname.toLowerCase()) ?? null;
}

function mapSites<T>(fn: (facts: SiteFacts) => T): Record<SiteId, T> {
  return Object.fromEntries(Object.values(SITES).map((s) => [s.site, fn(s)])) as Record<SiteId, T>;
}
