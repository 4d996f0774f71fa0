/**
 * Where a person sends a page report: the project's issue tracker, whose address is set once, as
 * `bugs.url` in package.json, and a new issue there with its title and the steps filled in.
 */
import { bugs } from '../../package.json';
import { t } from '../i18n/t';
import { SITE_LABELS, type SiteId } from '../sites';

/** The facts of a report the popup shows and names the file and the issue by (src/sites/page-report-format.ts). */
export interface ReportFacts {
  site: SiteId;
  extensionVersion: string;
  date: string;
}

/** The file "Save report" writes. */
export const reportFileName = (facts: ReportFacts): string => `page-report-${facts.site}-${facts.date}.json`;

/** A new issue on the tracker, titled with the site and the extension's version, its text the steps to attach the saved report. */
export function newIssueUrl(facts: ReportFacts): string {
  const url = new URL(`${bugs.url.replace(/\/$/, '')}/new`);
  url.searchParams.set('title', t('health_reportIssueTitle', [SITE_LABELS[facts.site], facts.extensionVersion]));
  url.searchParams.set('body', t('health_reportIssueBody', reportFileName(facts)));
  return url.href;
}
