/**
 * The site registry: each site's facts (src/sites/<site>/facts.ts: hosts, label, model family,
 * conversation URLs, version) and what is derived from them here: host -> site, labels, manifest
 * matches (src/sites/hosts.ts) and the site's model keys (src/sites/site-models.ts). It imports no
 * reader: a site's reader is imported only by its content script (entrypoints/<site>.content.ts).
 */
import type { SiteFacts } from './adapter';
import type { SiteId } from '../domain/site-ids';
import { chatgptSite } from './chatgpt/facts';
import { claudeSite } from './claude/facts';
import { geminiSite } from './gemini/facts';
import { deepseekSite } from './deepseek/facts';
import { metaSite } from './meta/facts';
import { mistralSite } from './mistral/facts';
import { perplexitySite } from './perplexity/facts';
import { copilotSite } from './copilot/facts';
import { grokSite } from './grok/facts';
import { doubaoSite } from './doubao/facts';
import { poeSite } from './poe/facts';

export type { PageMessage, Role, SiteAdapter, SiteFacts } from './adapter';
export { SITE_IDS, type SiteId } from '../domain/site-ids';

export const SITES: Readonly<Record<SiteId, SiteFacts>> = {
  chatgpt: chatgptSite,
  claude: claudeSite,
  gemini: geminiSite,
  deepseek: deepseekSite,
  meta: metaSite,
  mistral: mistralSite,
  perplexity: perplexitySite,
  copilot: copilotSite,
  grok: grokSite,
  doubao: doubaoSite,
  poe: poeSite,
};

/** Each site as users know it ("chatgpt.com"). */
export const SITE_LABELS: Readonly<Record<SiteId, string>> = mapSites((s) => s.label);

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
