/**
 * The site's lazily loaded readers (src/sites/lazy-readers.ts) as the tracker sees them: a
 * `lazyModule` (src/lazy/lazy-module.ts) asked to load when the page is first idle or a prompt is
 * sent, and read when an answer is counted, never while one streams. Until it has loaded the answer
 * waits, as it waits for a file still being read. A module that failed to load has failed for the
 * rest of the page: the work it would have read goes to the site's health as unreadable, never as a zero.
 */
import { HIDDEN_WORK_KINDS } from '../features/work/kinds';
import type { HiddenWorkShown } from '../domain/turns';
import { lazyModule, type LazyModule } from '../lazy/lazy-module';
import type { SiteAdapter } from '../sites/adapter';
import type { LazyReaders } from '../sites/lazy-readers';

export type LazySiteReaders = LazyModule<LazyReaders>;

/** The site's lazy readers module, loaded by `load` (an import of the extension's file). */
export const lazySiteReaders = (load: () => Promise<unknown>, site: string): LazySiteReaders =>
  lazyModule<LazyReaders>({ import: load, pick: (m) => m.readers as LazyReaders | undefined, name: `the ${site} readers module` });

/**
 * Who reads the work an answer shows and the files a sent prompt shows:
 * - `ready`: the adapter, with its lazily loaded readers joined in where it has them;
 * - `loading`: those are being imported (the answer waits);
 * - `failed`: they did not load; the reading is every kind of work unreadable, so the site's health
 *   says the work went uncounted.
 */
export type SiteReading =
  { readonly status: 'ready'; readonly adapter: SiteAdapter } | { readonly status: 'loading' } | { readonly status: 'failed'; readonly work: HiddenWorkShown };

const joined = new WeakMap<LazyReaders, SiteAdapter>();

/** The reading of a site whose readers are `lazy` (asked to load now, if they have not been). */
export function siteReading(adapter: SiteAdapter, lazy: LazySiteReaders | undefined): SiteReading {
  if (adapter.readHiddenWork || !adapter.lazyReaders || !lazy) return { status: 'ready', adapter };
  const state = lazy.load();
  switch (state.status) {
    case 'ready': {
      let whole = joined.get(state.value);
      if (!whole) joined.set(state.value, (whole = { ...adapter, ...state.value }));
      return { status: 'ready', adapter: whole };
    }
    case 'failed':
      return { status: 'failed', work: { unreadable: [...HIDDEN_WORK_KINDS] } };
    default:
      return { status: 'loading' };
  }
}
