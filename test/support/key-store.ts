// Node has no IndexedDB: tests keep the API key in memory; the browser tests exercise the IndexedDB store.
import type { KeyStore } from '../../src/remote/key-store';

export function memoryKeyStore(initial: string | null = null): KeyStore {
  let value = initial;
  return {
    get: async () => value,
    set: async (k) => void (value = k),
    clear: async () => void (value = null),
  };
}
