/**
 * The accessibility audit: axe-core (the engine of Lighthouse's and most browser audits) over a page
 * the extension shows, in the real browser. The same code runs in both browsers: axe-core's script is
 * evaluated in the page once per document (Chromium through playwright-core, Firefox through
 * puppeteer-core over WebDriver BiDi), then axe.run() per state. @axe-core/playwright does the same in
 * Chromium only, injects the script again on every run and by default opens a new page per run to
 * gather the results: several times slower per state, and many states are audited.
 * The rules: WCAG 2.0 to 2.2 A and AA (target-size is one: axe-core leaves it off by default) and
 * axe's best practices; the one place a rule is turned off is RULES_OFF below, with the reason.
 *
 * A report reads one line per violation: the state audited, the rule, its impact, what it asks,
 * and the elements that break it (CSS selectors, `>>>` entering a shadow root), e.g.
 *   popup en dark, data, region open: target-size (serious) Ensure touch targets have sufficient size and space
 *     li[data-field="km_driven"] > details > summary: Target has insufficient size (…)
 * followed by the rule's page, which says how to fix it.
 */
import axe from 'axe-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** Rules that cannot apply to these pages, each with why: the only place a rule is turned off. */
export const RULES_OFF: Readonly<Record<string, string>> = {};

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
  rules: Object.fromEntries(Object.keys(RULES_OFF).map((id) => [id, { enabled: false }])),
  // Only what fails comes back: passes and incomplete checks would make each answer large.
  resultTypes: ['violations'],
};

/** One violation, as the report prints it. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: Array<{ selector: string; why: string }>;
}

/** What the audit needs of a page: Playwright's Page and the shared DriverPage both have it. */
export interface AuditedPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

const selectorText = (target: unknown): string => (Array.isArray(target) ? target.map(selectorText).join(' >>> ') : String(target));

/**
 * axe-core over the document (or only the elements `include` selects, their shadow roots with them).
 * `inject` evaluates a script's source in the page: called only when this document has no axe yet.
 */
export async function audit(page: AuditedPage, inject: (source: string) => Promise<unknown>, include?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window, null))) await inject(axe.source);
  const results = await page.evaluate(
    ([options, only]) =>
      (window as unknown as { axe: { run(c: unknown, o: RunOptions): Promise<AxeResults> } }).axe
        .run(only ? { include: [only] } : document, options)
        .then((r) => ({ violations: r.violations })),
    [RUN_OPTIONS, include ?? null] as const,
  );
  return results.violations.map((v: Result) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => ({ selector: selectorText(n.target), why: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
  }));
}

/** The report of one audited state: '' when it has no violation. */
export function report(state: string, violations: Violation[]): string {
  return violations
    .map((v) => [`${state}: ${v.rule} (${v.impact}) ${v.help}`, ...v.targets.map((t) => `    ${t.selector}: ${t.why}`), `    ${v.helpUrl}`].join('\n'))
    .join('\n');
}
