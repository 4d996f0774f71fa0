import { describe, expect, it } from 'vitest';
import siteModels from '../../../data/site-models.json';
import { findModel } from '../../../src/core/tables';
import { SITE_IDS, type SiteId } from '../../../src/domain/site-ids';
import { resolveModel, resolveTokenizer, unknownModelLabel } from '../../../src/counting/models';
import { approximationOf } from '../../../src/domain/tokenizers';
import { siteCustomRate } from '../../../src/sites/site-models';
import ratesData from '../../../data/custom-rates.json';
import { customRate } from '../../../src/core/custom-rates';

// The site's default model, read where it is kept.
const defaultModelKey = (site: SiteId): string => (siteModels as { sites: Record<SiteId, { default: string }> }).sites[site].default;

describe('site models (data/site-models.json)', () => {
  it('names only model keys of the specification, each of its own site family', () => {
    const family = {
      chatgpt: /^(alpha-|o\d)/,
      claude: /^beta-/,
      gemini: /^gamma-/,
      deepseek: /^delta-/,
      meta: /^epsilon-/,
      mistral: /^zeta-/,
      // Perplexity serves models of several families; Copilot runs OpenAI's; Grok's are in no family of the table.
      perplexity: /^(alpha-|beta-|gamma-|delta-|epsilon-|zeta-|o\d|custom$)/,
      copilot: /^(alpha-|o\d)/,
      grok: /^custom$/,
      doubao: /^custom$/,
      // Poe serves bots of every family, and bots of none.
      poe: /^(alpha-|beta-|gamma-|delta-|epsilon-|zeta-|o\d|custom$)/,
      qwen: /^custom$/,
      kimi: /^custom$/,
    };
    const sites = (siteModels as { sites: Record<string, { default: string; labels: Array<{ key: string }> }> }).sites;
    expect(Object.keys(sites).sort()).toEqual([...SITE_IDS].sort());
    for (const site of SITE_IDS) {
      for (const key of [sites[site].default, ...sites[site].labels.map((l) => l.key)]) {
        expect(findModel(key), `${site}: ${key}`).toBeDefined();
        expect(key).toMatch(family[site]);
      }
    }
  });

  it('maps the labels pages show to keys (null: no pattern matches, so the site default counts)', () => {
    const cases: Array<[Parameters<typeof resolveModel>[0], string, string | null]> = [
      ['chatgpt', 'gpt-4o', 'alpha-4o'],
      ['chatgpt', 'GPT-4o mini', 'alpha-4o-mini'],
      ['chatgpt', 'gpt-5-5-pro', 'alpha-5.5-pro'],
      ['chatgpt', 'GPT-5.5', 'alpha-5.5'],
      ['chatgpt', 'o1-mini', 'o1-mini'],
      ['chatgpt', 'o1', 'o1'],
      ['chatgpt', 'GPT-4', 'alpha-4'],
      ['chatgpt', 'ChatGPT', null],
      ['chatgpt', 'gpt-5-3', null],
      ['claude', 'Claude Opus 4.5', 'beta-opus-4.5'],
      ['claude', 'Claude Sonnet 5.5', 'beta-sonnet-5.5'],
      ['claude', 'Claude Sonnet 5', 'beta-sonnet-5'],
      ['claude', 'Claude 3.5 Sonnet', 'beta-3.5-sonnet'],
      ['claude', 'Haiku 4.5', 'beta-haiku-4.5'],
      ['gemini', '3.1 Pro', 'gamma-3.1-pro-preview'],
      ['gemini', '3.5 Flash-Lite', 'gamma-3.5-flash-lite'],
      ['gemini', '3.5 Flash', 'gamma-3.5-flash'],
      ['gemini', 'Fast', 'gamma-3.5-flash'],
      ['deepseek', 'DeepThink', 'delta-v4-pro'],
      ['deepseek', 'DeepSeek-R1', 'delta-r1'],
      ['mistral', 'Mistral Medium', 'zeta-medium-3.5'],
      ['mistral', 'Mistral Large 3', 'zeta-large-3'],
      ['meta', 'Llama 4 Scout', 'epsilon-4-scout'],
      ['perplexity', 'Prepared using Sonar', 'epsilon-70b'],
      ['perplexity', 'Prepared using Best', 'epsilon-70b'],
      ['perplexity', 'Prepared using Claude Sonnet 4.6 Thinking', 'beta-sonnet-4.6'],
      ['perplexity', 'Prepared using Claude Opus 4.5', 'beta-opus-4.5'],
      ['perplexity', 'Prepared using GPT-5.5', 'alpha-5.5'],
      ['perplexity', 'Prepared using GPT-5.1', 'alpha-5.6-terra'],
      ['perplexity', 'Prepared using o3-mini', 'o3-mini'],
      ['perplexity', 'Prepared using Gemini 3 Pro', 'gamma-3.1-pro-preview'],
      ['perplexity', 'Prepared using Gemini 3.5 Flash', 'gamma-3.5-flash'],
      ['perplexity', 'Prepared using R1 1776', 'delta-r1'],
      ['perplexity', 'Prepared using Grok 4', 'custom'],
      ['perplexity', 'Prepared using Kimi K2 Thinking', 'custom'],
      ['copilot', 'Think Deeper', 'o1'],
      ['copilot', 'Smart (GPT-5)', 'alpha-5.6-terra'],
      ['copilot', 'GPT-4o', 'alpha-4o'],
      ['copilot', 'o3-mini', 'o3-mini'],
      ['copilot', 'Quick response', null],
      ['grok', 'Grok 4', null],
      ['doubao', '快速', 'custom'],
      ['doubao', '深度思考', 'custom'],
      ['poe', 'Claude-Sonnet-4.6', 'beta-sonnet-4.6'],
      ['poe', 'Claude-Opus-4.5', 'beta-opus-4.5'],
      ['poe', 'Claude-Haiku-4.5', 'beta-haiku-4.5'],
      ['poe', 'GPT-4o-Mini', 'alpha-4o-mini'],
      ['poe', 'GPT-4o', 'alpha-4o'],
      ['poe', 'GPT-5.5', 'alpha-5.5'],
      ['poe', 'GPT-5-mini', 'alpha-5.6-luna'],
      ['poe', 'GPT-Image-1', 'alpha-5.6-terra'],
      ['poe', 'o3-mini', 'o3-mini'],
      ['poe', 'Gemini-2.0-Flash', 'gamma-2.0-flash'],
      ['poe', 'Gemini-3.1-Pro', 'gamma-3.1-pro-preview'],
      ['poe', 'Gemini-2.5-Flash', 'gamma-3.5-flash'],
      ['poe', 'DeepSeek-R1', 'delta-r1'],
      ['poe', 'DeepSeek-V3', 'delta-v3'],
      ['poe', 'Llama-3.3-70B', 'epsilon-70b'],
      ['poe', 'Llama-4-Maverick', 'epsilon-4-maverick'],
      ['poe', 'Mistral-Large-3', 'zeta-large-3'],
      ['poe', 'Mistral-Medium', 'zeta-medium-3.5'],
      ['poe', 'Grok-4', 'custom'],
      ['poe', 'Assistant', 'custom'],
      ['poe', 'MyTutorBot', null],
      ['qwen', 'Qwen3.6-Plus', 'custom'],
      ['qwen', '千问3.6-Plus', 'custom'],
      ['kimi', 'K2.6', 'custom'],
      ['kimi', '长思考', null],
    ];
    for (const [site, label, key] of cases) expect(resolveModel(site, label, {}).modelKey, `${site}: ${label}`).toBe(key ?? defaultModelKey(site));
  });

  it('counts a model the table lacks as custom, with the rate data/custom-rates.json names for it', () => {
    expect(resolveModel('grok', 'Grok 4 Heavy', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('grok').wh_per_1k });
    expect(resolveModel('grok', null, {})).toEqual({ modelKey: 'custom', customWhPer1k: 2 });
    expect(resolveModel('perplexity', 'Prepared using Grok 4', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('grok').wh_per_1k });
    expect(resolveModel('perplexity', 'Prepared using Kimi K2', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k });
    expect(resolveModel('perplexity', 'Prepared using Some New Model', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
    expect(resolveModel('perplexity', null, {})).toEqual({ modelKey: 'epsilon-70b' });
    // An override to custom takes the site's own rate; any other override drops the rate.
    expect(resolveModel('perplexity', 'Prepared using Sonar', { perplexity: 'custom' })).toEqual({ modelKey: 'custom', customWhPer1k: 0.6 });
    expect(resolveModel('grok', 'Grok 4', { grok: 'custom' })).toEqual({ modelKey: 'custom', customWhPer1k: 2 });
    expect(resolveModel('perplexity', 'Prepared using Grok 4', { perplexity: 'beta-opus-5' })).toEqual({ modelKey: 'beta-opus-5' });
    expect(siteCustomRate('chatgpt')).toBeNull();
    expect(resolveModel('doubao', '快速', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    expect(resolveModel('doubao', null, {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    expect(resolveModel('poe', 'Grok-4', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('grok').wh_per_1k });
    expect(resolveModel('poe', 'Doubao-Seed-1.6', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('doubao').wh_per_1k });
    // Qwen and Kimi bots at their own sites' rates.
    expect(resolveModel('poe', 'Qwen3-235B-A22B', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k });
    expect(resolveModel('poe', 'QwQ-32B', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k });
    expect(resolveModel('poe', 'Kimi-K2', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k });
    expect([resolveTokenizer('poe', 'Qwen3-235B-A22B', {}), resolveTokenizer('poe', 'Kimi-K2', {})]).toEqual(['qwen3', 'o200k']);
    // Poe's own Assistant names no model, and a bot no rule knows counts as the site's default: the unlisted rate.
    expect(resolveModel('poe', 'Assistant', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
    expect(resolveModel('poe', 'MyTutorBot', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('unlisted').wh_per_1k });
  });

  it('counts Qwen and Kimi at their own rates, Qwen in its own vocabulary and Kimi in o200k (approximate)', () => {
    expect(resolveModel('qwen', 'Qwen3.6-Plus', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('qwen').wh_per_1k });
    expect(resolveModel('qwen', null, {})).toEqual({ modelKey: 'custom', customWhPer1k: 0.85 });
    expect(resolveModel('kimi', 'K2.6', {})).toEqual({ modelKey: 'custom', customWhPer1k: customRate('kimi').wh_per_1k });
    expect(resolveModel('kimi', '长思考', {})).toEqual({ modelKey: 'custom', customWhPer1k: 3.78 });
    expect(resolveTokenizer('qwen', 'Qwen3.6-Plus', {})).toBe('qwen3');
    expect(resolveTokenizer('qwen', null, {})).toBe('qwen3');
    expect(resolveTokenizer('kimi', 'K2.6', {})).toBe('o200k');
    expect(resolveTokenizer('grok', null, {})).toBe('o200k');
    expect(resolveTokenizer('doubao', null, {})).toBe('o200k');
    expect(resolveTokenizer('deepseek', 'DeepThink', {})).toBe('deepseek-v3');
    expect(resolveTokenizer('poe', 'DeepSeek-R1', {})).toBe('deepseek-v3');
    // A user's override to a model of the table takes that model's vocabulary.
    expect(resolveTokenizer('qwen', null, { qwen: 'alpha-5.5' })).toBe('o200k');
    expect(approximationOf('custom', 'o200k')).toBe('o200k');
    expect(approximationOf('custom', 'qwen3')).toBeNull();
    // A custom turn in a vocabulary no rate names (a Poe chat whose first bot was DeepSeek's) is approximate.
    expect(approximationOf('custom', 'deepseek-v3')).toBe('DeepSeek V3');
    expect(approximationOf('beta-sonnet-4.6', 'o200k')).toBe('o200k');
  });

  it('names a Poe bot or a Doubao mode no rule knows, and never one an override replaces', () => {
    expect(unknownModelLabel('poe', 'MyTutorBot', {})).toBe('MyTutorBot');
    expect(unknownModelLabel('poe', '我的导师机器人', {})).toBe('我的导师机器人');
    // Qwen's Chinese name is a known family now: its rate, no note.
    expect(unknownModelLabel('poe', '通义千问助手', {})).toBeNull();
    expect(unknownModelLabel('doubao', '视频生成', {})).toBe('视频生成');
    expect(unknownModelLabel('poe', 'Claude-Sonnet-4.6', {})).toBeNull();
    expect(unknownModelLabel('poe', 'Assistant', {})).toBeNull();
    expect(unknownModelLabel('doubao', '深度思考', {})).toBeNull();
    expect(unknownModelLabel('poe', null, {})).toBeNull();
    expect(unknownModelLabel('poe', 'MyTutorBot', { poe: 'beta-opus-5' })).toBeNull();
  });

  it('writes each custom rate once, with its source, derivation and uncertainty', () => {
    for (const r of ratesData.rates) {
      expect(r.low).toBeLessThanOrEqual(r.wh_per_1k);
      expect(r.high).toBeGreaterThanOrEqual(r.wh_per_1k);
      expect(r.source).toMatch(/https:\/\//);
      expect(r.derivation.length).toBeGreaterThan(40);
      expect(r.uncertainty.length).toBeGreaterThan(40);
    }
    const named = Object.values((siteModels as { sites: Record<string, { custom_rate?: string; labels: Array<{ custom_rate?: string }> }> }).sites).flatMap(
      (s) => [s.custom_rate, ...s.labels.map((l) => l.custom_rate)].filter((id): id is string => !!id),
    );
    for (const id of named) expect(() => customRate(id)).not.toThrow();
  });

  it('resolves override, then label, then default', () => {
    expect(resolveModel('gemini', '3.1 Pro', { gemini: 'gamma-2.0-flash' }).modelKey).toBe('gamma-2.0-flash');
    expect(resolveModel('gemini', '3.1 Pro', {}).modelKey).toBe('gamma-3.1-pro-preview');
    expect(resolveModel('gemini', null, {}).modelKey).toBe(defaultModelKey('gemini'));
    expect(resolveModel('meta', null, { chatgpt: 'o1' }).modelKey).toBe('epsilon-4-maverick');
  });
});
