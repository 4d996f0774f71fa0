/**
 * The chat sites' ids, in display order, from the one site list (src/sites/list.ts): everything
 * about a site is declared in its data module there.
 */
import { SITE_LIST } from '../sites/list';

export type SiteId = (typeof SITE_LIST)[number]['site'];
export const SITE_IDS = SITE_LIST.map((s) => s.site) as unknown as readonly [SiteId, ...SiteId[]];
