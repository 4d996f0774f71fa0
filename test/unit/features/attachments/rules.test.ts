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

/** A model (and its site) whose family reads pictures by each rule (checked below: the count names that rule). */
const MODEL_OF_RULE: Record<string, [string, string?]> = {
  'openai-patches': ['alpha-5.6-terra'],
  'openai-patches-5.5': ['alpha-5.5'],
  'openai-patches-5.4': ['alpha-5.4'],
  'openai-tiles': ['alpha-4o'],
  'openai-tiles-o': ['o1'],
  'openai-tiles-4o-mini': ['alpha-4o-mini'],
  'anthropic-patches-1568': ['beta-opus-4.5'],
  'anthropic-patches-2576': ['beta-sonnet-5.5'],
  'gemini-tiles-258': ['gamma-2.0-flash'],
  'gemini-media': ['gamma-3.5-flash'],
  'mistral-area-784': ['zeta-medium-3.5'],
  'xai-tiles-448': ['custom', 'grok'],
  'deepseek-fixed-384': ['delta-v4-flash'],
  'llama4-tiles-336': ['epsilon-4-maverick'],
};
/** The tokens (low, central, high) of a width x height picture sent to a model read by `ruleId`. */
function imageRange(ruleId: string, width: number, height: number) {
  const [model, site] = MODEL_OF_RULE[ruleId]!;
  const value = counted({ kind: 'image', mime: 'image/png', bytes: 1, width, height }, model, site);
  expect(value.rules).toEqual([ruleId]);
  expect(value.tokens).toBe(value.range.central);
  return value.range;
}
const imageTokens = (ruleId: string, width: number, height: number) => imageRange(ruleId, width, height).central;

describe('picture rules against the providers’ worked examples', () => {
  it('OpenAI patches (GPT-5.6): 1024² is 1,229; 2048² at high is 3,000; 4032 x 3024 is 2,942 at high and 14,364 at original', () => {
    expect(imageRange('openai-patches', 1024, 1024)).toEqual({ low: 308, central: 1229, high: 1229 });
    expect(imageTokens('openai-patches', 2048, 2048)).toBe(3000);
    expect(imageRange('openai-patches', 4032, 3024)).toEqual({ low: 231, central: 2942, high: 14364 });
  });

  it('OpenAI patches on GPT-5.5 (original within 6000 px and 10,000 patches) and GPT-5.4 (low and high only)', () => {
    // 126 x 95 patches are past the 10,000 budget: shrunk to 115 x 86.
    expect(imageRange('openai-patches-5.5', 4032, 3024)).toEqual({ low: 231, central: 2942, high: Math.ceil(115 * 86 * 1.2) });
    expect(imageRange('openai-patches-5.4', 4032, 3024)).toEqual({ low: 231, central: 2942, high: 2942 });
  });

  it('OpenAI tiles: 1024 x 1024 is 765 and 2048 x 4096 is 1,105 at high detail, 85 at low; o1 75 + 150; GPT-4o mini 2,833 + 5,667', () => {
    expect(imageRange('openai-tiles', 1024, 1024)).toEqual({ low: 85, central: 765, high: 765 });
    expect(imageTokens('openai-tiles', 2048, 4096)).toBe(1105);
    expect(imageTokens('openai-tiles', 300, 200)).toBe(255);
    expect(imageTokens('openai-tiles-o', 1024, 1024)).toBe(75 + 4 * 150);
    expect(imageTokens('openai-tiles-4o-mini', 1024, 1024)).toBe(2833 + 4 * 5667);
  });

  it('Anthropic: ceil(w / 28) x ceil(h / 28) (1000 x 1000 is 1,296), scaled down past 1568 px or 1,568 tokens', () => {
    expect(imageRange('anthropic-patches-1568', 1000, 1000)).toEqual({ low: 1296, central: 1296, high: 1296 });
    expect(imageTokens('anthropic-patches-1568', 200, 200)).toBe(64);
    const photo = imageTokens('anthropic-patches-1568', 4032, 3024);
    expect(photo).toBeLessThanOrEqual(1568);
    expect(photo).toBeGreaterThan(1500);
    expect(imageTokens('anthropic-patches-1568', 3136, 200)).toBe(56 * 4);
    const large = imageTokens('anthropic-patches-2576', 4032, 3024);
    expect(large).toBeLessThanOrEqual(4784);
    expect(large).toBeGreaterThan(4600);
    expect(imageTokens('anthropic-patches-2576', 1000, 1000)).toBe(1296);
  });

  it('Gemini 2.0: 258 up to 384 x 384, else 258 per 768 x 768 tile; Gemini 3 at 1,120, from 280 (low) to 2,240 (ultra high)', () => {
    expect(imageTokens('gemini-tiles-258', 384, 384)).toBe(258);
    expect(imageTokens('gemini-tiles-258', 600, 400)).toBe(258);
    expect(imageTokens('gemini-tiles-258', 1024, 1024)).toBe(4 * 258);
    expect(imageRange('gemini-media', 4032, 3024)).toEqual({ low: 280, central: 1120, high: 2240 });
  });

  it('Mistral: about w x h / 784 within 1540 x 1540 (1000 x 1000 is 1,276, at most 3,025)', () => {
    expect(imageRange('mistral-area-784', 1000, 1000)).toEqual({ low: 1276, central: 1276, high: 1276 });
    expect(imageTokens('mistral-area-784', 1540, 1540)).toBe(3025);
    expect(imageTokens('mistral-area-784', 4032, 3024)).toBeLessThanOrEqual(3025);
  });

  it('xAI: 448-px tiles at 256 each, at most 6, plus a thumbnail tile: at most 1,792', () => {
    expect(imageTokens('xai-tiles-448', 400, 400)).toBe(256);
    expect(imageTokens('xai-tiles-448', 896, 448)).toBe(3 * 256);
    expect(imageTokens('xai-tiles-448', 4032, 3024)).toBe(1792);
  });

  it('DeepSeek a stated 384 a picture, Meta Llama 4’s 336-px tiles at 144 each (at most 16 and a global tile), both estimated', () => {
    expect(imageTokens('deepseek-fixed-384', 4032, 3024)).toBe(384);
    expect(imageTokens('llama4-tiles-336', 336, 336)).toBe(144);
    expect(imageTokens('llama4-tiles-336', 4032, 3024)).toBe(17 * 144);
  });
});

describe('countAttachment', () => {
  it('counts a 1024 x 1024 picture by each site’s default model, estimated where the rule is borrowed or its setting unknown', () => {
    const picture: AttachmentFacts = { kind: 'image', mime: 'image/png', bytes: 50_000, width: 1024, height: 1024 };
    const chatgpt = counted(picture, 'alpha-5.6-terra');
    expect(chatgpt).toMatchObject({ tokens: 1229, estimated: true, basis: 'provider-rule', rules: ['openai-patches'], reasons: ['setting-unknown'] });
    expect(counted(picture, 'beta-sonnet-5.5')).toMatchObject({ tokens: 37 * 37, estimated: false });
    expect(counted(picture, 'gamma-3.5-flash')).toMatchObject({ tokens: 1120, estimated: true, reasons: ['setting-unknown'] });
    expect(counted(picture, 'gamma-2.0-flash')).toMatchObject({ tokens: 1032, estimated: false });
    expect(counted(picture, 'zeta-medium-3.5')).toMatchObject({ tokens: Math.ceil((1024 * 1024) / 784), estimated: false, basis: 'provider-rule' });
    expect(counted(picture, 'custom', 'grok')).toMatchObject({ tokens: 7 * 256, estimated: false, basis: 'provider-rule', rules: ['xai-tiles-448'] });
    expect(counted(picture, 'delta-v4-flash')).toMatchObject({ tokens: 384, estimated: true, basis: 'borrowed-rule', reasons: ['borrowed-rule'] });
    expect(counted(picture, 'epsilon-70b', 'perplexity')).toMatchObject({ estimated: true, basis: 'borrowed-rule', rules: ['openai-patches'] });
    expect(counted(picture, 'custom', 'none')).toMatchObject({ estimated: true, basis: 'borrowed-rule' });
    expect(chatgpt.maySearch).toBe(false);
  });

  it('counts a picture whose size cannot be read as a 12-megapixel photo, estimated', () => {
    const value = counted({ kind: 'image', mime: 'image/jpeg', bytes: 3_000_000 }, 'beta-opus-4.5');
    expect(value).toMatchObject({ estimated: true, reasons: ['image-size-unknown'] });
    expect(value.tokens).toBeLessThanOrEqual(1568);
  });

  it('counts a 3-page PDF per the provider’s page rule, with the text where the provider reads it', () => {
    const pdf: AttachmentFacts = { kind: 'pdf', mime: 'application/pdf', bytes: 40_000, pages: 3, textTokens: 300 };
    expect(counted(pdf, 'beta-sonnet-5.5')).toMatchObject({ tokens: 3 * 1568 + 300, estimated: true, reasons: ['page-picture-size'] });
    expect(counted(pdf, 'gamma-2.0-flash')).toMatchObject({ tokens: 3 * 258, estimated: false, basis: 'provider-rule' });
    expect(counted(pdf, 'gamma-3.5-flash')).toMatchObject({ tokens: 3 * 560, estimated: false });
    // The API's rule (Copilot): US Letter pages (612 x 792 points) are 20 x 25 patches each at high, times 1.2: 600.
    const letter = { width: 612, height: 792 };
    expect(counted({ ...pdf, pageSizes: [letter, letter, letter] }, 'alpha-5.6-terra', 'copilot')).toMatchObject({
      tokens: 3 * 600 + 300,
      rules: ['openai-pdf', 'openai-patches'],
    });
    // ChatGPT reads a PDF's text (and searches it), not pictures of its pages.
    expect(counted(pdf, 'alpha-5.6-terra', 'chatgpt')).toMatchObject({ tokens: 300, rules: ['chatgpt-pdf-text'], maySearch: true });
    expect(counted(pdf, 'zeta-medium-3.5')).toMatchObject({ tokens: 300, estimated: true, basis: 'stated-estimate', reasons: ['no-published-rule'] });
  });

  it('marks a PDF whose text was not read, and counts its pages all the same', () => {
    const value = counted({ kind: 'pdf', mime: 'application/pdf', bytes: 40_000, pages: 10 }, 'beta-opus-5.5');
    expect(value).toMatchObject({ tokens: 10 * 1568, estimated: true, reasons: ['page-picture-size', 'pdf-text-unread'] });
  });

  it('counts a text file exactly by its tokens, and scales up a text read only in part', () => {
    const text: AttachmentFacts = { kind: 'text', mime: 'text/plain', bytes: 1_000, textTokens: 240 };
    expect(counted(text, 'delta-v3')).toMatchObject({
      tokens: 240,
      range: { low: 240, central: 240, high: 240 },
      estimated: false,
      basis: 'tokenizer',
      reasons: [],
    });
    expect(counted({ ...text, textCoverage: 0.25 }, 'delta-v3')).toMatchObject({ tokens: 960, estimated: true, reasons: ['text-truncated'] });
    expect(counted({ kind: 'text', mime: 'text/plain', bytes: 4_000 }, 'delta-v3')).toMatchObject({
      tokens: 1000,
      basis: 'stated-estimate',
      reasons: ['size-estimate'],
    });
  });

  it('reads a long text whole within the window; past it, what the site’s search puts before the model, the window as the high end', () => {
    const big: AttachmentFacts = { kind: 'text', mime: 'text/markdown', bytes: 1_500_000, textTokens: 350_000 };
    expect(counted(big, 'beta-sonnet-5.5')).toMatchObject({ tokens: 200_000, estimated: true, reasons: ['retrieval'], maySearch: true });
    // ChatGPT: 20 chunks of 800 tokens (OpenAI's file search defaults), from one chunk to the window.
    const chatgpt = countAttachment(big, { modelKey: 'alpha-5.6-terra', site: 'chatgpt', windowTokens: 32_000 });
    expect(chatgpt).toMatchObject({ ok: true, value: { range: { low: 800, central: 16_000, high: 32_000 }, reasons: ['retrieval'], maySearch: true } });
    expect(countAttachment({ ...big, textTokens: 20_000 }, { modelKey: 'alpha-5.6-terra', site: 'chatgpt', windowTokens: 32_000 })).toMatchObject({
      ok: true,
      value: { tokens: 20_000, estimated: false },
    });
    // A site that publishes no search: cut at the window, which the model cannot read past.
    expect(countAttachment(big, { modelKey: 'gamma-3.5-flash', site: 'gemini', windowTokens: 1_000_000 })).toMatchObject({
      ok: true,
      value: { tokens: 350_000 },
    });
    expect(countAttachment(big, { modelKey: 'gamma-3.5-flash', site: 'gemini', windowTokens: 32_000 })).toMatchObject({
      ok: true,
      value: { tokens: 32_000, reasons: ['context-limit'], maySearch: false },
    });
    // Searching is the site's doing: Claude's model on perplexity.ai is not read as claude.ai's projects.
    expect(counted(big, 'beta-sonnet-4.6', 'perplexity')).toMatchObject({ tokens: 350_000, estimated: false, maySearch: false });
  });

  it('counts a CSV on ChatGPT as its preview and what the code prints, the whole file within the window only as the high end', () => {
    const csv: AttachmentFacts = { kind: 'text', mime: 'text/csv', bytes: 3_000_000, textTokens: 1_819_534, previewTokens: 120 };
    const value = countAttachment(csv, { modelKey: 'alpha-5.6-terra', site: 'chatgpt', windowTokens: 16_000 });
    expect(value).toMatchObject({ ok: true, value: { range: { low: 320, central: 1120, high: 16_000 }, reasons: ['data-tool'], estimated: true } });
    // Elsewhere a CSV is a text like any other.
    expect(countAttachment(csv, { modelKey: 'beta-sonnet-5.5', site: 'claude', windowTokens: 200_000 })).toMatchObject({
      ok: true,
      value: { tokens: 200_000 },
    });
  });

  it('counts an office file by its text, and a damaged or protected one by a stated estimate, never by its size', () => {
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(counted({ kind: 'other', mime: docx, bytes: 40_000, textTokens: 2_345 }, 'alpha-5.5')).toMatchObject({
      tokens: 2_345,
      estimated: false,
      basis: 'tokenizer',
      rules: ['office-text'],
    });
    expect(counted({ kind: 'other', mime: docx, bytes: 40_000, unread: 'protected' }, 'alpha-5.5')).toMatchObject({
      tokens: rules.office_rule.unread_tokens.central,
      range: rules.office_rule.unread_tokens,
      estimated: true,
      basis: 'stated-estimate',
      reasons: ['office-unread'],
    });
  });

  it('estimates any other file from its size, within the per-file cap and the window', () => {
    expect(counted({ kind: 'other', mime: 'application/octet-stream', bytes: 40_000 }, 'alpha-5.5')).toMatchObject({
      tokens: 10_000,
      estimated: true,
      basis: 'stated-estimate',
      rules: [OTHER_RULE.id],
    });
    expect(counted({ kind: 'other', mime: 'application/zip', bytes: 500 * 1024 * 1024 }, 'alpha-5.5').tokens).toBe(OTHER_RULE.max_tokens);
    expect(
      countAttachment({ kind: 'other', mime: 'application/zip', bytes: 500 * 1024 * 1024 }, { ...target('alpha-5.5'), windowTokens: 16_000 }),
    ).toMatchObject({ ok: true, value: { tokens: 16_000, reasons: ['context-limit', 'size-estimate'] } });
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
      const image = counted(picture, model.key, 'none');
      expect(image.rules, model.key).toEqual([row.image]);
      expect(image.basis, model.key).toBe(row.image_borrowed ? 'borrowed-rule' : 'provider-rule');
      expect(counted(pdf, model.key, 'none').rules[0], model.key).toBe(row.pdf);
    }
    for (const [site, { default: modelKey }] of Object.entries(siteModels.sites)) {
      for (const facts of [picture, pdf]) expect(countAttachment(facts, { modelKey, site }).ok, `${site} ${modelKey}`).toBe(true);
    }
  });

  it('gives every source the passage it was taken from and the day it was read', () => {
    for (const source of rules.sources) {
      expect(source.quote.length, source.id).toBeGreaterThan(20);
      expect(source.read, source.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
    for (const [site, override] of Object.entries(rules.site_overrides)) {
      if (typeof override === 'string') continue;
      expect(Object.keys(siteModels.sites)).toContain(site);
      if ('image' in override) expect(imageIds).toContain(override.image);
      if ('pdf' in override) expect(pdfIds).toContain(override.pdf);
    }
    for (const r of rules.retrieval) if ('chunk_source' in r) expect(sources).toContain(r.chunk_source);
    for (const r of [...rules.data_tools, rules.office_rule]) expect(sources, r.id).toContain(r.source);
    for (const [site, id] of Object.entries(RETRIEVAL_BY_SITE)) {
      expect(Object.keys(siteModels.sites)).toContain(site);
      expect(retrievalIds).toContain(id);
    }
    expect(retrievalIds).toContain(DEFAULT_RETRIEVAL);
  });
});
