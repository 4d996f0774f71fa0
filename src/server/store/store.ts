/**
 * Where API keys, each key's monthly usage (quota count and figures) and idempotency records live. SQLite (one
 * file, the default), Redis and Redis Cluster share this interface and one
 * contract test suite.
 */
import type { ServiceConfig } from '../config';

export interface ApiKeyRecord {
  id: string;
  name: string;
  plan: string;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, or null while the key is active */
  revokedAt: string | null;
}

/** A key as the store keeps it: only the SHA-256 hash of the secret, never the secret. */
export interface StoredApiKey extends ApiKeyRecord {
  hash: Buffer;
}

/** A charged answer kept for replays to a repeat of its Idempotency-Key. */
export interface IdempotencyRecord {
  /** The core's result as JSON; the route renders the body from it. */
  value: string;
  used: number;
  limit: number;
  /** RateLimit-Reset as first answered (seconds) and the reset instant (ms since the epoch). */
  resetSeconds: number;
  resetAt: number;
}

/** What one charged calculation adds to its key's month. */
export interface UsageFigures {
  model: string;
  energyKwh: number;
  carbonGco2e: number;
  waterLiters: number;
}

/** A key's month: requests counted against its quota, and the sums of what they computed, per model. */
export interface MonthUsage {
  requests: number;
  energyKwh: number;
  carbonGco2e: number;
  waterLiters: number;
  /** Most energy first. */
  models: Array<UsageFigures & { requests: number }>;
}

/**
 * Figures are stored as whole billionths of their unit (nano-kWh, nano-gram, nano-litre): integer sums are
 * exact and the same on every backend, in any order of arrival. 2^53 billionths is 9 million kWh per key,
 * month and model.
 */
export const toBillionths = (x: number): number => Math.round(x * 1e9);
const fromBillionths = (n: number): number => n / 1e9;

/** The month as the stores read it (requests, and per model the count and the three sums in billionths). */
export function monthUsage(requests: number, rows: Array<{ model: string; requests: number; energy: number; carbon: number; water: number }>): MonthUsage {
  const models = rows
    .map((r) => ({
      model: r.model,
      requests: r.requests,
      energyKwh: fromBillionths(r.energy),
      carbonGco2e: fromBillionths(r.carbon),
      waterLiters: fromBillionths(r.water),
    }))
    .sort((a, b) => b.energyKwh - a.energyKwh || a.model.localeCompare(b.model));
  const sum = (pick: (r: (typeof rows)[number]) => number) => fromBillionths(rows.reduce((total, r) => total + pick(r), 0));
  return { requests, energyKwh: sum((r) => r.energy), carbonGco2e: sum((r) => r.carbon), waterLiters: sum((r) => r.water), models };
}

/** One metered request, decided atomically by the store. */
export interface MeterRequest {
  key: StoredApiKey;
  monthKey: string;
  limit: number;
  /** Present when the request carried an Idempotency-Key. */
  idempotency: { key: string; fingerprint: string } | null;
  /** The core's result as JSON, recorded under the Idempotency-Key when a unit is taken. */
  value: string;
  /** Added to the key's month when a unit is taken. */
  figures: UsageFigures;
  resetSeconds: number;
  resetAt: number;
  now: Date;
  /** After this instant (ms since the epoch) the caller has given up: the store must not charge. */
  deadline: number;
}

export type MeterOutcome =
  /** One unit taken, the figures added to the key's month (and the answer recorded under the Idempotency-Key, if any). */
  | { kind: 'charged'; used: number; limit: number }
  /** The month's quota was used up: nothing taken, nothing recorded. */
  | { kind: 'refused'; used: number; limit: number }
  /** The same Idempotency-Key and body were answered before: this is that answer; nothing taken. */
  | { kind: 'replay'; record: IdempotencyRecord }
  /** The Idempotency-Key was used before with another body (or endpoint). */
  | { kind: 'reused' }
  /** The key was revoked or deleted since it was looked up. */
  | { kind: 'revoked' }
  /** The key's plan changed since it was looked up: look it up again and retry. */
  | { kind: 'stale' };

/** The store's settings, as the service's settings name them (each defaults to CONFIG_DEFAULTS), and the clock the months are pruned by. */
export type StoreOptions = Partial<Pick<ServiceConfig, 'storeTimeoutMs' | 'idempotencyTtlS' | 'usageMonths'>> & { now?: () => Date };

export interface Store {
  readonly kind: 'sqlite' | 'redis' | 'redis-cluster';
  findKeyByHash(hash: Buffer): Promise<StoredApiKey | undefined>;
  /** Fails when a key with that id or secret exists. */
  createKey(key: StoredApiKey): Promise<void>;
  /** Creates `key` only when the store has no key at all (atomic across processes); false when it had one. */
  createFirstKey(key: StoredApiKey): Promise<boolean>;
  listKeys(): Promise<ApiKeyRecord[]>;
  /** false when no key has that id */
  revokeKey(id: string, at: Date): Promise<boolean>;
  /** Key check, idempotency lookup, quota reservation and idempotency record in one atomic step. */
  meter(request: MeterRequest): Promise<MeterOutcome>;
  /** Units used by `keyId` in `monthKey` (0 when none; the keys CLI lists them). */
  usage(keyId: string, monthKey: string): Promise<number>;
  /** The key's requests and figures in `monthKey` (zeros when none, or when the month is no longer kept). */
  monthUsage(keyId: string, monthKey: string): Promise<MonthUsage>;
  /** Resolves when the store answers (GET /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The store failed or did not answer in time: the request is answered 503 STORE_UNAVAILABLE and not charged. */
export class StoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(cause instanceof StoreTimeout ? cause.message : 'The key and quota store failed.', { cause });
    this.name = 'StoreUnavailable';
  }
}

class StoreTimeout extends Error {}

/**
 * The store with every call bounded by `timeoutMs`: a call that fails or
 * outlasts it rejects with StoreUnavailable. (A Redis command still queued
 * may run later; the meter script then finds its deadline passed and charges
 * nothing.) `close` is not bounded: it must finish.
 */
export function withTimeout(store: Store, timeoutMs: number): Store {
  const bound =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StoreTimeout(`The store did not answer within ${timeoutMs} ms.`)), timeoutMs);
      });
      return Promise.race([call.apply(store, args), timeout]).then(
        (value) => (clearTimeout(timer), value),
        (error: unknown) => {
          clearTimeout(timer);
          throw new StoreUnavailable(error);
        },
      );
    };
  const calls = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function' || name === 'close') return value;
      let call = calls.get(name);
      if (call === undefined) calls.set(name, (call = bound(value as (...args: unknown[]) => Promise<unknown>)));
      return call;
    },
  });
}
