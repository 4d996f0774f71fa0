/**
 * What a model reads for a file attached to a prompt: the tokens of a picture, a PDF, a text file, an
 * office file or any other file, by the rule its provider publishes for the model's family and what
 * the chat site publishes it does with a file (data/attachment-rules.json, every rule with its source;
 * docs/methodology.md, Attachments, says why each is what it is).
 *
 * Every count is a range (src/core/range.ts): exact where a published rule meets measured facts, and
 * spread where the site does not say which setting it uses, searches a long text, or runs code over a
 * data file. `tokens` is the central figure. No file counts past the context window it is read in.
 *
 * Pure: the page reads the file (./page) and the worker counts a text with the site's
 * tokenizer; this turns those facts into tokens and says whether the count is estimated, and why.
 */
import rulesData from '../../../data/attachment-rules.json';
import type { Range } from '../../core/range';
import { imageTokenRange, type ImageRule } from './image-tokens';
import { officeFormat, type AttachmentKind, type AttachmentSkipCode } from './kinds';

export * from './kinds';
export type { ImageRule } from './image-tokens';

/** Why a count is estimated rather than the provider's published rule applied to measured facts. */
const ATTACHMENT_ESTIMATE_REASONS = [
  /** The provider publishes no rule for this model; another provider's is used. */
  'borrowed-rule',
  /** The site does not say which of the rule's settings (picture detail, media resolution) it uses: the range spans them. */
  'setting-unknown',
  /** The picture's pixel size could not be read. */
  'image-size-unknown',
  /** The size at which the provider draws a PDF page is not published. */
  'page-picture-size',
  /** The PDF's text was not read (too large, or no text layer was extracted). */
  'pdf-text-unread',
  /** Only part of the text was read; the rest is scaled up from it. */
  'text-truncated',
  /** Past what the site reads whole, the rest is searched (retrieval), not read. */
  'retrieval',
  /** A data file opened in the site's code tool: the model reads a preview and what the code prints. */
  'data-tool',
  /** Past the context window, which the model cannot read beyond: counted at the window. */
  'context-limit',
  /** An office file whose text could not be read (damaged or protected): a stated estimate. */
  'office-unread',
  /** A file type with no published rule: estimated from its byte size. */
  'size-estimate',
  /** The provider publishes nothing on how the model reads this kind of file. */
  'no-published-rule',
] as const;
export type AttachmentEstimateReason = (typeof ATTACHMENT_ESTIMATE_REASONS)[number];

/** What the page learns about one file, never its bytes: this is all counting needs. */
export interface AttachmentFacts {
  kind: AttachmentKind;
  mime: string;
  bytes: number;
  /** Pictures: pixel size read from the header. */
  width?: number;
  height?: number;
  /** PDFs: page count and each page's size in PDF points (1/72 inch), as the PDF states it. */
  pages?: number;
  pageSizes?: ReadonlyArray<{ width: number; height: number }>;
  /** Text files, a PDF's text and an office file's text: its tokens, counted by the worker with the site's tokenizer. */
  textTokens?: number;
  /** The share of the text that was read (1 when all of it); below 1 the count is scaled up. */
  textCoverage?: number;
  /** A data file's header and first rows (what a code tool's preview prints), counted like textTokens. */
  previewTokens?: number;
  /** An office file whose text the page could not read, and why. */
  unread?: 'damaged' | 'protected';
}

export type AttachmentBasis = 'tokenizer' | 'provider-rule' | 'borrowed-rule' | 'stated-estimate';

export interface AttachmentCount {
  kind: AttachmentKind;
  /** The central figure of `range`. */
  tokens: number;
  /** Low, central and high (all equal for an exact count). */
  range: Range;
  estimated: boolean;
  /**
   * tokenizer: counted text (as exact as the site's tokenizer is for the model); provider-rule: the
   * model's provider's published rule; borrowed-rule: another provider's; stated-estimate: no rule.
   */
  basis: AttachmentBasis;
  /** Rule ids of data/attachment-rules.json, and the source ids they cite. */
  rules: string[];
  sources: string[];
  reasons: AttachmentEstimateReason[];
  /** The site may search this file rather than read it whole (it publishes that it does). */
  maySearch: boolean;
}

export type AttachmentOutcome = { ok: true; value: AttachmentCount } | { ok: false; skip: AttachmentSkipCode };

export interface PdfRule {
  id: string;
  provider: string;
  page_tokens?: number;
  page_image_tokens?: number;
  page_image_rule?: string;
  adds_text: boolean;
  source: string;
  note: string;
}

export interface RetrievalRule {
  id: string;
  provider: string;
  whole_read_max_tokens: number | null;
  may_search: boolean;
  /** Where the search's size is published (or stood in for): tokens per chunk and chunks put before the model. */
  chunk_tokens?: number;
  chunks?: number;
  chunk_source?: string;
  source: string;
  note: string;
}

interface DataTool {
  id: string;
  mime_types: string[];
  preview_rows: number;
  printed_tokens: Range;
  source: string;
}

export interface AttachmentFamilyRow {
  pattern: string;
  provider: string;
  image: string;
  image_borrowed: boolean;
  pdf: string;
}

export interface AttachmentSource {
  id: string;
  name: string;
  citation: string;
  quote: string;
  read: string;
  copy?: string;
}

const IMAGE_RULES: readonly ImageRule[] = rulesData.image_rules as ImageRule[];
const PDF_RULES: readonly PdfRule[] = rulesData.pdf_rules;
const RETRIEVAL_RULES: readonly RetrievalRule[] = rulesData.retrieval;
const DATA_TOOLS: readonly DataTool[] = rulesData.data_tools;
const ATTACHMENT_FAMILIES: readonly AttachmentFamilyRow[] = rulesData.families;
const { $comment: _comment, default: defaultRetrieval, ...siteRetrieval } = rulesData.retrieval_by_site;
/** Retrieval rule ids by chat site (site keys as in data/site-models.json); other sites follow DEFAULT_RETRIEVAL. */
const RETRIEVAL_BY_SITE: Readonly<Record<string, string>> = siteRetrieval;
const DEFAULT_RETRIEVAL: string = defaultRetrieval;
const { $comment: _toolComment, ...dataToolBySite } = rulesData.data_tool_by_site;
const DATA_TOOL_BY_SITE: Readonly<Record<string, string>> = dataToolBySite;
const { $comment: _siteComment, ...siteOverrides } = rulesData.site_overrides;
const SITE_OVERRIDES: Readonly<Record<string, Partial<AttachmentFamilyRow>>> = siteOverrides;
const TEXT_RULE = rulesData.text_rule;
const OTHER_RULE = rulesData.other_rule;
const OFFICE_RULE = rulesData.office_rule;
const UNKNOWN_IMAGE = rulesData.unknown_image;

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const imageIndex = byId(IMAGE_RULES);
const pdfIndex = byId(PDF_RULES);
const retrievalIndex = byId(RETRIEVAL_RULES);
const dataToolIndex = byId(DATA_TOOLS);
const families = ATTACHMENT_FAMILIES.map((row) => ({ row, re: new RegExp(row.pattern) }));

function must<T>(map: Map<string, T>, id: string, what: string): T {
  const hit = map.get(id);
  if (!hit) throw new Error(`data/attachment-rules.json has no ${what} ${id}`);
  return hit;
}

export interface AttachmentRulesForModel {
  family: AttachmentFamilyRow;
  image: ImageRule;
  pdf: PdfRule;
  retrieval: RetrievalRule;
  dataTool: DataTool | null;
}

/**
 * The rules for a model key on a chat site: pictures and PDFs by the model's family (keys no row names,
 * such as custom and image-gen, get the catch-all row) unless the site overrides them, searching large
 * files and opening data files in a code tool by the site.
 */
function attachmentRulesFor(modelKey: string, site = ''): AttachmentRulesForModel {
  const byModel = (families.find((f) => f.re.test(modelKey)) ?? families[families.length - 1]!).row;
  const family = { ...byModel, ...(Object.hasOwn(SITE_OVERRIDES, site) ? SITE_OVERRIDES[site] : {}) };
  return {
    family,
    image: must(imageIndex, family.image, 'image rule'),
    pdf: must(pdfIndex, family.pdf, 'PDF rule'),
    retrieval: must(retrievalIndex, Object.hasOwn(RETRIEVAL_BY_SITE, site) ? RETRIEVAL_BY_SITE[site]! : DEFAULT_RETRIEVAL, 'retrieval rule'),
    dataTool: Object.hasOwn(DATA_TOOL_BY_SITE, site) ? must(dataToolIndex, DATA_TOOL_BY_SITE[site]!, 'data tool') : null,
  };
}

const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
const exact = (n: number): Range => ({ low: n, central: n, high: n });
const isCount = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n >= 0;

interface Tally {
  range: { low: number; central: number; high: number };
  rules: Set<string>;
  sources: Set<string>;
  reasons: Set<AttachmentEstimateReason>;
}

const tally = (): Tally => ({ range: { low: 0, central: 0, high: 0 }, rules: new Set(), sources: new Set(), reasons: new Set() });

function use(t: Tally, rule: { id: string; source: string }): void {
  t.rules.add(rule.id);
  t.sources.add(rule.source);
}

function add(t: Tally, r: Range): void {
  t.range.low += r.low;
  t.range.central += r.central;
  t.range.high += r.high;
}

/** The text's tokens as the whole file holds them: scaled up when only part of it was read. */
function wholeText(t: Tally, facts: AttachmentFacts): number | null {
  if (!isCount(facts.textTokens)) return null;
  const coverage = facts.textCoverage ?? 1;
  if (coverage > 0 && coverage < 1) {
    t.reasons.add('text-truncated');
    return Math.round(facts.textTokens / coverage);
  }
  return facts.textTokens;
}

/**
 * What the model reads of a text of `whole` tokens: all of it when it fits what the site reads whole
 * (and the window); past that, what the site's search puts before the model (chunks where published),
 * with the window as the high end; on a site that publishes no search, the text cut at the window.
 */
function readText(t: Tally, whole: number, retrieval: RetrievalRule, windowTokens: number): Range {
  const limit = Math.min(retrieval.whole_read_max_tokens ?? Infinity, windowTokens);
  if (whole <= limit) return exact(whole);
  if (!retrieval.may_search) {
    t.reasons.add('context-limit');
    return exact(limit);
  }
  t.reasons.add('retrieval');
  use(t, retrieval);
  if (retrieval.chunk_tokens === undefined || retrieval.chunks === undefined) return exact(limit);
  if (retrieval.chunk_source) t.sources.add(retrieval.chunk_source);
  return { low: Math.min(retrieval.chunk_tokens, limit), central: Math.min(retrieval.chunk_tokens * retrieval.chunks, limit), high: limit };
}

/** A data file opened in the site's code tool: its preview and what the code prints, the whole file (within the window) only as the high end. */
function dataFile(t: Tally, whole: number, facts: AttachmentFacts, tool: DataTool, windowTokens: number): Range {
  use(t, tool);
  t.reasons.add('data-tool');
  const high = Math.min(whole, windowTokens);
  const preview = Math.min(isCount(facts.previewTokens) ? facts.previewTokens : 0, high);
  const printed = tool.printed_tokens;
  return {
    low: Math.min(high, preview + printed.low),
    central: Math.min(high, preview + printed.central),
    high,
  };
}

/** The model a file was sent to, the chat site it was sent on (a key of data/site-models.json), and the context window it is read in (none: unbounded). */
export interface AttachmentTarget {
  modelKey: string;
  site: string;
  windowTokens?: number;
}

/** Counts a text (a text file's or an office file's) read whole, searched, or opened in a code tool. */
function textFile(t: Tally, facts: AttachmentFacts, rules: AttachmentRulesForModel, windowTokens: number): boolean {
  const whole = wholeText(t, facts);
  if (whole === null) return false;
  const tool = rules.dataTool;
  add(
    t,
    tool && tool.mime_types.includes(facts.mime.toLowerCase().split(';')[0]!.trim())
      ? dataFile(t, whole, facts, tool, windowTokens)
      : readText(t, whole, rules.retrieval, windowTokens),
  );
  return true;
}

/** A picture by the family's rule: a range where the site does not say which of the rule's settings it uses. */
function picture(t: Tally, facts: AttachmentFacts, rules: AttachmentRulesForModel): void {
  const known = positive(facts.width) && positive(facts.height);
  const range = known ? imageTokenRange(rules.image, facts.width!, facts.height!) : imageTokenRange(rules.image, UNKNOWN_IMAGE.width, UNKNOWN_IMAGE.height);
  if (!known) t.reasons.add('image-size-unknown');
  if (rules.family.image_borrowed) t.reasons.add('borrowed-rule');
  if (range.low !== range.high) t.reasons.add('setting-unknown');
  add(t, range);
  use(t, rules.image);
}

/** A PDF's pages by the family's PDF rule, and its text where the provider reads it. */
function pdfFile(t: Tally, facts: AttachmentFacts, rules: AttachmentRulesForModel, windowTokens: number): void {
  const pdf = rules.pdf;
  use(t, pdf);
  const pages = positive(facts.pages) ? Math.round(facts.pages) : 0;
  if (pdf.page_tokens !== undefined) add(t, exact(pages * pdf.page_tokens));
  if (pdf.page_image_tokens !== undefined) {
    add(t, exact(pages * pdf.page_image_tokens));
    t.reasons.add('page-picture-size');
  }
  if (pdf.page_image_rule !== undefined) {
    const pageRule = must(imageIndex, pdf.page_image_rule, 'image rule');
    use(t, pageRule);
    // Pages whose size the PDF does not state are drawn as US Letter, the commonest page size.
    const sizes = facts.pageSizes ?? [];
    for (let i = 0; i < pages; i++) {
      const size = sizes[i] ?? sizes[sizes.length - 1] ?? { width: 612, height: 792 };
      add(t, imageTokenRange(pageRule, size.width, size.height));
    }
    t.reasons.add('page-picture-size');
  }
  if (pdf.adds_text && !textFile(t, facts, rules, windowTokens)) t.reasons.add('pdf-text-unread');
}

/**
 * The tokens the model reads for one attached file. A file is skipped (with a code) only when nothing
 * sensible can be said; everything else is counted, estimated where a fact or a published rule is missing.
 */
export function countAttachment(facts: AttachmentFacts, target: AttachmentTarget): AttachmentOutcome {
  if (facts.kind === 'media') return { ok: false, skip: 'media-not-counted' };
  if (!(facts.bytes > 0)) return { ok: false, skip: 'empty' };
  const rules = attachmentRulesFor(target.modelKey, target.site);
  const windowTokens = positive(target.windowTokens) ? target.windowTokens : Infinity;
  const t = tally();
  let basis: AttachmentBasis;
  switch (facts.kind) {
    case 'image':
      picture(t, facts, rules);
      basis = rules.family.image_borrowed ? 'borrowed-rule' : 'provider-rule';
      break;
    case 'pdf':
      pdfFile(t, facts, rules, windowTokens);
      basis = rules.pdf.provider === 'none' ? 'stated-estimate' : 'provider-rule';
      if (basis === 'stated-estimate') t.reasons.add('no-published-rule');
      break;
    case 'text':
    case 'other': {
      const office = officeFormat(facts.mime) !== null;
      const readable = facts.kind === 'text' || office;
      if (readable) use(t, office ? OFFICE_RULE : TEXT_RULE);
      if (readable && textFile(t, facts, rules, windowTokens)) basis = 'tokenizer';
      else if (office) {
        // An office file whose text could not be read: a stated estimate, never its byte size.
        add(t, OFFICE_RULE.unread_tokens);
        t.reasons.add('office-unread');
        basis = 'stated-estimate';
      } else {
        // A text not read at all (too large), or a file of no kind we read: the byte-size estimate.
        add(t, exact(Math.min(OTHER_RULE.max_tokens, Math.ceil(facts.bytes / OTHER_RULE.bytes_per_token))));
        use(t, OTHER_RULE);
        t.reasons.add('size-estimate');
        basis = 'stated-estimate';
      }
      break;
    }
  }
  // Nothing is read past the window: a picture or a PDF's pages beyond it are cut like a text.
  const range = { low: Math.min(t.range.low, windowTokens), central: Math.min(t.range.central, windowTokens), high: Math.min(t.range.high, windowTokens) };
  if (range.high < t.range.high) t.reasons.add('context-limit');
  const reasons = ATTACHMENT_ESTIMATE_REASONS.filter((r) => t.reasons.has(r));
  return {
    ok: true,
    value: {
      kind: facts.kind,
      tokens: range.central,
      range,
      estimated: reasons.length > 0,
      basis: reasons.includes('size-estimate') ? 'stated-estimate' : basis,
      rules: [...t.rules],
      sources: [...t.sources],
      reasons,
      maySearch: facts.kind !== 'image' && rules.retrieval.may_search,
    },
  };
}
