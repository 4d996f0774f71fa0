import { describe, expect, it } from 'vitest';
import siteModels from '../../../data/site-models.json';
import { findModel } from '../../../src/core/tables';
import { SITE_IDS } from '../../../src/sites/site-ids';
import { defaultModelKey, modelKeyForLabel, resolveModelKey } from '../../../src/counting/models';

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

  it('maps the labels pages show to keys', () => {
    const cases: Array<[Parameters<typeof modelKeyForLabel>[0], string, string | null]> = [
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
    ];
    for (const [site, label, key] of cases) expect(modelKeyForLabel(site, label), `${site}: ${label}`).toBe(key);
  });

  it('resolves override, then label, then default', () => {
    expect(resolveModelKey('gemini', '3.1 Pro', { gemini: 'gamma-2.0-flash' })).toBe('gamma-2.0-flash');
    expect(resolveModelKey('gemini', '3.1 Pro', {})).toBe('gamma-3.1-pro-preview');
    expect(resolveModelKey('gemini', null, {})).toBe(defaultModelKey('gemini'));
    expect(resolveModelKey('meta', null, { chatgpt: 'o1' })).toBe('epsilon-4-maverick');
  });
});
