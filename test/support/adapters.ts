/**
 * Every site's adapter, for tests and benches that run them all, found from the site list
 * (src/sites/list.ts): each site's reader module, src/sites/<site>/reader.ts, exports its adapter.
 * Production code never needs them together: each content script imports only its own site's reader.
 *
 * A site's lazily loaded readers (src/sites/<site>/lazy-readers.ts) come through the loader the
 * content script uses (`lazyModule`, src/domain/lazy-module.ts): `lazyReadersOf` hands a
 * tracker that loader, and `READERS` holds each adapter with its readers joined as the tracker
 * joins them once loaded (`hiddenWorkReader`, src/features/work/page.ts). The adapters themselves
 * are never changed.
 */
import type { SiteAdapter } from '../../src/sites/adapter';
import type { LazyReaders } from '../../src/sites/lazy-readers';
import { hiddenWorkReader } from '../../src/features/work/page';
import { lazyModule, type LazyModule } from '../../src/domain/lazy-module';
import { SITE_IDS, type SiteId } from '../../src/domain/site-ids';

const readers = import.meta.glob<Record<string, SiteAdapter>>('../../src/sites/*/reader.ts', { eager: true });
/** Imported when first asked for, as the content script imports the built module. */
const lazyModules = import.meta.glob<{ readers: LazyReaders }>('../../src/sites/*/lazy-readers.ts');

function adapterOf(site: SiteId): SiteAdapter {
  const module = readers[`../../src/sites/${site}/reader.ts`];
  const adapter = module && Object.values(module).find((v): v is SiteAdapter => typeof v === 'object' && v !== null && (v as SiteAdapter).site === site);
  if (!adapter) throw new Error(`src/sites/${site}/reader.ts exports no adapter for ${site}`);
  return adapter;
}

/** Each site's adapter as its content script holds it (its lazy readers not joined). */
export const ADAPTERS: Readonly<Record<SiteId, SiteAdapter>> = Object.fromEntries(SITE_IDS.map((site) => [site, adapterOf(site)])) as Record<
  SiteId,
  SiteAdapter
>;

/** The site's lazy readers behind the content script's loader (undefined for a site without them): pass to createPageTracker. */
export function lazyReadersOf(site: SiteId): LazyModule<LazyReaders> | undefined {
  const load = lazyModules[`../../src/sites/${site}/lazy-readers.ts`];
  return ADAPTERS[site].lazyReaders && load ? lazyModule(load, 'readers') : undefined;
}

/**
 * The adapter joined with its lazy readers by the tracker's own path, once the loader has them. The
 * wait is on the module's import, never a timer (a test may fake them).
 */
async function loaded(site: SiteId): Promise<SiteAdapter> {
  const lazy = lazyReadersOf(site);
  await lazy?.value();
  const reader = hiddenWorkReader(ADAPTERS[site], lazy);
  if (typeof reader === 'string') throw new Error(`the lazy readers of ${site} are ${reader}`);
  return reader;
}

/** Each site's adapter with its lazy readers loaded and joined, for tests of what the readers read. */
export const READERS: Readonly<Record<SiteId, SiteAdapter>> = Object.fromEntries(
  await Promise.all(SITE_IDS.map(async (site) => [site, await loaded(site)] as const)),
) as Record<SiteId, SiteAdapter>;

let byHost: Map<string, SiteAdapter> | undefined;

/** The adapter for a page's hostname, or null when the extension does not track that host. */
export function adapterForHost(hostname: string): SiteAdapter | null {
  byHost ??= new Map(Object.values(ADAPTERS).flatMap((a) => a.hosts.map((host) => [host, a] as const)));
  return byHost.get(hostname.toLowerCase()) ?? null;
}
