/**
 * What a test written by `npm run fixture:from-report` checks: the site's reader reads the rebuilt
 * page as the report saw it. A report whose reader found no prompt or no answer came from a page it
 * could not read: then the test asks for at least one of each, and fails until the reader is fixed.
 */
import { isAbsolute } from 'node:path';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { SiteId } from '../../../src/sites';
import type { ReportSaw } from '../../../src/sites/page-report-format';
import { SITES } from '../../../src/sites';
import { ADAPTERS } from '../../support/adapters';
import { fixture, loadPage } from './load-page';

/** `page`: a path under test/fixtures/, or an absolute path. */
export function expectReaderSees(page: string, site: SiteId, path: string, saw: ReportSaw): void {
  const adapter = ADAPTERS[site];
  const html = isAbsolute(page) ? readFileSync(page, 'utf8') : fixture(page);
  const doc = loadPage(html, `https://${SITES[site].hosts[0]}${path}`);
  const messages = adapter.findTurns(doc);
  const user = messages.filter((m) => m.role === 'user').length;
  const assistant = messages.filter((m) => m.role === 'assistant').length;
  if (saw.user === 0 || saw.assistant === 0) {
    expect(user, 'prompts the reader finds').toBeGreaterThan(0);
    expect(assistant, 'answers the reader finds').toBeGreaterThan(0);
    return;
  }
  const last = messages.findLast((m) => m.role === 'assistant');
  expect({
    user,
    assistant,
    withPageIds: messages.filter((m) => m.pageId).length,
    streaming: adapter.isStreaming(doc),
    modelLabel: adapter.readModelLabel(doc, last) !== null,
  }).toEqual({ user: saw.user, assistant: saw.assistant, withPageIds: saw.withPageIds, streaming: saw.streaming, modelLabel: saw.modelLabel });
}
