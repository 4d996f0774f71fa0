/**
 * The work an answer's page shows was done out of sight (`readHiddenWork`, src/sites/adapter.ts),
 * over all the answer's parts. Read when the answer is counted and when the counted answer is looked
 * at again for a revision, never while it streams.
 */
import type { HiddenWorkShown } from '../../domain/turns';
import type { PageMessage, SiteAdapter } from '../../sites/adapter';
import type { LazyModule } from '../../domain/lazy-module';
import type { LazyReaders } from '../../sites/lazy-readers';

type Kind = Exclude<keyof HiddenWorkShown, 'unreadable'>;
const KINDS: readonly Kind[] = ['search', 'research', 'voice', 'videos'];

/**
 * Each kind from the first part that shows it: a ChatGPT answer's first part reads its whole turn,
 * which holds the later parts too, so adding the parts up would count their sources twice. A
 * research run's own searches are part of the run (read or not): a search shown beside it is not
 * counted again.
 * Undefined when no part shows any.
 */
export function hiddenWorkOf(adapter: SiteAdapter, parts: readonly PageMessage[], doc: Document): HiddenWorkShown | undefined {
  if (!adapter.readHiddenWork) return undefined;
  const out: Record<string, unknown> = {};
  const unreadable = new Set<string>();
  for (const part of parts) {
    const read = adapter.readHiddenWork(part, doc);
    if (!read) continue;
    for (const kind of KINDS) if (read[kind] !== undefined) out[kind] ??= read[kind];
    for (const kind of read.unreadable ?? []) unreadable.add(kind);
  }
  if (out.research || unreadable.has('research')) delete out.search;
  if (unreadable.size > 0) out.unreadable = [...unreadable];
  return Object.keys(out).length > 0 ? (out as HiddenWorkShown) : undefined;
}

/**
 * Who reads the work an answer shows (and the files a sent prompt shows): the adapter itself, else
 * the adapter with its lazily loaded readers (src/sites/lazy-readers.ts), whose import the first ask
 * starts; 'loading' until they are in. A module that failed to load stays 'failed' for the page: its
 * work reads as every kind unreadable, so the site's health says it went uncounted, never a zero.
 */
export function hiddenWorkReader(adapter: SiteAdapter, lazy: LazyModule<LazyReaders> | undefined): SiteAdapter | 'loading' | 'failed' {
  if (adapter.readHiddenWork || !adapter.lazyReaders || !lazy) return adapter;
  const readers = lazy.load();
  if (readers.is === 'ready') return { ...adapter, ...readers.value };
  return readers.is === 'failed' ? 'failed' : 'loading';
}

/** The figures of a reading, in a fixed order, to tell whether a later reading shows more. */
const figures = (w: HiddenWorkShown | undefined): number[] =>
  [
    w?.search?.searches,
    w?.search?.sources,
    w?.research?.runs,
    w?.research?.sources,
    w?.research?.searches,
    w?.research?.seconds,
    w?.voice?.exchanges.length,
    w?.videos?.length,
    w?.unreadable?.length,
  ].map((n) => n ?? 0);

/**
 * Whether the page now shows more out-of-sight work than was sent (sources that appeared after the
 * answer was counted, a search block opened to its results). Less is never a change: a virtual list
 * that unmounted part of the answer does not take work back.
 */
export function hiddenWorkGrew(before: HiddenWorkShown | undefined, now: HiddenWorkShown | undefined): boolean {
  const was = figures(before);
  return figures(now).some((n, i) => n > was[i]);
}
