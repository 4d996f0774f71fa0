/**
 * Reading the specification's and the methodology page's markdown as data,
 * with the same `marked` lexer the service renders pages with.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { marked, type Token, type Tokens } from 'marked';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const readRepoFile = (path: string): string => readFileSync(`${REPO_ROOT}${path}`, 'utf8');

export interface MarkdownTable {
  header: string[];
  rows: string[][];
  /** The paragraph text just before the table (captions such as "Older model keys (†)"). */
  caption: string;
}

export interface Section {
  heading: string;
  depth: number;
  tokens: Token[];
}

const plain = (text: string): string => text.replace(/`/g, '').replace(/\*\*/g, '').trim();

/** The tokens under the heading whose text starts with `heading`, up to the next heading of the same or a higher level. */
export function section(markdown: string, heading: string): Section {
  const tokens = marked.lexer(markdown);
  const start = tokens.findIndex((t) => t.type === 'heading' && plain((t as Tokens.Heading).text).startsWith(heading));
  if (start < 0) throw new Error(`no heading starting with "${heading}"`);
  const depth = (tokens[start] as Tokens.Heading).depth;
  const rest = tokens.slice(start + 1);
  const end = rest.findIndex((t) => t.type === 'heading' && (t as Tokens.Heading).depth <= depth);
  return { heading, depth, tokens: end < 0 ? rest : rest.slice(0, end) };
}

export function tables(sec: Section): MarkdownTable[] {
  const out: MarkdownTable[] = [];
  let caption = '';
  for (const t of sec.tokens) {
    if (t.type === 'paragraph') caption = plain((t as Tokens.Paragraph).text);
    if (t.type === 'table') {
      const table = t as Tokens.Table;
      out.push({
        header: table.header.map((c) => plain(c.text)),
        rows: table.rows.map((r) => r.map((c) => plain(c.text))),
        caption,
      });
      caption = '';
    }
  }
  return out;
}

export function codeBlocks(sec: Section, lang: string): string[] {
  return sec.tokens.filter((t): t is Tokens.Code => t.type === 'code' && (t as Tokens.Code).lang === lang).map((t) => t.text);
}

export function text(sec: Section): string {
  return sec.tokens.map((t) => ('raw' in t ? t.raw : '')).join('');
}

/** Column values of a table by header name, one record per row. */
export function records(table: MarkdownTable): Record<string, string>[] {
  return table.rows.map((row) => Object.fromEntries(table.header.map((h, i) => [h, row[i] ?? ''])));
}

/** A number as written in prose or a table: "1,000", "2.9 per image", "0.012 kWh". */
export function leadingNumber(cell: string): number {
  const match = /^-?[\d,]*\.?\d+(?:e[-+]?\d+)?/i.exec(cell.trim());
  if (!match) throw new Error(`no number at the start of "${cell}"`);
  return Number(match[0].replace(/,/g, ''));
}
