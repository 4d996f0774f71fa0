/**
 * The one loader of the modules a page imports when first needed (src/domain/lazy-module.ts): idle
 * until asked, loading once however often it is asked, ready with the module's export (the calls
 * kept meanwhile replayed in order) or failed for good (a failed import, or a module without the
 * export), the kept calls then dropped.
 */
import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from '../../../src/domain/lazy-module';

interface Reader {
  read(text: string): number;
}
type ReaderModule = { reader?: Reader };

/** An import the test settles. */
function pendingImport() {
  let settle!: { resolve: (m: ReaderModule) => void; reject: (e: Error) => void };
  const load = vi.fn(() => new Promise<ReaderModule>((resolve, reject) => (settle = { resolve, reject })));
  return { load, settle: () => settle };
}

const reader: Reader = { read: (text) => text.length };

describe('lazyModule', () => {
  it('is idle and imports nothing until it is loaded or its value asked for', () => {
    const { load } = pendingImport();
    const module = lazyModule(load, 'reader');
    const kept: number[] = [];
    module.whenReady(() => kept.push(1));
    expect(module.state()).toEqual({ is: 'idle' });
    expect(load).not.toHaveBeenCalled();
    expect(kept).toEqual([]);
  });

  it('imports once however often it is asked, and is ready with the export', async () => {
    const { load, settle } = pendingImport();
    const module = lazyModule(load, 'reader');
    expect(module.load()).toEqual({ is: 'loading' });
    expect(module.load()).toEqual({ is: 'loading' });
    const value = module.value();
    settle().resolve({ reader });
    await expect(value).resolves.toBe(reader);
    expect(module.state()).toEqual({ is: 'ready', value: reader });
    expect(module.load()).toEqual({ is: 'ready', value: reader });
    await expect(module.value()).resolves.toBe(reader);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('replays the calls kept while idle or loading in order the moment it is ready, then calls at once', async () => {
    const { load, settle } = pendingImport();
    const module = lazyModule(load, 'reader');
    const seen: string[] = [];
    module.whenReady((r) => seen.push(`a:${r.read('a')}`));
    module.load();
    module.whenReady((r) => seen.push(`bb:${r.read('bb')}`));
    module.whenReady((r) => seen.push(`ccc:${r.read('ccc')}`));
    expect(seen).toEqual([]);
    settle().resolve({ reader });
    await module.value();
    expect(seen).toEqual(['a:1', 'bb:2', 'ccc:3']);
    module.whenReady((r) => seen.push(`dddd:${r.read('dddd')}`));
    expect(seen.at(-1)).toBe('dddd:4');
  });

  it('fails for good when the import fails: the kept calls are dropped and it is never imported again', async () => {
    const { load, settle } = pendingImport();
    const module = lazyModule(load, 'reader');
    const kept = vi.fn();
    module.whenReady(kept);
    const value = module.value();
    settle().reject(new Error('blocked'));
    await expect(value).rejects.toThrow('blocked');
    expect(module.state()).toEqual({ is: 'failed' });
    module.whenReady(kept);
    expect(module.load()).toMatchObject({ is: 'failed' });
    await expect(module.value()).rejects.toThrow('blocked');
    expect(kept).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails when the module loads without the export it is loaded for, naming the export', async () => {
    const module = lazyModule(async (): Promise<ReaderModule> => ({}), 'reader');
    const kept = vi.fn();
    module.whenReady(kept);
    await expect(module.value()).rejects.toThrow(/^reader$/);
    expect(module.state()).toMatchObject({ is: 'failed' });
    expect(kept).not.toHaveBeenCalled();
  });

  it('fails, never throws at the caller, when the import throws before it starts (the extension was reloaded)', async () => {
    const module = lazyModule((): Promise<ReaderModule> => {
      throw new Error('Extension context invalidated.');
    }, 'reader');
    expect(() => module.load()).not.toThrow();
    await expect(module.value()).rejects.toThrow('Extension context invalidated.');
    expect(module.state()).toMatchObject({ is: 'failed' });
  });

  it('leaves no unhandled rejection when a failure is read only through its state', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const module = lazyModule(() => Promise.reject(new Error('blocked')), 'reader');
      module.load();
      await vi.waitFor(() => expect(module.state().is).toBe('failed'));
      await new Promise((r) => setTimeout(r, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
