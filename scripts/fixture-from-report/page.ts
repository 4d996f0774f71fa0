/**
 * A page report back into a page: the body's elements with the attributes the report kept, its
 * placeholder texts, repeated siblings written out again. Nothing is added that the report does not
 * hold, so the page reads as the reported one did as far as the report goes.
 */
import type { PageReport, ReportElement } from '../../src/sites/page-report-format';

/** Elements with no end tag (https://html.spec.whatwg.org/multipage/syntax.html#void-elements). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose text the parser does not read as markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const TAG = /^[a-z][a-z0-9-]*(:[a-z][a-z0-9-]*)?$/;
const ATTR = /^[^\s"'>/=]+$/;

function attributes(attrs: Record<string, string> | undefined): string {
  if (!attrs) return '';
  return Object.entries(attrs)
    .filter(([name]) => ATTR.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
}

function element(node: ReportElement, out: string[]): void {
  const tag = TAG.test(node.tag) ? node.tag : 'div';
  const one: string[] = [];
  one.push(`<${tag}${attributes(node.attrs)}>`);
  if (!VOID.has(tag)) {
    for (const child of node.children ?? []) {
      if (typeof child === 'string') one.push(RAW_TEXT.has(tag) ? '' : escapeText(child));
      else element(child, one);
    }
    one.push(`</${tag}>`);
  }
  const html = one.join('');
  for (let i = 0; i < (node.repeat ?? 1); i++) out.push(html);
}

/** The report's page as an HTML document; `comment` goes first, in an HTML comment. */
export function pageOfReport(report: PageReport, comment: string): string {
  const out: string[] = [];
  element({ ...report.body, tag: 'body' }, out);
  const safeComment = comment.replace(/--/g, '- -');
  return `<!doctype html>\n<!-- ${safeComment} -->\n<html${attributes(report.html)}>\n<head><meta charset="utf-8"><title>${report.site} page report</title></head>\n${out.join('')}\n</html>\n`;
}
