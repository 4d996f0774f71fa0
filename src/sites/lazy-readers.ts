/**
 * A site's readers of what a page needs only now and then (the work an answer did out of sight),
 * kept out of its content script: they are an ES module of their own,
 * src/sites/<site>/lazy-readers.ts, built by scripts/build/lazy-modules.ts to `lazyReadersFile(site)`
 * and imported by the content script the first time it needs them (`lazyModule`, src/domain/lazy-module.ts).
 * Everything such a module exports is one of the adapter's optional readers, so the tracker uses
 * the loaded readers exactly as it would use the adapter's own.
 */
import type { SiteId } from '../domain/site-ids';
import type { SiteAdapter } from './adapter';

/** The readers a site loads when first needed. */
export type LazyReaders = Pick<SiteAdapter, 'readHiddenWork' | 'readAttachments'>;

/** The module's file in the built extension (web-accessible on the chat hosts). */
export const lazyReadersFile = (site: SiteId): string => `sites/${site}.js`;

/** The page report's module (./page-report.ts), loaded when the popup asks for a report: the same for every site. */
export const PAGE_REPORT_FILE = 'sites/page-report.js';
