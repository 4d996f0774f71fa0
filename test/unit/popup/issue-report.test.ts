/** Where a page report is sent: a new issue on the tracker set once in package.json (`bugs.url`), titled with the site and the version. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newIssueUrl, reportFileName } from '../../../src/popup/issue-report';
import { useCatalog } from '../../support/messages';

const PACKAGE = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { bugs: { url: string } };
const FACTS = { site: 'perplexity', extensionVersion: '0.4.2', date: '2026-11-29' } as const;

describe('the issue a page report goes with', () => {
  it('opens a new issue on the tracker package.json names, its title the site and the version, its text the steps with the file', () => {
    const url = new URL(newIssueUrl(FACTS));
    expect(`${url.origin}${url.pathname}`).toBe(`${PACKAGE.bugs.url}/new`);
    expect(url.searchParams.get('title')).toBe('perplexity.ai: page not read as expected (extension 0.4.2)');
    expect(url.searchParams.get('body')).toContain('Attach the saved file (page-report-perplexity-2026-11-29.json) to this issue');
    expect(reportFileName(FACTS)).toBe('page-report-perplexity-2026-11-29.json');
  });

  it('in the UI language', () => {
    useCatalog('de');
    const url = new URL(newIssueUrl(FACTS));
    expect(url.searchParams.get('title')).toBe('perplexity.ai: Seite nicht wie erwartet gelesen (Erweiterung 0.4.2)');
  });
});
