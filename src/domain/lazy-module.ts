/**
 * A module of the extension the page imports only when it first needs it (built by
 * scripts/build/lazy-modules.ts), as one state machine:
 *
 *   idle --load--> loading --imported, with the export--> ready (the export)
 *                          --import failed, or no export--> failed
 *
 * `ready` and `failed` are final: a module that failed is not imported again on this page, so what
 * it would have read is reported as unreadable once, not retried on every answer. Calls made before
 * it is ready (`whenReady`) are kept and replayed in order the moment it is, and dropped if it fails;
 * a kept call must not throw.
 *
 * The caller writes the import itself, as `() => import(chrome.runtime.getURL('/<file>'))`:
 * Firefox's add-on linter accepts a dynamic import only of a literal or of that call
 * (eslint-plugin-no-unsanitized's escape list in mozilla/addons-linter, src/const.js), and
 * `@vite-ignore` keeps the bundler from resolving or inlining it.
 */

/** Where the module stands (`is`); the error of a failed one goes to those who asked for its `value`. */
export type LazyState<T> = { readonly is: 'idle' | 'loading' | 'failed' } | { readonly is: 'ready'; readonly value: T };

export interface LazyModule<T> {
  /** Where the module stands now; never starts the import. */
  readonly state: () => LazyState<T>;
  /** Starts the import unless it has started, and says where the module stands. */
  readonly load: () => LazyState<T>;
  /** The export, starting the import unless it has started; rejects with the error when the module failed. */
  readonly value: () => Promise<T>;
  /** Calls `call` with the export: now when ready, in order once it is, never when the module failed. Starts nothing. */
  readonly whenReady: (call: (value: T) => void) => void;
}

/** The module `load` imports, for its export `exported`: a module without that export fails like a failed import (the error names the export). */
export function lazyModule<M, K extends keyof M & string>(load: () => Promise<M>, exported: K): LazyModule<NonNullable<M[K]>> {
  type T = NonNullable<M[K]>;
  let state: LazyState<T> = { is: 'idle' };
  let kept: Array<(value: T) => void> = [];
  let loading: Promise<T> | undefined;
  const value = (): Promise<T> =>
    (loading ??= (async () => {
      state = { is: 'loading' };
      let found: M[K] | undefined;
      try {
        // Inside the async function, an import that throws at once (the extension reloaded) is a failure too.
        // An export is an object, a function or a class: never falsy.
        if (!(found = (await load())?.[exported])) throw new Error(exported);
      } catch (error) {
        state = { is: 'failed' };
        kept = [];
        throw error;
      }
      state = { is: 'ready', value: found };
      kept.splice(0).forEach((call) => call(found));
      return found;
    })());

  return {
    state: () => state,
    // A failure is a state here, read through `state`; the rejection is for those who asked for `value`.
    load: () => (value().catch(() => {}), state),
    value,
    whenReady: (call) => {
      if (state.is === 'ready') call(state.value);
      else if (state.is !== 'failed') kept.push(call);
    },
  };
}
