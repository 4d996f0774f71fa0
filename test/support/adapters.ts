/**
 * Every site's adapter, for tests and benches that run them all, found from the site list
 * (src/sites/list.ts): each site's reader module, src/sites/<site>/reader.ts, exports its adapter.
 * The site's lazily loaded readers (src/sites/<site>/lazy-readers.ts) are joined in as the content
 * script joins them once loaded. Production code never needs them together: each content script
 * imports only its own site's reader.
 */
import type { SiteAdapter } from '../../src/sites/adapter';
import type { LazyReaders } from '../../src/sites/lazy-readers';
import { SITE_IDS, type SiteId } from '../../src/domain/site-ids';

const readers = import.meta.glob<Record<string, SiteAdapter>>('../../src/sites/*/reader.ts', { eager: true });
const lazy = import.meta.glob<{ readers: LazyReaders }>('../../src/sites/*/lazy-readers.ts', { eager: true });

function adapterOf(site: SiteId): SiteAdapter {
  const module = readers[`../../src/sites/${site}/reader.ts`];
  const adapter = module && Object.values(module).find((v): v is SiteAdapter => typeof v === 'object' && v !== null && (v as SiteAdapter).site === site);
  if (!adapter) throw new Error(`src/sites/${site}/reader.ts exports no adapter for ${site}`);
  // The same objects the site tests import from each reader, so a test holding one reader sees the readers joined too.
  const loaded = lazy[`../../src/sites/${site}/lazy-readers.ts`];
  if (loaded) Object.assign(adapter, loaded.readers);
  return adapter;
}

export const ADAPTERS: Readonly<Record<SiteId, SiteAdapter>> = Object.fromEntries(SITE_IDS.map((site) => [site, adapterOf(site)])) as Record<
  SiteId,
  SiteAdapter
>;

let byHost: Map<string, SiteAdapter> | undefined;

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  byHost ??= new Map(Object.values(ADAPTERS).flatMap((a) => a.hosts.map((host) => [host, a] as const)));
  return byHost.get(hostname.toLowerCase()) ?? null;
}
