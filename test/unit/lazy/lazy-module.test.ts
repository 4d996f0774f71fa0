/**
 * The one lazy loader's state machine (src/lazy/lazy-module.ts): idle, loading, then ready or
 * failed for good; calls kept while it loads are replayed in order, and dropped when it fails.
 * The import is a function the test controls, as the content script's is a native import().
 */
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../../../src/lazy/lazy-module';

/** An import the test settles by hand. */
function deferredImport() {
  let resolve!: (m: unknown) => void;
  let reject!: (e: unknown) => void;
  const load = vi.fn(
    () =>
      new Promise<unknown>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { load, resolve: (m: unknown) => resolve(m), reject: (e: unknown) => reject(e) };
}

const pickReader = (m: Record<string, unknown>) => m.reader as { read(): string } | undefined;

describe('lazyModule', () => {
  it('is idle until asked, loading once asked (one import however often), then ready with the export it picks', async () => {
    const imp = deferredImport();
    const lazy = lazyModule({ import: imp.load, pick: pickReader, name: 'the reader' });
    expect(lazy.state()).toEqual({ status: 'idle' });
    expect(imp.load).not.toHaveBeenCalled();
    expect(lazy.load()).toEqual({ status: 'loading' });
    expect(lazy.load()).toEqual({ status: 'loading' });
    const reader = { read: () => 'text' };
    imp.resolve({ reader });
    await expect(lazy.value()).resolves.toBe(reader);
    expect(lazy.state()).toEqual({ status: 'ready', value: reader });
    expect(imp.load).toHaveBeenCalledTimes(1);
  });

  it('replays the calls made before it was ready, in order, then calls at once', async () => {
    const imp = deferredImport();
    const lazy = lazyModule({ import: imp.load, pick: pickReader, name: 'the reader' });
    const seen: string[] = [];
    lazy.whenReady((r) => seen.push(`1:${r.read()}`));
    // Kept while idle without starting the import.
    expect(imp.load).not.toHaveBeenCalled();
    lazy.load();
    lazy.whenReady((r) => seen.push(`2:${r.read()}`));
    expect(seen).toEqual([]);
    imp.resolve({ reader: { read: () => 'x' } });
    await lazy.value();
    expect(seen).toEqual(['1:x', '2:x']);
    lazy.whenReady((r) => seen.push(`3:${r.read()}`));
    expect(seen).toEqual(['1:x', '2:x', '3:x']);
  });

  it('fails for good when the import fails: kept calls dropped, told once, never imported again', async () => {
    const imp = deferredImport();
    const onFailure = vi.fn();
    const lazy = lazyModule({ import: imp.load, pick: pickReader, name: 'the reader', onFailure });
    const call = vi.fn();
    lazy.whenReady(call);
    lazy.load();
    const error = new Error('blocked');
    imp.reject(error);
    await expect(lazy.value()).rejects.toBe(error);
    expect(lazy.state()).toEqual({ status: 'failed', error });
    expect(lazy.load()).toEqual({ status: 'failed', error });
    lazy.whenReady(call);
    expect(call).not.toHaveBeenCalled();
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(imp.load).toHaveBeenCalledTimes(1);
  });

  it('fails when the module lacks the export it is loaded for, naming the module', async () => {
    const imp = deferredImport();
    const lazy = lazyModule({ import: imp.load, pick: pickReader, name: 'the reader module' });
    const loaded = lazy.value();
    imp.resolve({ other: 1 });
    await expect(loaded).rejects.toThrow('the reader module');
    expect(lazy.state().status).toBe('failed');
  });
});
