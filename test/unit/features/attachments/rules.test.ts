import { describe, expect, it } from 'vitest';
import rules from '../../../../data/attachment-rules.json';
import siteModels from '../../../../data/site-models.json';
import { attachmentKind, countAttachment, type AttachmentFacts } from '../../../../src/features/attachments/rules';
import { MODELS } from '../../../../src/core/tables';

const TEXT_RULE = rules.text_rule;
const OTHER_RULE = rules.other_rule;
const { $comment: _comment, default: DEFAULT_RETRIEVAL, ...RETRIEVAL_BY_SITE } = rules.retrieval_by_site;
/** The chat site whose everyday models each family's keys are. */
const SITE_OF: Record<string, string> = {
  alpha: 'chatgpt',
  o1: 'chatgpt',
  o3: 'chatgpt',
  beta: 'claude',
  gamma: 'gemini',
  delta: 'deepseek',
  epsilon: 'meta',
  zeta: 'mistral',
};
const target = (modelKey: string, site = SITE_OF[modelKey.split('-')[0]!] ?? 'grok') => ({ modelKey, site });
const counted = (facts: AttachmentFacts, model: string, site?: string) => {
  const outcome = countAttachment(facts, target(model, site));
  if (!outcome.ok) throw new Error(`skipped: ${outcome.skip}`);
  return outcome.value;
};

/** A model whose family reads pictures by each rule (checked below: the count names that rule). */
const MODEL_OF_RULE: Record<string, string> = {
  'openai-tiles': 'alpha-5.6-terra',
  'openai-patches-mini': 'alpha-5.6-luna',
  'anthropic-area-1568': 'beta-opus-4.5',
  'anthropic-area-2576': 'beta-sonnet-5.5',
  'gemini-tiles-258': 'gamma-2.0-flash',
  'gemini-media-high': 'gamma-3.5-flash',
  'mistral-patches-16': 'zeta-medium-3.5',
};
/** The tokens of a width x height picture sent to a model read by `ruleId`. */
function imageTokens(ruleId: string, width: number, height: number): number {
  const value = counted({ kind: 'image', mime: 'image/png', bytes: 1, width, height }, MODEL_OF_RULE[ruleId]!);
  expect(value.rules).toEqual([ruleId]);
  return value.tokens;
}

describe('picture rules against the providers’ worked examples', () => {
  it('OpenAI high detail: 1024 x 1024 is 765 tokens and 2048 x 4096 is 1,105', () => {
    expect(imageTokens('openai-tiles', 1024, 1024)).toBe(765);
    expect(imageTokens('openai-tiles', 2048, 4096)).toBe(1105);
    // A picture smaller than one tile is one tile: 85 + 170.
    expect(imageTokens('openai-tiles', 300, 200)).toBe(255);
  });

  it('OpenAI patches: 1024 x 1024 is 1,024 patches and 1800 x 2400 is scaled to 1,452, times the model multiplier', () => {
    const multiplier = rules.image_rules.find((r) => r.id === 'openai-patches-mini')!.multiplier!;
    expect(multiplier).toBe(1.62);
    expect(imageTokens('openai-patches-mini', 1024, 1024)).toBe(Math.ceil(1024 * multiplier));
    expect(imageTokens('openai-patches-mini', 1800, 2400)).toBe(Math.ceil(1452 * multiplier));
  });

  it('Anthropic: about width x height / 750 (200 x 200 is 54, 1000 x 1000 is 1,334, 1092 x 1092 is 1,590), capped after scaling down', () => {
    const claude = 'anthropic-area-1568';
    expect(imageTokens(claude, 200, 200)).toBe(54);
    expect(imageTokens(claude, 1000, 1000)).toBe(1334);
    expect(imageTokens(claude, 1092, 1092)).toBe(1590);
    // A 12-megapixel photo is scaled down to about 1,600 tokens; a long strip is held to 1568 px on its long edge.
    expect(imageTokens(claude, 4032, 3024)).toBe(1600);
    expect(imageTokens(claude, 3136, 200)).toBe(Math.ceil((1568 * 100) / 750));
    expect(imageTokens('anthropic-area-2576', 4032, 3024)).toBe(4784);
    expect(imageTokens('anthropic-area-2576', 1000, 1000)).toBe(1334);
  });

  it('Gemini 2.0: 258 up to 384 x 384, else 258 per 768 x 768 tile; Gemini 3 reads a picture at 1,120', () => {
    expect(imageTokens('gemini-tiles-258', 384, 384)).toBe(258);
    expect(imageTokens('gemini-tiles-258', 600, 400)).toBe(258);
    expect(imageTokens('gemini-tiles-258', 1024, 1024)).toBe(4 * 258);
    expect(imageTokens('gemini-media-high', 4032, 3024)).toBe(1120);
  });

  it('Pixtral: one token per 16-px patch plus a break per row, after scaling to 1024 px', () => {
    expect(imageTokens('mistral-patches-16', 1024, 1024)).toBe(64 * 64 + 64);
    expect(imageTokens('mistral-patches-16', 2048, 1024)).toBe(64 * 32 + 32);
  });
});

describe('countAttachment', () => {
  it('counts a 1024 x 1024 picture by each site’s default model, estimated only where the rule is borrowed', () => {
    const picture: AttachmentFacts = { kind: 'image', mime: 'image/png', bytes: 50_000, width: 1024, height: 1024 };
    const chatgpt = counted(picture, 'alpha-5.6-terra');
    expect(chatgpt).toMatchObject({ tokens: 765, estimated: false, basis: 'provider-rule', rules: ['openai-tiles'], sources: ['openai-images-vision'] });
    expect(counted(picture, 'beta-sonnet-5.5')).toMatchObject({ tokens: Math.ceil((1024 * 1024) / 750), estimated: false });
    expect(counted(picture, 'gamma-3.5-flash')).toMatchObject({ tokens: 1120, estimated: false });
    expect(counted(picture, 'gamma-2.0-flash')).toMatchObject({ tokens: 1032, estimated: false });
    const deepseek = counted(picture, 'delta-v4-flash');
    expect(deepseek).toMatchObject({ tokens: 765, estimated: true, basis: 'borrowed-rule', reasons: ['borrowed-rule'] });
    expect(counted(picture, 'custom')).toMatchObject({ estimated: true, basis: 'borrowed-rule' });
    expect(chatgpt.maySearch).toBe(false);
  });

  it('counts a picture whose size cannot be read as a 12-megapixel photo, estimated', () => {
    const value = counted({ kind: 'image', mime: 'image/jpeg', bytes: 3_000_000 }, 'beta-opus-4.5');
    expect(value).toMatchObject({ tokens: 1600, estimated: true, reasons: ['image-size-unknown'] });
  });

  it('counts a 3-page PDF per the provider’s page rule, with the text where the provider reads it', () => {
    const pdf: AttachmentFacts = { kind: 'pdf', mime: 'application/pdf', bytes: 40_000, pages: 3, textTokens: 300 };
    expect(counted(pdf, 'beta-sonnet-5.5')).toMatchObject({ tokens: 3 * 1600 + 300, estimated: true, reasons: ['page-picture-size'] });
    expect(counted(pdf, 'gamma-2.0-flash')).toMatchObject({ tokens: 3 * 258, estimated: false, basis: 'provider-rule' });
    expect(counted(pdf, 'gamma-3.5-flash')).toMatchObject({ tokens: 3 * 560, estimated: false });
    // US Letter pages (612 x 792 points) are 2 x 2 tiles each: 765.
    const letter = { width: 612, height: 792 };
    expect(counted({ ...pdf, pageSizes: [letter, letter, letter] }, 'alpha-5.5')).toMatchObject({
      tokens: 3 * 765 + 300,
      rules: ['openai-pdf', 'openai-tiles'],
    });
    expect(counted(pdf, 'zeta-medium-3.5')).toMatchObject({ tokens: 300, estimated: true, basis: 'stated-estimate', reasons: ['no-published-rule'] });
  });

  it('marks a PDF whose text was not read, and counts its pages all the same', () => {
    const value = counted({ kind: 'pdf', mime: 'application/pdf', bytes: 40_000, pages: 10 }, 'beta-opus-5.5');
    expect(value).toMatchObject({ tokens: 10 * 1600, estimated: true, reasons: ['page-picture-size', 'pdf-text-unread'] });
  });

  it('counts a text file exactly by its tokens, and scales up a text read only in part', () => {
    const text: AttachmentFacts = { kind: 'text', mime: 'text/plain', bytes: 1_000, textTokens: 240 };
    expect(counted(text, 'delta-v3')).toMatchObject({ tokens: 240, estimated: false, basis: 'tokenizer', rules: [TEXT_RULE.id], reasons: [] });
    expect(counted({ ...text, textCoverage: 0.25 }, 'delta-v3')).toMatchObject({ tokens: 960, estimated: true, reasons: ['text-truncated'] });
    expect(counted({ kind: 'text', mime: 'text/plain', bytes: 4_000 }, 'delta-v3')).toMatchObject({
      tokens: 1000,
      basis: 'stated-estimate',
      reasons: ['size-estimate'],
    });
  });

  it('stops counting where the site searches the rest (Claude past 200,000 tokens), and says where a site may search', () => {
    const big: AttachmentFacts = { kind: 'text', mime: 'text/csv', bytes: 1_500_000, textTokens: 350_000 };
    expect(counted(big, 'beta-sonnet-5.5')).toMatchObject({ tokens: 200_000, estimated: true, reasons: ['retrieval'], maySearch: true });
    expect(counted(big, 'alpha-5.5')).toMatchObject({ tokens: 350_000, estimated: false, maySearch: true });
    expect(counted(big, 'gamma-3.5-flash')).toMatchObject({ tokens: 350_000, maySearch: false });
    // Searching is the site's doing: Claude's model on perplexity.ai reads by Claude's picture rule, not claude.ai's projects.
    expect(counted(big, 'beta-sonnet-4.6', 'perplexity')).toMatchObject({ tokens: 350_000, estimated: false, maySearch: false });
  });

  it('estimates any other file from its size, within the per-file cap', () => {
    expect(
      counted({ kind: 'other', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: 40_000 }, 'alpha-5.5'),
    ).toMatchObject({
      tokens: 10_000,
      estimated: true,
      basis: 'stated-estimate',
      rules: [OTHER_RULE.id],
    });
    expect(counted({ kind: 'other', mime: 'application/zip', bytes: 500 * 1024 * 1024 }, 'alpha-5.5').tokens).toBe(OTHER_RULE.max_tokens);
  });

  it('skips audio, video and empty files with a code', () => {
    expect(countAttachment({ kind: 'media', mime: 'audio/mpeg', bytes: 10 }, target('alpha-5.5'))).toEqual({ ok: false, skip: 'media-not-counted' });
    expect(countAttachment({ kind: 'image', mime: 'image/png', bytes: 0 }, target('alpha-5.5'))).toEqual({ ok: false, skip: 'empty' });
  });
});

describe('attachmentKind', () => {
  it.each([
    ['image/png', 'a.png', 'image'],
    ['image/jpeg', '', 'image'],
    ['', 'photo.JPG', 'image'],
    ['application/pdf', 'x.pdf', 'pdf'],
    ['', 'report.pdf', 'pdf'],
    ['text/plain', 'notes.txt', 'text'],
    ['text/csv; charset=utf-8', 'data.csv', 'text'],
    ['application/json', 'a.json', 'text'],
    ['', 'main.rs', 'text'],
    ['application/octet-stream', 'script.py', 'text'],
    ['audio/mpeg', 'a.mp3', 'media'],
    ['video/mp4', 'a.mp4', 'media'],
    ['image/heic', 'IMG_0001.HEIC', 'image'],
    ['', 'scan.tiff', 'image'],
    ['application/zip', 'a.zip', 'other'],
  ] as const)('%s %s is %s', (mime, name, kind) => {
    expect(attachmentKind(mime, name)).toBe(kind);
  });
});

describe('the rules table', () => {
  it('maps every model key to a row of its own provider, and every site default resolves', () => {
    const providerOf: Record<string, string> = {
      alpha: 'OpenAI',
      o1: 'OpenAI',
      o3: 'OpenAI',
      beta: 'Anthropic',
      gamma: 'Google',
      delta: 'DeepSeek',
      epsilon: 'Meta',
      zeta: 'Mistral AI',
    };
    const picture: AttachmentFacts = { kind: 'image', mime: 'image/png', bytes: 1, width: 100, height: 100 };
    const pdf: AttachmentFacts = { kind: 'pdf', mime: 'application/pdf', bytes: 1, pages: 1, textTokens: 1 };
    for (const model of MODELS) {
      // A model's row is the first whose pattern matches its key; the count reads pictures and PDFs by that row's rules.
      const row = rules.families.find((f) => new RegExp(f.pattern).test(model.key))!;
      expect(row.provider, model.key).toBe(providerOf[model.key.split('-')[0]!] ?? 'none');
      const image = counted(picture, model.key, 'grok');
      expect(image.rules, model.key).toEqual([row.image]);
      expect(image.basis, model.key).toBe(row.image_borrowed ? 'borrowed-rule' : 'provider-rule');
      expect(counted(pdf, model.key, 'grok').rules[0], model.key).toBe(row.pdf);
    }
    for (const [site, { default: modelKey }] of Object.entries(siteModels.sites)) {
      for (const facts of [picture, pdf]) expect(countAttachment(facts, { modelKey, site }).ok, `${site} ${modelKey}`).toBe(true);
    }
  });

  it('names only rules it has, and every rule cites a listed source', () => {
    const sources = new Set(rules.sources.map((s) => s.id));
    const imageIds = rules.image_rules.map((r) => r.id);
    const pdfIds = rules.pdf_rules.map((r) => r.id);
    const retrievalIds = rules.retrieval.map((r) => r.id);
    for (const r of [...rules.image_rules, ...rules.pdf_rules, ...rules.retrieval, TEXT_RULE, OTHER_RULE]) expect(sources, r.id).toContain(r.source);
    for (const row of rules.families) {
      expect(imageIds).toContain(row.image);
      expect(pdfIds).toContain(row.pdf);
    }
    for (const r of rules.pdf_rules) if (r.page_image_rule !== undefined) expect(imageIds).toContain(r.page_image_rule);
    expect(rules.families.at(-1)!.pattern).toBe('.*');
    for (const [site, id] of Object.entries(RETRIEVAL_BY_SITE)) {
      expect(Object.keys(siteModels.sites)).toContain(site);
      expect(retrievalIds).toContain(id);
    }
    expect(retrievalIds).toContain(DEFAULT_RETRIEVAL);
  });
});
