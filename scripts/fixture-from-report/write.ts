/**
 * `npm run fixture:from-report <report.json>`: a page report (src/sites/page-report.ts) becomes a
 * fixture page under test/fixtures/sites/, a row in that folder's README and a unit test that reads
 * the page with the site's reader and states what the report saw. A file that is not a report, a
 * report of a site this checkout does not know, or one of a newer format is refused with one line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../../src/sites';
import { PAGE_REPORT_FORMAT, PAGE_REPORT_KIND, type PageReport, type ReportElement } from '../../src/sites/page-report-format';
import { pageOfReport } from './page';

export type Refusal = { ok: false; reason: string };
export type Written = { ok: true; fixture: string; test: string; readmeRow: string };

const ElementSchema: z.ZodType<ReportElement> = z.lazy(() =>
  z.object({
    tag: z.string().min(1),
    attrs: z.record(z.string(), z.string()).optional(),
    children: z.array(z.union([z.string(), ElementSchema])).optional(),
    repeat: z.number().int().positive().optional(),
    chatArea: z.literal(true).optional(),
  }),
);

const ReportSchema = z.object({
  report: z.literal(PAGE_REPORT_KIND),
  format: z.literal(PAGE_REPORT_FORMAT),
  site: z.enum(SITE_IDS),
  adapterVersion: z.number().int(),
  extensionVersion: z.string(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  saw: z.object({
    user: z.number().int().nonnegative(),
    assistant: z.number().int().nonnegative(),
    withPageIds: z.number().int().nonnegative(),
    streaming: z.boolean(),
    modelLabel: z.boolean(),
    conversationIdInUrl: z.boolean(),
  }),
  selectors: z.record(z.string(), z.record(z.string(), z.number())),
  path: z.string().startsWith('/'),
  html: z.record(z.string(), z.string()),
  body: ElementSchema,
  truncated: z.boolean(),
});

/** The report in `text`, or the one-line reason it is refused. */
export function readReport(text: string): { ok: true; report: PageReport } | Refusal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not a page report: the file is not JSON' };
  }
  const head = (json ?? {}) as { report?: unknown; format?: unknown; site?: unknown };
  if (typeof json !== 'object' || json === null || head.report !== PAGE_REPORT_KIND) {
    return { ok: false, reason: `not a page report: it has no "report": "${PAGE_REPORT_KIND}"` };
  }
  if (typeof head.format !== 'number') return { ok: false, reason: 'not a page report: it has no format number' };
  if (head.format > PAGE_REPORT_FORMAT) {
    return {
      ok: false,
      reason: `a format ${head.format} report is newer than this checkout reads (format ${PAGE_REPORT_FORMAT}): update the repository first`,
    };
  }
  if (head.format < PAGE_REPORT_FORMAT) {
    return { ok: false, reason: `a format ${head.format} report holds no page to rebuild (format ${PAGE_REPORT_FORMAT} does): ask for a new report` };
  }
  if (typeof head.site !== 'string' || !(SITE_IDS as readonly string[]).includes(head.site)) {
    return { ok: false, reason: `a report from an unknown site "${String(head.site)}": this checkout reads ${SITE_IDS.join(', ')}` };
  }
  const parsed = ReportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `not a page report: ${issue.path.join('.') || 'the file'}: ${issue.message}` };
  }
  return { ok: true, report: parsed.data as PageReport };
}

/** Where the fixtures and tests go: the repository's root by default, another folder in tests of this command. */
export interface Layout {
  root: string;
}

/** Writes the fixture, its README row and its test under `layout.root`; a name already taken gets a number. */
export function fixtureFromReport(text: string, layout: Layout): Written | Refusal {
  const read = readReport(text);
  if (!read.ok) return read;
  const { report } = read;
  const site = report.site as SiteId;
  const fixturesDir = path.join(layout.root, 'test/fixtures/sites');
  const testsDir = path.join(layout.root, 'test/unit/sites');
  let name = `${site}-report-${report.date}`;
  for (let n = 2; existsSync(path.join(fixturesDir, `${name}.html`)) || existsSync(path.join(testsDir, `${name}.test.ts`)); n++) {
    name = `${site}-report-${report.date}-${n}`;
  }
  const fixture = `${name}.html`;
  const made = `page report format ${report.format} from ${SITE_LABELS[site]}, extension ${report.extensionVersion}, adapter version ${report.adapterVersion}, made ${report.date}`;
  writeFileSync(path.join(fixturesDir, fixture), pageOfReport(report, `Rebuilt by \`npm run fixture:from-report\` from a ${made}. Placeholder text.`));

  const saw = report.saw;
  const readmeRow = `| ${fixture} | ${made}: the page's structure with placeholder text of the same length and script, ids and URLs as their shape (\`npm run fixture:from-report\`); the reader then saw ${saw.user} prompts and ${saw.assistant} answers, ${saw.streaming ? 'one streaming' : 'none streaming'}, ${saw.modelLabel ? 'a' : 'no'} model label${report.truncated ? '; cut at the report\u2019s node limit' : ''} |`;
  const readme = path.join(fixturesDir, 'README.md');
  writeFileSync(readme, withRow(readFileSync(readme, 'utf8'), readmeRow));

  const test = path.join(testsDir, `${name}.test.ts`);
  writeFileSync(test, testOf(fixture, site, report));
  return { ok: true, fixture: path.join(fixturesDir, fixture), test, readmeRow };
}

/** The row after the last row of the README's first table. */
function withRow(readme: string, row: string): string {
  const lines = readme.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  let last = first;
  while (last + 1 < lines.length && lines[last + 1].startsWith('|')) last++;
  if (first === -1) return `${readme.trimEnd()}\n\n| file | markup |\n|---|---|\n${row}\n`;
  lines.splice(last + 1, 0, row);
  return lines.join('\n');
}

function testOf(fixture: string, site: SiteId, report: PageReport): string {
  const saw = report.saw;
  const found = saw.user > 0 && saw.assistant > 0;
  const title = found
    ? `finds ${saw.user} prompts and ${saw.assistant} answers, ${saw.streaming ? 'one streaming' : 'none streaming'}, ${saw.modelLabel ? 'a' : 'no'} model label, as the report saw`
    : 'finds the prompts and answers the reader missed when the report was made';
  return `/**
 * Written by \`npm run fixture:from-report\` from a page report (format ${report.format}, ${site}, extension
 * ${report.extensionVersion}, adapter version ${report.adapterVersion}, ${report.date}). The page is the reported one's
 * structure with placeholder text; change the reader until this passes.
 */
import { describe, it } from 'vitest';
import { expectReaderSees } from '../support/report-fixture';

describe('${fixture}: the page a report saw', () => {
  it('${title.replace(/'/g, "\\'")}', () => {
    expectReaderSees('sites/${fixture}', '${site}', '${report.path.replace(/'/g, '%27')}', ${JSON.stringify(saw)});
  });
});
`;
}
