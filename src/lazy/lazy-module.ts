/**
 * A module the page imports only when it is first needed (an ES module of the extension, built by
 * scripts/build/lazy-modules.ts), as one state machine:
 *
 *   idle --load()--> loading --imported, `pick` finds its export--> ready (the value)
 *                            --import failed, or no such export---> failed (the error)
 *
 * `ready` and `failed` are final: a module that failed is not imported again on this page, so what
 * it would have read is reported as unreadable once, not retried on every answer. Calls made before
 * it is ready (`whenReady`) are kept and replayed in order once it is, and dropped if it fails.
 *
 * The caller writes the import itself, as `() => import(chrome.runtime.getURL('/<file>'))`:
 * Firefox's add-on linter accepts a dynamic import only of a literal or of that call
 * (eslint-plugin-no-unsanitized's escape list in mozilla/addons-linter, src/const.js).
 */

export type LazyState<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'failed'; readonly error: unknown };

export interface LazyModule<T> {
  /** Where the module stands now. */
  state(): LazyState<T>;
  /** Starts the import if it has not started, and says where the module stands. */
  load(): LazyState<T>;
  /** The module's value, starting the import if needed; rejects with the error when it failed. */
  value(): Promise<T>;
  /** Calls `call` with the value: at once when ready, else in order once it is (without starting the import); never when it failed. */
  whenReady(call: (value: T) => void): void;
}

export interface LazyModuleOptions<T> {
  /** Imports the module (see above for how). */
  import: () => Promise<unknown>;
  /** The export the module is loaded for; undefined when the module lacks it (it then fails). */
  pick: (module: Record<string, unknown>) => T | undefined;
  /** Named in the error when the module lacks its export. */
  name: string;
  /** Told once when the module fails (calls kept for it are dropped). */
  onFailure?: (error: unknown) => void;
}

export function lazyModule<T>({ import: load, pick, name, onFailure }: LazyModuleOptions<T>): LazyModule<T> {
  let state: LazyState<T> = { status: 'idle' };
  let kept: Array<(value: T) => void> = [];
  let settled: Promise<T> | undefined;

  const start = (): Promise<T> =>
    (settled ??= (async () => {
      state = { status: 'loading' };
      try {
        const value = pick(((await load()) ?? {}) as Record<string, unknown>);
        if (value === undefined) throw new Error(`${name} exports nothing to load it for`);
        state = { status: 'ready', value };
        const calls = kept;
        kept = [];
        for (const call of calls) call(value);
        return value;
      } catch (error) {
        state = { status: 'failed', error };
        kept = [];
        onFailure?.(error);
        throw error;
      }
    })());

  return {
    state: () => state,
    load: () => {
      // A failure is a state here, read by the caller; the promise's rejection is for value().
      if (state.status === 'idle') start().catch(() => undefined);
      return state;
    },
    value: start,
    whenReady: (call) => {
      if (state.status === 'ready') call(state.value);
      else if (state.status !== 'failed') kept.push(call);
    },
  };
}
