/** Site health as the content scripts report it, stored for the popup. */
import { storage } from 'wxt/utils/storage';
import type { SiteHealth } from '../messaging/protocol';
import type { SiteId } from '../sites/site-ids';
import { serialized } from './conversations';

export const siteHealthItem = storage.defineItem<Partial<Record<SiteId, SiteHealth>>>('local:siteHealth', {
  fallback: {},
  version: 1,
});

export function writeSiteHealth(health: SiteHealth): Promise<void> {
  return serialized(async () => {
    const all = await siteHealthItem.getValue();
    const known = all[health.site];
    // Reports can arrive out of order from several tabs: keep the newest.
    if (known && known.at > health.at) return;
    await siteHealthItem.setValue({ ...all, [health.site]: health });
  });
}

/** Every site's latest health as a list, for the popup (from the stored value of `siteHealthItem`). */
export function siteHealthList(stored: Partial<Record<SiteId, SiteHealth>>): SiteHealth[] {
  return Object.values(stored).filter((h): h is SiteHealth => h !== undefined);
}
