/** Migrations of the `settings` item (src/storage/items.ts). */
import { DEFAULT_BUDGET } from '../domain/budget';
import { DEFAULT_COUNT_EXTRAS, type Settings } from '../domain/settings';

/** v1 -> v2: the hidden-reasoning estimate switch, on by default like for a new install. */
export function migrateSettingsV1toV2(old: unknown): Settings {
  const v1 = (old ?? {}) as Omit<Settings, 'estimateReasoning' | 'pageLabels' | 'budget'>;
  return { ...v1, estimateReasoning: true } as Settings;
}

/** v2 -> v3: the per-site page label switch; no entry means on, as for a new install. */
export function migrateSettingsV2toV3(old: unknown): Settings {
  const v2 = (old ?? {}) as Omit<Settings, 'pageLabels' | 'budget' | 'countExtras'>;
  return { ...v2, pageLabels: {} } as Settings;
}

/** v3 -> v4: the weekly energy budget, off (no limit, no notification) as for a new install. */
export function migrateSettingsV3toV4(old: unknown): Settings {
  const v3 = (old ?? {}) as Omit<Settings, 'budget'>;
  return { ...v3, budget: { ...DEFAULT_BUDGET } } as Settings;
}

/** v5 -> v6: the per-site plan that picks a context window; none chosen, so each site's most common plan, as for a new install. */
export function migrateSettingsV5toV6(old: unknown): Settings {
  const v5 = (old ?? {}) as Omit<Settings, 'plans'>;
  return { ...v5, plans: {} };
}

/** v4 -> v5: counting beyond a turn's text (attachments, out-of-sight work), every part on as for a new install. */
export function migrateSettingsV4toV5(old: unknown): Settings {
  const v4 = (old ?? {}) as Omit<Settings, 'countExtras' | 'plans'>;
  return { ...v4, countExtras: { ...DEFAULT_COUNT_EXTRAS } } as Settings;
}
