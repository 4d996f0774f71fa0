/**
 * The site's lazily loaded readers (src/sites/lazy-readers.ts) as the tracker sees them: asked for
 * when a prompt is sent and when an answer is counted, never while one streams. The first ask starts
 * the import; until it settles the answer waits, as it waits for a file still being read. A module
 * that failed to load is 'failed' for the rest of the page: the work it would have read goes to
 * the site's health as unreadable (`hiddenWorkReader`, src/features/work/page.ts), never as a zero.
 */
import type { LazyReaders } from '../sites/lazy-readers';

export type LazyReadersState = LazyReaders | 'loading' | 'failed';

/** Asks for the readers: the state now, starting the import on the first ask. */
export type AskLazyReaders = () => LazyReadersState;

export function lazyReadersFrom(load: () => Promise<{ readers: LazyReaders }>): AskLazyReaders {
  let state: LazyReadersState | undefined;
  return () => {
    if (state === undefined) {
      state = 'loading';
      load().then(
        (m) => (state = m.readers ?? 'failed'),
        () => (state = 'failed'),
      );
    }
    return state;
  };
}
