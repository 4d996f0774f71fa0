/** Context windows (data/context-windows.json) and a turn's input bounded by them (src/core/context-windows.ts). */
import { describe, expect, it } from 'vitest';
import windows from '../../../data/context-windows.json';
import sources from '../../../data/sources.json';
import siteModels from '../../../data/site-models.json';
import { boundInput, contextWindowFor, sitePlans } from '../../../src/core/context-windows';
import { MODELS } from '../../../src/core/tables';

describe('context windows', () => {
  it('gives ChatGPT the window of the plan and mode: Free 16K, Plus 32K (Thinking 256K), Pro 128K (Thinking 400K)', () => {
    expect(sitePlans('chatgpt')).toEqual({ plans: ['free', 'plus', 'business', 'pro', 'enterprise'], defaultPlan: 'free' });
    expect(contextWindowFor('chatgpt', 'alpha-5.6-terra')).toMatchObject({ tokens: 16_000, plan: 'free', mode: 'instant', pastWindow: 'retrieve' });
    expect(contextWindowFor('chatgpt', 'alpha-5.6-terra', 'plus')).toMatchObject({ tokens: 32_000, mode: 'instant' });
    expect(contextWindowFor('chatgpt', 'alpha-5.6-sol', 'plus')).toMatchObject({ tokens: 256_000, mode: 'thinking' });
    expect(contextWindowFor('chatgpt', 'alpha-5.6-terra', 'pro')).toMatchObject({ tokens: 128_000 });
    expect(contextWindowFor('chatgpt', 'alpha-5.5-pro', 'pro')).toMatchObject({ tokens: 400_000, mode: 'thinking' });
    // An unknown plan reads as the default; a plan's window is never above the model's own.
    expect(contextWindowFor('chatgpt', 'alpha-5.6-terra', 'platinum')).toMatchObject({ tokens: 16_000, plan: 'free' });
    expect(contextWindowFor('chatgpt', 'alpha-4', 'pro').tokens).toBe(8192);
  });

  it('gives sites without plan windows the model’s own, and every model key a window from a listed source', () => {
    expect(contextWindowFor('gemini', 'gamma-3.5-flash')).toMatchObject({ tokens: 1_048_576, plan: null, pastWindow: 'truncate' });
    expect(contextWindowFor('claude', 'beta-sonnet-5.5')).toMatchObject({ tokens: 200_000, plan: 'free', pastWindow: 'refuse' });
    expect(contextWindowFor('perplexity', 'epsilon-70b').tokens).toBe(128_000);
    expect(contextWindowFor('grok', 'custom').tokens).toBe(256_000);
    // Qwen Chat and Kimi count at a custom rate: the providers' published windows, not the stated catch-all.
    expect(contextWindowFor('qwen', 'custom')).toMatchObject({
      tokens: 262_144,
      pastWindow: 'truncate',
      sources: ['qwen3-context-window', 'context-stated-estimate'],
    });
    expect(contextWindowFor('kimi', 'custom')).toMatchObject({
      tokens: 256_000,
      pastWindow: 'truncate',
      sources: ['kimi-context-window', 'context-stated-estimate'],
    });
    expect(sitePlans('qwen')?.plans).toEqual(['free']);
    // A Qwen or Kimi bot on Poe or Perplexity keeps the stated window.
    expect(contextWindowFor('poe', 'custom').tokens).toBe(128_000);
    const ids = new Set(sources.sources.map((s) => s.id));
    for (const m of MODELS) {
      const w = contextWindowFor('none', m.key);
      expect(w.tokens, m.key).toBeGreaterThan(0);
      expect(w.maxOutputTokens, m.key).toBeLessThanOrEqual(w.tokens);
      for (const id of w.sources) expect(ids, m.key).toContain(id);
    }
    for (const [site, row] of Object.entries(windows.sites)) {
      expect(Object.keys(siteModels.sites)).toContain(site);
      expect(ids).toContain(row.source);
      expect(row.plans).toContain(row.default_plan);
      for (const plan of row.plans)
        for (const { mode } of row.modes) expect(row.windows[plan as keyof typeof row.windows], `${site} ${plan}`).toHaveProperty(mode);
    }
    for (const s of sources.sources.filter((x) => windows.models.some((m) => m.source === x.id))) expect(s).toHaveProperty('quote');
  });
});

describe('boundInput', () => {
  const none = { low: 0, central: 0, high: 0 };

  it('leaves a turn within the window as it is, with no code', () => {
    expect(boundInput({ prompt: 100, files: { low: 50, central: 80, high: 90 }, history: 1000, carried: 500 }, 16_000)).toEqual({
      prompt: 100,
      files: { low: 50, central: 80, high: 90 },
      history: 1000,
      carried: 500,
      codes: [],
    });
  });

  it('drops the oldest of what is re-read past the window, messages and files in proportion', () => {
    const bounded = boundInput({ prompt: 1000, files: { low: 800, central: 3000, high: 15_000 }, history: 9000, carried: 9000 }, 16_000);
    expect(bounded.codes).toEqual(['history-truncated']);
    expect(bounded.history).toBe(6000);
    expect(bounded.carried).toBe(6000);
    expect(bounded.prompt + bounded.files.central + bounded.history + bounded.carried).toBe(16_000);
    expect(bounded.files.high).toBe(15_000);
  });

  it('counts a prompt longer than the window at the window, with nothing else', () => {
    expect(boundInput({ prompt: 20_000, files: { low: 10, central: 10, high: 10 }, history: 5, carried: 0 }, 16_000)).toEqual({
      prompt: 16_000,
      files: none,
      history: 0,
      carried: 0,
      codes: ['prompt-over-window', 'files-over-window', 'history-truncated'],
    });
  });

  it('on a site that refuses what is past its window (claude.ai), says so beside what was held at the window; nothing within it', () => {
    const claude = contextWindowFor('claude', 'beta-sonnet-5.5');
    const past = boundInput(
      { prompt: 1000, files: { low: 250_000, central: 250_000, high: 250_000 }, history: 0, carried: 0 },
      claude.tokens,
      claude.pastWindow,
    );
    expect(past.codes).toEqual(['files-over-window', 'refused-past-window']);
    expect(past.files.central).toBe(199_000);
    expect(boundInput({ prompt: 1000, files: none, history: 5000, carried: 0 }, claude.tokens, claude.pastWindow).codes).toEqual([]);
    // Where the site searches or drops the oldest instead, no refusal is said.
    const chatgpt = contextWindowFor('chatgpt', 'alpha-5.6-terra');
    expect(boundInput({ prompt: 1000, files: none, history: 20_000, carried: 0 }, chatgpt.tokens, chatgpt.pastWindow).codes).toEqual(['history-truncated']);
  });
});
