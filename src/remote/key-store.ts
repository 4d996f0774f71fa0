/**
 * Where the API key lives: the extension origin's IndexedDB. Content scripts
 * run in the page's origin and cannot open it, and neither can pages.
 * chrome.storage.local is readable by content scripts; Chrome can restrict
 * storage.local with setAccessLevel, but Firefox supports that for session
 * only, and restricting local would also hide the settings the content script
 * reads. So the key never goes to chrome.storage.
 */

export interface KeyStore {
  get(): Promise<string | null>;
  set(key: string): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'footprint-secrets';
const STORE = 'secrets';
const KEY_ID = 'remote-api-key';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function open(idb: IDBFactory): Promise<IDBDatabase> {
  const r = idb.open(DB_NAME, 1);
  r.onupgradeneeded = () => r.result.createObjectStore(STORE);
  return request(r);
}

async function withStore<T>(idb: IDBFactory, mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open(idb);
  try {
    const tx = db.transaction(STORE, mode);
    const result = await request(run(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

export function indexedDbKeyStore(idb: IDBFactory = globalThis.indexedDB): KeyStore {
  return {
    async get() {
      const v = await withStore(idb, 'readonly', (s) => s.get(KEY_ID) as IDBRequest<unknown>);
      return typeof v === 'string' && v !== '' ? v : null;
    },
    async set(key) {
      await withStore(idb, 'readwrite', (s) => s.put(key, KEY_ID));
    },
    async clear() {
      await withStore(idb, 'readwrite', (s) => s.delete(KEY_ID));
    },
  };
}
