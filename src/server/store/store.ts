/**
 * Where API keys and monthly usage live. Two implementations share this
 * interface and one contract test suite: SQLite (embedded, the default) and
 * Redis (shared by any number of service instances).
 */

export interface ApiKeyRecord {
  id: string;
  name: string;
  plan: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, or null while the key is active */
  revokedAt: string | null;
}

/** A new key as the store keeps it: only the SHA-256 hash of the secret, never the secret. */
export interface NewApiKey extends ApiKeyRecord {
  hash: Buffer;
}

export interface StoredApiKey extends ApiKeyRecord {
  hash: Buffer;
}

export interface Reservation {
  /** true when one unit was taken; false when the month's quota was already used up */
  allowed: boolean;
  /** units used this month after the call */
  used: number;
  limit: number;
}

export interface Store {
  readonly kind: 'sqlite' | 'redis';
  findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined>;
  createKey(key: NewApiKey): Promise<void>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** false when no key has that id */
  revokeKey(id: string, at: Date): Promise<boolean>;
  /** Atomically takes one unit of `keyId`'s quota for `monthKey` unless `used >= limit`. */
  reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation>;
  /** Units used by `keyId` in `monthKey` (0 when none). */
  usage(keyId: string, monthKey: string): Promise<number>;
  close(): Promise<void>;
}
