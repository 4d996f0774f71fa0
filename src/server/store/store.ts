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

/**
 * A calculation's answer as stored for replays: the JSON body, split where the
 * month's remaining quota goes when the body carries it (version 1's
 * `rate_limit.remaining`): body = head + remaining + tail, then `shared`.
 * `tail` is null when the body does not depend on the quota (version 2).
 */
export interface BodyTemplate {
  head: string;
  tail: string | null;
  /**
   * The body's closing part when many answers end alike (version 2: the data
   * sources, plan and methodology URL, about half the body): a store may keep
   * it once and refer to it.
   */
  shared?: string;
}

/** The body a template stands for, with the month's remaining quota where the body carries it. */
export const renderBody = (body: BodyTemplate, remaining: number): string =>
  (body.tail === null ? body.head : body.head + remaining + body.tail) + (body.shared ?? '');

/** The same body with its shared part written out (for a store that keeps every answer whole). */
export function withSharedInline(body: BodyTemplate): { head: string; tail: string | null } {
  if (body.shared === undefined) return body;
  return body.tail === null ? { head: body.head + body.shared, tail: null } : { head: body.head, tail: body.tail + body.shared };
}

/** A stored success, replayed to a repeat of the same Idempotency-Key and body. */
export interface IdempotencyRecord extends BodyTemplate {
  used: number;
  limit: number;
  /** RateLimit-Reset as first answered (seconds). */
  resetSeconds: number;
}

/** One metered request, decided atomically by the store. */
export interface MeterRequest {
  key: StoredApiKey;
  monthKey: string;
  limit: number;
  /** Present when the request carried an Idempotency-Key. */
  idempotency: { key: string; fingerprint: string } | null;
  /** What a replay of this request will answer (stored only when a unit is taken). */
  body: BodyTemplate;
  resetSeconds: number;
  now: Date;
}

export type MeterOutcome =
  /** One unit taken (and the answer recorded under the Idempotency-Key, if any). */
  | { kind: 'charged'; used: number; limit: number }
  /** The month's quota was used up: nothing taken, nothing recorded. */
  | { kind: 'refused'; used: number; limit: number }
  /** The same Idempotency-Key and body were answered before: this is that answer; nothing taken. */
  | { kind: 'replay'; record: IdempotencyRecord }
  /** The Idempotency-Key was used before with another body (or endpoint). */
  | { kind: 'reused' }
  /** The key was revoked or deleted since it was looked up. */
  | { kind: 'revoked' }
  /** The key's record changed (plan) since it was looked up: look it up again and retry. */
  | { kind: 'stale' };

/** Idempotency records are kept this long (IETF httpapi idempotency-key draft: a day is customary). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export interface Store {
  readonly kind: 'sqlite' | 'redis';
  findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined>;
  createKey(key: NewApiKey): Promise<void>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** false when no key has that id */
  revokeKey(id: string, at: Date): Promise<boolean>;
  /** Creates `key` only when the store has no key at all (atomic across processes); false when it had one. */
  createFirstKey(key: NewApiKey): Promise<boolean>;
  /**
   * The key record for a request, by the base64url SHA-256 digest of the
   * presented key: may come from a per-process cache (keyed by that digest),
   * which `meter` checks against the store in the same atomic step.
   */
  keyForRequest(digest: string): Promise<StoredApiKey | undefined>;
  /**
   * Idempotency lookup, quota reservation and idempotency record in one
   * atomic step (one transaction on SQLite, one script on Redis).
   */
  meter(request: MeterRequest): Promise<MeterOutcome>;
  /** Atomically takes one unit of `keyId`'s quota for `monthKey` unless `used >= limit`. */
  reserveUnit(keyId: string, monthKey: string, limit: number): Promise<Reservation>;
  /** Units used by `keyId` in `monthKey` (0 when none). */
  usage(keyId: string, monthKey: string): Promise<number>;
  close(): Promise<void>;
}
