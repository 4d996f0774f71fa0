import { hash, randomBytes } from 'node:crypto';
import { findPlan, PLANS, type PlanRow } from '../../core';
import type { ApiKeyRecord, Store, StoredApiKey } from './store';

/** `fp_` + 32 random bytes in base64url: 256 bits, so an unsalted SHA-256 is a safe way to store it. */
const KEY_PATTERN = /^fp_[A-Za-z0-9_-]{43}$/;

const hashApiKey = (key: string): Buffer => hash('sha256', key, 'buffer');

const isWellFormedApiKey = (key: string): boolean => KEY_PATTERN.test(key);

export class UnknownPlanError extends Error {
  constructor(plan: string) {
    super(`Unknown plan "${plan}". Plans: ${PLANS.map((p) => p.key).join(', ')}.`);
  }
}

/** Creates a key on `plan`; the secret is returned once and only its hash is stored. */
export async function createApiKey(store: Store, plan: string, name = '', now: Date = new Date()): Promise<{ id: string; key: string; record: ApiKeyRecord }> {
  const { record, key } = newApiKey(plan, name, now);
  await store.createKey({ ...record, hash: hashApiKey(key) });
  return { id: record.id, key, record };
}

function newApiKey(plan: string, name: string, now: Date): { record: ApiKeyRecord; key: string } {
  if (!findPlan(plan)) throw new UnknownPlanError(plan);
  const key = `fp_${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: `key_${randomBytes(6).toString('hex')}`,
    name,
    plan,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  return { record, key };
}

/**
 * The active key record for a presented secret, or undefined. The store finds
 * the record by the secret's SHA-256 hash (a lookup by a hash of a 256-bit
 * secret reveals nothing usable about it).
 */
export async function keyForSecret(store: Store, presented: string): Promise<StoredApiKey | undefined> {
  return isWellFormedApiKey(presented) ? activeKey(store, hashApiKey(presented)) : undefined;
}

/** The plan of a stored key (a key is only ever created on a known plan). */
export function planOf(key: StoredApiKey): PlanRow {
  const plan = findPlan(key.plan);
  if (!plan) throw new Error(`key ${key.id} has plan ${key.plan}, which is not in data/plans.json`);
  return plan;
}

/** The key with this secret hash, read afresh, if it is still active. */
export async function activeKey(store: Store, hash: Buffer): Promise<StoredApiKey | undefined> {
  const found = await store.findKeyByHash(hash);
  return found && !found.revokedAt ? found : undefined;
}

/**
 * The first key of an empty store, on `plan`: created only if the store has no
 * key at all, atomically, so instances starting together create one between
 * them. null when the store already had a key.
 */
export async function createFirstApiKey(store: Store, plan = 'basic', name = 'first key'): Promise<{ id: string; key: string } | null> {
  const { record, key } = newApiKey(plan, name, new Date());
  return (await store.createFirstKey({ ...record, hash: hashApiKey(key) })) ? { id: record.id, key } : null;
}
