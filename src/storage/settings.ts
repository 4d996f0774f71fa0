/**
 * User settings, a typed and versioned storage item. Bump `version` and add a
 * migration (with a test fed the old shape) whenever the shape changes.
 */
import { storage } from 'wxt/utils/storage';
import type { SiteId } from '../sites/site-ids';

export interface Settings {
  /** Region key for new turns (a key of data/regions.json). */
  region: string;
  /** Count the conversation history the model re-reads as input. */
  countHistory: boolean;
  /** Per-site model key chosen by the user, overriding what the page shows. */
  modelOverrides: Partial<Record<SiteId, string>>;
  /** Remote mode: compute with the user's Footprint Calculation Service. The API key is stored separately. */
  remote: { enabled: boolean; baseUrl: string };
}

export const DEFAULT_SETTINGS: Settings = {
  region: 'global-avg',
  countHistory: true,
  modelOverrides: {},
  remote: { enabled: false, baseUrl: '' },
};

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});
