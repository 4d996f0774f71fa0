/**
 * The page report's format: what "Report a problem with this page" saves, and what
 * `npm run fixture:from-report` reads back into a page (scripts/fixture-from-report/). Bump
 * `PAGE_REPORT_FORMAT` when a reader of an older report could misread a newer one.
 */

export const PAGE_REPORT_KIND = 'ai-chat-footprint/page-report';
export const PAGE_REPORT_FORMAT = 3;

/** A text node: placeholder words of the same length and script (src/sites/page-report-mask.ts). */
export type ReportText = string;

export interface ReportElement {
  tag: string;
  /** The allowed attributes (src/sites/page-report-attributes.ts), their values kept, shaped or masked. */
  attrs?: Record<string, string>;
  /** Element and text children in page order. */
  children?: Array<ReportElement | ReportText>;
  /** How many identical siblings in a row this element stands for. */
  repeat?: number;
  /** The smallest element holding every message the reader found (or the main region). */
  chatArea?: true;
}

/** What the site's reader read on the page when the report was made: what a fixture made from it should read too. */
export interface ReportSaw {
  user: number;
  assistant: number;
  /** Messages whose id is the page's own. */
  withPageIds: number;
  streaming: boolean;
  modelLabel: boolean;
  conversationIdInUrl: boolean;
}

export interface PageReport {
  report: typeof PAGE_REPORT_KIND;
  format: typeof PAGE_REPORT_FORMAT;
  site: string;
  adapterVersion: number;
  extensionVersion: string;
  /** The day the report was made (YYYY-MM-DD, UTC). */
  date: string;
  saw: ReportSaw;
  /** Per named selector (`SiteAdapter.selectors`), per selector of its chain: how many elements match (-1: invalid). */
  selectors: Record<string, Record<string, number>>;
  /** The page's shape: its path, ids shaped and other words masked; no host, query or fragment. */
  path: string;
  /** The `<html>` element's attributes (its language, direction, theme class). */
  html: Record<string, string>;
  body: ReportElement;
  /** True when the structure was cut at its node or depth limit. */
  truncated: boolean;
}
