/**
 * Migrations of the `siteHealth` item (src/storage/items.ts), and the reading of a stored health
 * value of any version: the popup reads the key raw at start (src/ledger/popup-state.ts), possibly
 * before the worker has migrated it.
 */
import { ATTACHMENT_SKIP_CODES } from '../features/attachments/codes';
import { isHealthReason, type HealthReason } from '../domain/health-reasons';
import type { SiteHealth } from '../domain/turns';
import { SITE_IDS, type SiteId } from '../domain/site-ids';

type StoredHealth = Partial<Record<SiteId, SiteHealth>>;

/**
 * v1 stored the reason as the tracker's English sentence (src/tracking/recognize.ts and tracker.ts
 * before v2, with the site's name in it; meta.ai's adapter had its own "no chat messages" sentence).
 * Matched by their wording.
 */
const V1_SENTENCES: ReadonlyArray<[RegExp, HealthReason]> = [
  [/no chat messages were found/i, 'no-messages'],
  [/a prompt reads as empty/i, 'prompt-empty'],
  [/prompts read as their heading only/i, 'prompt-heading-only'],
  [/every prompt reads as the same short text/i, 'prompts-same-label'],
  [/an answer finished but its text was not found/i, 'answer-empty'],
  [/no finished answer was found within/i, 'answer-timeout'],
  [/started but did not finish within/i, 'answer-unfinished'],
];

/** A stored reason of any version as a code: a v1 sentence by its wording, anything else unknown. Never throws. */
function storedHealthReason(reason: unknown): HealthReason | null {
  if (reason === null || reason === undefined) return null;
  if (isHealthReason(reason)) return reason;
  if (typeof reason !== 'string') return 'unknown';
  return V1_SENTENCES.find(([pattern]) => pattern.test(reason))?.[1] ?? 'unknown';
}

/** One site's stored health of any version in today's shape, or null when it is not a health report at all. */
function storedSiteHealth(value: unknown): SiteHealth | null {
  if (typeof value !== 'object' || value === null) return null;
  const h = value as Partial<Record<keyof SiteHealth, unknown>>;
  if (!(SITE_IDS as readonly unknown[]).includes(h.site) || (h.status !== 'ok' && h.status !== 'not-recognized') || typeof h.at !== 'number') return null;
  const health = { ...(value as SiteHealth), reason: storedHealthReason(h.reason) };
  if (typeof h.unreadableReasoningLabel !== 'string') delete health.unreadableReasoningLabel;
  const refused = h.refused as SiteHealth['refused'] | undefined;
  if (!refused || !Number.isInteger(refused.count) || refused.count < 1 || typeof refused.code !== 'string' || typeof refused.at !== 'number')
    delete health.refused;
  const skipped = h.skippedAttachments as SiteHealth['skippedAttachments'] | undefined;
  if (
    !skipped ||
    !Number.isInteger(skipped.count) ||
    skipped.count < 1 ||
    !(ATTACHMENT_SKIP_CODES as readonly unknown[]).includes(skipped.code) ||
    typeof skipped.at !== 'number'
  )
    delete health.skippedAttachments;
  const unknownLabel = h.unknownModelLabel as SiteHealth['unknownModelLabel'] | undefined;
  if (!unknownLabel || typeof unknownLabel.label !== 'string' || typeof unknownLabel.at !== 'number') delete health.unknownModelLabel;
  return health;
}

/** The whole stored item of any version in today's shape (entries that are not health reports dropped). */
export function storedSiteHealthMap(value: unknown): StoredHealth {
  const out: StoredHealth = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [site, entry] of Object.entries(value)) {
    const health = storedSiteHealth(entry);
    if (health) out[site as SiteId] = health;
  }
  return out;
}

/** v1 -> v2: the reason becomes a code (HEALTH_REASONS), said in the UI language by the popup. */
export const migrateSiteHealthV1toV2 = (old: unknown): StoredHealth => storedSiteHealthMap(old);
