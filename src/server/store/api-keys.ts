import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { findPlan, PLANS } from '../../core';
import type { ApiKeyRecord, Store, StoredApiKey } from './store';

/** `fp_` + 32 random bytes in base64url: 256 bits, so an unsalted SHA-256 is a safe way to store it. */
const KEY_PATTERN = /^fp_[A-Za-z0-9_-]{43}$/;

export const hashApiKey = (key: string): Buffer => hash('sha256', key, 'buffer');

export const isWellFormedApiKey = (key: string): boolean => KEY_PATTERN.test(key);

export class UnknownPlanError extends Error {
  constructor(plan: string) {
    super(`Unknown plan "${plan}". Plans: ${PLANS.map((p) => p.key).join(', ')}.`);
  }
}

/** Creates a key on `plan`; the secret is returned once and only its hash is stored. */
export async function createApiKey(
  store: Store,
  plan: string,
  name = '',
  now: Date = new Date(),
): Promise<{ id: string; key: string; record: ApiKeyRecord }> {
  if (!findPlan(plan)) throw new UnknownPlanError(plan);
  const key = `fp_${randomBytes(32).toString('base64url')}`;
  const record: ApiKeyRecord = {
    id: `key_${randomBytes(6).toString('hex')}`,
    name,
    plan,
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  await store.createKey({ ...record, hash: hashApiKey(key) });
  return { id: record.id, key, record };
}

/**
 * The active key record for a presented secret, or undefined. The store finds
 * the record by the secret's hash (an index lookup on a hash reveals nothing
 * usable about the secret); the stored hash is then compared in constant time.
 */
export async function authenticate(store: Store, presented: string): Promise<StoredApiKey | undefined> {
  if (!isWellFormedApiKey(presented)) return undefined;
  const hash = hashApiKey(presented);
  const found = await store.findKeyByHash(hash);
  if (!found || found.hash.length !== hash.length || !timingSafeEqual(found.hash, hash)) return undefined;
  return found.revokedAt ? undefined : found;
}
