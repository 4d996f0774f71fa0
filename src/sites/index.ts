/**
 * The site registry. Each site module declares its facts (hosts, label, model family, conversation
 * URLs, version); everything else is derived here: host -> adapter, labels, manifest matches
 * (src/sites/hosts.ts) and the site's model keys (src/sites/site-models.ts).
 *
 * Derived constants are marked pure so a bundle that only needs the facts (the popup) drops the
 * adapters' selector code.
 */
import type { SiteAdapter, SiteFacts } from './adapter';
import type { SiteId } from '../domain/site-ids';
import { chatgpt, chatgptSite } from './chatgpt';
import { claude, claudeSite } from './claude';
import { gemini, geminiSite } from './gemini';
import { deepseek, deepseekSite } from './deepseek';
import { meta, metaSite } from './meta';
import { mistral, mistralSite } from './mistral';
import { perplexity, perplexitySite } from './perplexity';
import { copilot, copilotSite } from './copilot';
import { grok, grokSite } from './grok';

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
};

export const ADAPTERS: Readonly<Record<SiteId, SiteAdapter>> = { chatgpt, claude, gemini, deepseek, meta, mistral, perplexity, copilot, grok };

/** Each site as users know it ("chatgpt.com"). */
export const SITE_LABELS: Readonly<Record<SiteId, string>> = /* @__PURE__ */ mapSites((s) => s.label);

let byHost: Map<string, SiteAdapter> | undefined;

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  byHost ??= new Map(Object.values(ADAPTERS).flatMap((a) => a.hosts.map((host) => [host, a] as const)));
  return byHost.get(hostname.toLowerCase()) ?? null;
}

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
