/**
 * What a model reads for a file attached to a prompt: the tokens of a picture, a PDF, a text file or
 * any other file, by the rule its provider publishes for the model's family (data/attachment-rules.json,
 * every rule with its source; docs/methodology.md, Attachments, says why each is what it is).
 *
 * Pure: the page reads the file (./page) and the worker counts a text with the site's
 * tokenizer; this turns those facts into tokens and says whether the count is estimated, and why.
 */
import rulesData from '../../../data/attachment-rules.json';
import type { AttachmentKind, AttachmentSkipCode } from './kinds';

export * from './kinds';

/** Why a count is estimated rather than the provider's published rule applied to measured facts. */
export const ATTACHMENT_ESTIMATE_REASONS = [
  /** The provider publishes no rule for this model; another provider's is used. */
  'borrowed-rule',
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
  /** Text files and a PDF's text: its tokens, counted by the worker with the site's tokenizer. */
  textTokens?: number;
  /** The share of the text that was read (1 when all of it); below 1 the count is scaled up. */
  textCoverage?: number;
}

export type AttachmentBasis = 'tokenizer' | 'provider-rule' | 'borrowed-rule' | 'stated-estimate';

export interface AttachmentCount {
  kind: AttachmentKind;
  tokens: number;
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

interface TilesRule {
  id: string;
  method: 'tiles';
  fit_within_px: number;
  short_side_px: number;
  tile_px: number;
  base_tokens: number;
  tokens_per_tile: number;
  source: string;
}
interface PatchesRule {
  id: string;
  method: 'patches';
  patch_px: number;
  max_patches: number;
  multiplier: number;
  source: string;
}
interface AreaRule {
  id: string;
  method: 'area';
  pixels_per_token: number;
  max_long_edge_px: number;
  max_tokens: number;
  source: string;
}
interface GeminiTilesRule {
  id: string;
  method: 'gemini-tiles';
  small_max_px: number;
  tile_px: number;
  tokens_per_tile: number;
  source: string;
}
interface FixedRule {
  id: string;
  method: 'fixed';
  tokens: number;
  source: string;
}
interface RowPatchesRule {
  id: string;
  method: 'row-patches';
  patch_px: number;
  max_long_edge_px: number;
  tokens_per_row_break: number;
  source: string;
}
export type ImageRule = (TilesRule | PatchesRule | AreaRule | GeminiTilesRule | FixedRule | RowPatchesRule) & { provider: string; note: string };

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
  source: string;
  note: string;
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
}

const IMAGE_RULES: readonly ImageRule[] = rulesData.image_rules as ImageRule[];
const PDF_RULES: readonly PdfRule[] = rulesData.pdf_rules;
const RETRIEVAL_RULES: readonly RetrievalRule[] = rulesData.retrieval;
const ATTACHMENT_FAMILIES: readonly AttachmentFamilyRow[] = rulesData.families;
const { $comment: _comment, default: defaultRetrieval, ...siteRetrieval } = rulesData.retrieval_by_site;
/** Retrieval rule ids by chat site (site keys as in data/site-models.json); other sites follow DEFAULT_RETRIEVAL. */
const RETRIEVAL_BY_SITE: Readonly<Record<string, string>> = siteRetrieval;
const DEFAULT_RETRIEVAL: string = defaultRetrieval;
export const ATTACHMENT_RULES_AS_OF: string = rulesData.as_of;
const TEXT_RULE = rulesData.text_rule;
const OTHER_RULE = rulesData.other_rule;
export const UNKNOWN_IMAGE = rulesData.unknown_image;

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const imageIndex = byId(IMAGE_RULES);
const pdfIndex = byId(PDF_RULES);
const retrievalIndex = byId(RETRIEVAL_RULES);
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
}

/**
 * The rules for a model key on a chat site: pictures and PDFs by the model's family (keys no row names,
 * such as custom and image-gen, get the catch-all row), searching large files by the site.
 */
function attachmentRulesFor(modelKey: string, site = ''): AttachmentRulesForModel {
  const family = (families.find((f) => f.re.test(modelKey)) ?? families[families.length - 1]!).row;
  return {
    family,
    image: must(imageIndex, family.image, 'image rule'),
    pdf: must(pdfIndex, family.pdf, 'PDF rule'),
    retrieval: must(retrievalIndex, Object.hasOwn(RETRIEVAL_BY_SITE, site) ? RETRIEVAL_BY_SITE[site]! : DEFAULT_RETRIEVAL, 'retrieval rule'),
  };
}

const positive = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/** Tokens of one picture of width x height pixels by an image rule. */
function imageTokens(rule: ImageRule, width: number, height: number): number {
  let w = width;
  let h = height;
  switch (rule.method) {
    case 'tiles': {
      const fit = Math.min(1, rule.fit_within_px / Math.max(w, h));
      w *= fit;
      h *= fit;
      const shorten = Math.min(1, rule.short_side_px / Math.min(w, h));
      w *= shorten;
      h *= shorten;
      const tiles = Math.ceil(w / rule.tile_px) * Math.ceil(h / rule.tile_px);
      return rule.base_tokens + rule.tokens_per_tile * tiles;
    }
    case 'patches': {
      const p = rule.patch_px;
      let patches = Math.ceil(w / p) * Math.ceil(h / p);
      if (patches > rule.max_patches) {
        // The guide's two steps: shrink to the patch budget, then again so a whole number of patches fits the width or height.
        const shrink = Math.sqrt((rule.max_patches * p * p) / (w * h));
        const w1 = w * shrink;
        const h1 = h * shrink;
        const fit = Math.min(Math.floor(w1 / p) / (w1 / p), Math.floor(h1 / p) / (h1 / p));
        patches = Math.min(rule.max_patches, Math.ceil((w1 * fit) / p) * Math.ceil((h1 * fit) / p));
      }
      return Math.ceil(patches * rule.multiplier);
    }
    case 'area': {
      const scale = Math.min(1, rule.max_long_edge_px / Math.max(w, h), Math.sqrt((rule.max_tokens * rule.pixels_per_token) / (w * h)));
      return Math.min(rule.max_tokens, Math.ceil((w * scale * (h * scale)) / rule.pixels_per_token));
    }
    case 'gemini-tiles':
      if (w <= rule.small_max_px && h <= rule.small_max_px) return rule.tokens_per_tile;
      return Math.ceil(w / rule.tile_px) * Math.ceil(h / rule.tile_px) * rule.tokens_per_tile;
    case 'fixed':
      return rule.tokens;
    case 'row-patches': {
      const scale = Math.min(1, rule.max_long_edge_px / Math.max(w, h));
      const cols = Math.ceil(Math.floor(w * scale) / rule.patch_px);
      const rows = Math.ceil(Math.floor(h * scale) / rule.patch_px);
      return cols * rows + rows * rule.tokens_per_row_break;
    }
  }
}

interface Tally {
  tokens: number;
  rules: Set<string>;
  sources: Set<string>;
  reasons: Set<AttachmentEstimateReason>;
}

const tally = (): Tally => ({ tokens: 0, rules: new Set(), sources: new Set(), reasons: new Set() });

function use(t: Tally, rule: { id: string; source: string }): void {
  t.rules.add(rule.id);
  t.sources.add(rule.source);
}

/** A text's tokens, scaled up when only part of it was read, and capped where the site searches the rest. */
function textPart(t: Tally, facts: AttachmentFacts, retrieval: RetrievalRule): boolean {
  if (facts.textTokens === undefined || !Number.isFinite(facts.textTokens) || facts.textTokens < 0) return false;
  let tokens = facts.textTokens;
  const coverage = facts.textCoverage ?? 1;
  if (coverage > 0 && coverage < 1) {
    tokens = Math.round(tokens / coverage);
    t.reasons.add('text-truncated');
  }
  const cap = retrieval.whole_read_max_tokens;
  if (cap !== null && tokens > cap) {
    tokens = cap;
    t.reasons.add('retrieval');
    use(t, retrieval);
  }
  t.tokens += tokens;
  return true;
}

/** The model a file was sent to, and the chat site it was sent on (a key of data/site-models.json). */
export interface AttachmentTarget {
  modelKey: string;
  site: string;
}

/**
 * The tokens the model reads for one attached file. A file is skipped (with a code) only when nothing
 * sensible can be said; everything else is counted, estimated where a fact or a published rule is missing.
 */
export function countAttachment(facts: AttachmentFacts, target: AttachmentTarget): AttachmentOutcome {
  if (facts.kind === 'media') return { ok: false, skip: 'media-not-counted' };
  if (!(facts.bytes > 0)) return { ok: false, skip: 'empty' };
  const rules = attachmentRulesFor(target.modelKey, target.site);
  const t = tally();
  let basis: AttachmentBasis;
  switch (facts.kind) {
    case 'image': {
      const known = positive(facts.width) && positive(facts.height);
      const tokens = known ? imageTokens(rules.image, facts.width!, facts.height!) : imageTokens(rules.image, UNKNOWN_IMAGE.width, UNKNOWN_IMAGE.height);
      if (!known) t.reasons.add('image-size-unknown');
      if (rules.family.image_borrowed) t.reasons.add('borrowed-rule');
      t.tokens = tokens;
      use(t, rules.image);
      basis = rules.family.image_borrowed ? 'borrowed-rule' : 'provider-rule';
      break;
    }
    case 'pdf': {
      const pdf = rules.pdf;
      use(t, pdf);
      const pages = positive(facts.pages) ? Math.round(facts.pages) : 0;
      if (pdf.page_tokens !== undefined) t.tokens += pages * pdf.page_tokens;
      if (pdf.page_image_tokens !== undefined) {
        t.tokens += pages * pdf.page_image_tokens;
        t.reasons.add('page-picture-size');
      }
      if (pdf.page_image_rule !== undefined) {
        const pageRule = must(imageIndex, pdf.page_image_rule, 'image rule');
        use(t, pageRule);
        // Pages whose size the PDF does not state are drawn as US Letter, the commonest page size.
        const sizes = facts.pageSizes ?? [];
        for (let i = 0; i < pages; i++) {
          const size = sizes[i] ?? sizes[sizes.length - 1] ?? { width: 612, height: 792 };
          t.tokens += imageTokens(pageRule, size.width, size.height);
        }
        t.reasons.add('page-picture-size');
      }
      if (pdf.adds_text && !textPart(t, facts, rules.retrieval)) t.reasons.add('pdf-text-unread');
      basis = pdf.provider === 'none' ? 'stated-estimate' : 'provider-rule';
      if (basis === 'stated-estimate') t.reasons.add('no-published-rule');
      break;
    }
    case 'text': {
      use(t, TEXT_RULE);
      if (!textPart(t, facts, rules.retrieval)) {
        // The text was not read at all (too large): the byte-size estimate of any other file.
        t.tokens = Math.min(OTHER_RULE.max_tokens, Math.ceil(facts.bytes / OTHER_RULE.bytes_per_token));
        use(t, OTHER_RULE);
        t.reasons.add('size-estimate');
      }
      basis = 'tokenizer';
      break;
    }
    case 'other': {
      use(t, OTHER_RULE);
      t.tokens = Math.min(OTHER_RULE.max_tokens, Math.ceil(facts.bytes / OTHER_RULE.bytes_per_token));
      t.reasons.add('size-estimate');
      basis = 'stated-estimate';
      break;
    }
  }
  const reasons = ATTACHMENT_ESTIMATE_REASONS.filter((r) => t.reasons.has(r));
  return {
    ok: true,
    value: {
      kind: facts.kind,
      tokens: t.tokens,
      estimated: reasons.length > 0,
      basis: reasons.includes('size-estimate') ? 'stated-estimate' : basis,
      rules: [...t.rules],
      sources: [...t.sources],
      reasons,
      maySearch: facts.kind !== 'image' && rules.retrieval.may_search,
    },
  };
}
