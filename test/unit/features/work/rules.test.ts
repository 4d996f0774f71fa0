/**
 * Estimates of work a chat does out of sight (src/features/work/rules.ts), on worked examples whose
 * numbers are worked by hand from the figures in data/hidden-work.json and data/video-energy.json,
 * and the shape of those two files.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import hiddenData from '../../../../data/hidden-work.json';
import videoData from '../../../../data/video-energy.json';
import { MAX_CUSTOM_RATE, calculate } from '../../../../src/core';
import { estimateResearch } from '../../../../src/features/research/rules';
import { estimateSearch } from '../../../../src/features/search/rules';
import { estimateSiteVideo, estimateVideo, videoCalculationRequest, type VideoEstimate } from '../../../../src/features/video/rules';
import { estimateVoice } from '../../../../src/features/voice/rules';
import { SITE_IDS } from '../../../../src/domain/site-ids';
import { HIDDEN_WORK_RULES, HIDDEN_WORK_SOURCES, SEARCH_SITES, VIDEO_MODELS, VIDEO_SITES, VOICE_SITES, hiddenWorkSource } from '../../support/hidden-work';

function value<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): T {
  if (!result.ok) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}
function errorCode<T>(result: { ok: true; value: T } | { ok: false; error: { code: string } }): string {
  expect(result.ok).toBe(false);
  return result.ok ? '' : result.error.code;
}

describe('data/hidden-work.json and data/video-energy.json', () => {
  const source = z
    .object({
      id: z.string().min(1),
      name: z.string().min(1),
      citation: z.string().min(20),
      /** The passage the rule is taken from, and the day it was read (every search, research and voice source has them). */
      quote: z.string().min(20).optional(),
      read: z.iso.date().optional(),
      /** Where the provider's own page could not be read: the copy the passage was read in. */
      copy: z.string().min(20).optional(),
    })
    .strict();
  const hiddenSchema = z
    .object({
      $comment: z.string(),
      as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      search: z.object({
        rules: z.array(
          z
            .object({
              id: z.string(),
              tokens_per_search: z.number().int().positive(),
              basis: z.enum(['published', 'proxy']),
              source: z.string(),
              derivation: z.string(),
            })
            .strict(),
        ),
        sites: z.array(
          z
            .object({
              site: z.enum(SITE_IDS),
              provider: z.string(),
              rule: z.string(),
              billing_source: z.string(),
              stays_in_context: z.boolean(),
              context_source: z.string(),
              context_note: z.string(),
            })
            .strict(),
        ),
      }),
      research: z
        .object({
          id: z.string(),
          low_tokens: z.number().int().positive(),
          high_tokens: z.number().int().positive(),
          counted: z.literal('low'),
          basis: z.string(),
          source: z.string(),
          derivation: z.string(),
          energy_check: z.object({
            source: z.string(),
            wh_per_long_prompt_heaviest: z.number().positive(),
            wh_per_short_query: z.number().positive(),
            note: z.string(),
          }),
        })
        .strict(),
      voice: z.object({
        rules: z.array(
          z
            .object({
              id: z.string(),
              provider: z.string(),
              user_tokens_per_second: z.number().positive(),
              assistant_tokens_per_second: z.number().positive(),
              resends_conversation: z.boolean(),
              source: z.string(),
              derivation: z.string(),
            })
            .strict(),
        ),
        sites: z.array(z.object({ site: z.enum(SITE_IDS), rule: z.string() }).strict()),
      }),
      sources: z.array(source),
    })
    .strict();
  const power = z.object({ p2_5: z.number().positive(), mean: z.number().positive(), p97_5: z.number().positive() }).strict();
  const videoSchema = z
    .object({
      $comment: z.string(),
      as_of: z.string(),
      ecologits: z.record(z.string(), z.string()),
      frames_per_second: z.number().positive(),
      hardware: z.record(z.string(), z.object({ accelerators: z.number().int().positive(), server_power_w: power }).strict()),
      providers: z.record(z.string(), z.object({ pue: z.object({ min: z.number().min(1), max: z.number().min(1) }).strict() }).strict()),
      models: z.array(
        z
          .object({
            key: z.string().regex(/^[a-z]+\/[a-z0-9.-]+$/),
            provider: z.string(),
            hardware: z.string(),
            regression: z
              .object({
                n: z.number(),
                m: z.number(),
                m1: z.number(),
                m2: z.number(),
                n1: z.number(),
                n2: z.number(),
                g: z.number(),
                non_audio_weight: z.number().positive().max(1),
              })
              .strict(),
            fitted: z.object({ resolutions: z.array(z.tuple([z.number().int(), z.number().int()])), frames_count: z.array(z.number().int()) }).strict(),
            audio_generation: z.boolean(),
          })
          .strict(),
      ),
      sites: z.array(
        z
          .object({
            site: z.enum(SITE_IDS),
            label: z.string(),
            model: z.string().nullable(),
            basis: z.enum(['model', 'proxy']),
            width: z.number().int().positive(),
            height: z.number().int().positive(),
            default_seconds: z.number().positive(),
            with_audio: z.boolean(),
            note: z.string(),
          })
          .strict(),
      ),
      defaults_note: z.string(),
      sources: z.array(source),
    })
    .strict();

  it('give every search, research and voice source its passage and the day it was read', () => {
    for (const s of hiddenData.sources) expect(s, s.id).toMatchObject({ quote: expect.any(String), read: '2026-11-29' });
  });

  it('have the shapes the core reads', () => {
    expect(hiddenSchema.safeParse(hiddenData).error).toBeUndefined();
    expect(videoSchema.safeParse(videoData).error).toBeUndefined();
  });

  it('name only sources, rules, hardware and providers they define, each source once', () => {
    const ids = HIDDEN_WORK_SOURCES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const named = [
      ...hiddenData.search.rules.map((r) => r.source),
      ...hiddenData.search.sites.flatMap((s) => [s.billing_source, s.context_source]),
      hiddenData.research.source,
      hiddenData.research.energy_check.source,
      ...hiddenData.voice.rules.map((r) => r.source),
      ...HIDDEN_WORK_RULES.map((r) => r.source),
    ];
    for (const id of named) expect(hiddenWorkSource(id).id).toBe(id);
    const searchRules = new Set(hiddenData.search.rules.map((r) => r.id));
    for (const s of SEARCH_SITES) expect(searchRules.has(s.rule)).toBe(true);
    const voiceRules = new Set(hiddenData.voice.rules.map((r) => r.id));
    for (const s of VOICE_SITES) expect(voiceRules.has(s.rule)).toBe(true);
    // The estimate follows the site's rule.
    for (const s of VOICE_SITES) expect(value(estimateVoice(s.site, [{ user_seconds: 1, assistant_seconds: 1 }])).rule).toBe(s.rule);
    for (const m of VIDEO_MODELS) {
      expect(Object.keys(videoData.hardware)).toContain(m.hardware);
      expect(Object.keys(videoData.providers)).toContain(m.provider);
    }
    for (const s of VIDEO_SITES) {
      expect(s.basis === 'proxy').toBe(s.model === null);
      if (s.model !== null) expect(VIDEO_MODELS.map((m) => m.key)).toContain(s.model);
    }
  });

  it('give every rule id once, sites once per kind', () => {
    const rules = HIDDEN_WORK_RULES.map((r) => r.rule);
    expect(new Set(rules).size).toBe(rules.length);
    for (const sites of [SEARCH_SITES, VOICE_SITES, VIDEO_SITES].map((rows) => rows.map((r) => r.site))) {
      expect(new Set(sites).size).toBe(sites.length);
    }
  });
});

describe('estimateSearch', () => {
  it('counts OpenAI’s fixed block per search on chatgpt.com, labelled a proxy (published only for other models), read on its own turn only', () => {
    expect(value(estimateSearch('chatgpt', 3))).toEqual({
      kind: 'search',
      estimated: true,
      rule: 'search-proxy-openai-block',
      source: 'openai-pricing-web-search',
      basis: 'proxy',
      site: 'chatgpt',
      searches: 3,
      input_tokens: 24_000,
      history_tokens: 0,
      context_source: 'openai-web-search-guide',
    });
  });

  it('carries Claude’s retrieved content into later turns, as Anthropic documents', () => {
    const estimate = value(estimateSearch('claude', 2));
    expect(estimate).toMatchObject({ rule: 'search-proxy-openai-block', basis: 'proxy', input_tokens: 16_000, history_tokens: 16_000 });
    expect(estimate.context_source).toBe('anthropic-web-search-tool');
  });

  it('has a rule for every site', () => {
    for (const site of SITE_IDS) expect(value(estimateSearch(site, 1)).input_tokens).toBe(8_000);
  });

  it('refuses a site it does not know and a number of searches that is not a whole positive number', () => {
    expect(errorCode(estimateSearch('example', 1))).toBe('NO_RULE');
    for (const n of [0, -1, 1.5, Number.NaN]) expect(errorCode(estimateSearch('chatgpt', n))).toBe('INVALID_QUANTITY');
  });
});

describe('estimateResearch', () => {
  it('counts the low end of the published range and keeps the range', () => {
    expect(value(estimateResearch(1))).toEqual({
      kind: 'research',
      estimated: true,
      rule: 'research-run-vendor-range',
      source: 'caesar-research-pricing',
      runs: 1,
      input_tokens: 300_000,
      low_tokens: 300_000,
      high_tokens: 1_200_000,
    });
    expect(value(estimateResearch(2))).toMatchObject({ input_tokens: 600_000, high_tokens: 2_400_000 });
  });

  it('refuses a number of runs that is not a whole positive number', () => {
    for (const n of [0, 0.5, Number.POSITIVE_INFINITY]) expect(errorCode(estimateResearch(n))).toBe('INVALID_QUANTITY');
  });
});

describe('estimateVoice', () => {
  it('counts OpenAI Realtime audio and sends the conversation again for each response', () => {
    // 5 s user = 50 tokens, 10 s assistant = 200; then 3 s = 30 and 6 s = 120, after 250 tokens said.
    const estimate = value(
      estimateVoice('chatgpt', [
        { user_seconds: 5, assistant_seconds: 10 },
        { user_seconds: 3, assistant_seconds: 6 },
      ]),
    );
    expect(estimate).toEqual({
      kind: 'voice',
      estimated: true,
      rule: 'voice-openai-realtime',
      source: 'openai-realtime-costs',
      site: 'chatgpt',
      responses: [
        { history_tokens: 0, user_tokens: 50, input_tokens: 50, output_tokens: 200 },
        { history_tokens: 250, user_tokens: 30, input_tokens: 280, output_tokens: 120 },
      ],
      input_tokens: 330,
      output_tokens: 320,
    });
  });

  it('counts Gemini audio at 32 tokens a second each way, rounded to whole tokens', () => {
    const estimate = value(estimateVoice('gemini', [{ user_seconds: 4, assistant_seconds: 8.01 }]));
    expect(estimate.responses).toEqual([{ history_tokens: 0, user_tokens: 128, input_tokens: 128, output_tokens: 256 }]);
  });

  it('has no audio rule where none is published: the transcript is counted instead', () => {
    for (const site of ['claude', 'grok', 'meta', 'copilot']) {
      expect(VOICE_SITES.map((s) => s.site)).not.toContain(site);
      expect(errorCode(estimateVoice(site, [{ user_seconds: 1, assistant_seconds: 1 }]))).toBe('NO_RULE');
    }
  });

  it('refuses no exchanges and durations that are not seconds', () => {
    expect(errorCode(estimateVoice('chatgpt', []))).toBe('INVALID_QUANTITY');
    expect(errorCode(estimateVoice('chatgpt', [{ user_seconds: -1, assistant_seconds: 1 }]))).toBe('INVALID_QUANTITY');
    expect(errorCode(estimateVoice('chatgpt', [{ user_seconds: 1, assistant_seconds: 0 }]))).toBe('INVALID_QUANTITY');
  });
});

describe('estimateVideo (EcoLogits’ method)', () => {
  it('counts frames as EcoLogits does: 24 a second plus the first', () => {
    const frames = (seconds: number) => value(estimateVideo({ model: 'google/veo-3.1', width: 1280, height: 720, seconds, with_audio: true })).frames;
    expect([frames(4), frames(8), frames(12), frames(6.5)]).toEqual([97, 193, 289, 157]);
  });

  it('works out Veo 3.1 at 720p for 8 s by hand', () => {
    // frames 193; 1280 x 720 = 921,600 px; volume 921,600 x 193 / 1000 = 177,868.8;
    // latency 3.41e-4 x 177,868.8 + 24.4 = 85.0532608 s; PUE 1.09; server 1,074.08 to 2,352.81 W.
    const estimate = value(estimateVideo({ model: 'google/veo-3.1', width: 1280, height: 720, seconds: 8, with_audio: true }));
    // The generation time the low end was worked from: Wh x 3600 / (PUE x the server's low power).
    expect((estimate.wh.low * 3600) / (1.09 * 1074.08)).toBeCloseTo(85.0532608, 9);
    const hours = 85.0532608 / 3600;
    expect(estimate.wh.low).toBeCloseTo(1.09 * hours * 1074.08, 9);
    expect(estimate.wh.high).toBeCloseTo(1.09 * hours * 2352.81, 9);
    expect(estimate.wh.central).toBeCloseTo((1.09 * hours * (1074.08 + 2352.81)) / 2, 9);
    expect(estimate.wh.central).toBeCloseTo(44.125, 3);
    expect(estimate.wh_per_second).toBeCloseTo(44.125 / 8, 3);
    expect(estimate).toMatchObject({ kind: 'video', estimated: true, rule: 'video-ecologits', source: 'ecologits-video', frames: 193 });
    expect(estimate.within_fitted_range).toBe(true);
  });

  it('applies the model’s weight without audio', () => {
    const withAudio = value(estimateVideo({ model: 'google/veo-3.1', width: 1280, height: 720, seconds: 8, with_audio: true }));
    const silent = value(estimateVideo({ model: 'google/veo-3.1', width: 1280, height: 720, seconds: 8, with_audio: false }));
    expect(silent.wh.central / withAudio.wh.central).toBeCloseTo(0.5, 12);
  });

  it('works out Sora 2 Pro at 720p for 8 s by hand', () => {
    // volume 177,868.8; latency 4.27e-4 x 177,868.8 + 0.663 x 193 + 7.39e-10 x 177,868.8² = 227.2889497 s;
    // PUE 1.2; server 4,992.03 to 8,487.31 W.
    const estimate = value(estimateVideo({ model: 'openai/sora-2-pro', width: 1280, height: 720, seconds: 8, with_audio: true }));
    const latency = 4.27e-4 * 177_868.8 + 0.663 * 193 + 7.39e-10 * 177_868.8 ** 2;
    expect(latency).toBeCloseTo(227.2889497, 6);
    expect(estimate.wh.low).toBeCloseTo((1.2 * latency * 4992.03) / 3600, 9);
    expect(estimate.wh.high).toBeCloseTo((1.2 * latency * 8487.31) / 3600, 9);
    expect(estimate.wh.central).toBeCloseTo(510.6175, 3);
  });

  it('stands in for a model EcoLogits lacks with the mean of its models and their extreme ends', () => {
    const proxy = value(estimateVideo({ model: null, width: 1280, height: 720, seconds: 6, with_audio: true }));
    const each = VIDEO_MODELS.map((m) => value(estimateVideo({ model: m.key, width: 1280, height: 720, seconds: 6, with_audio: true })));
    expect(proxy.rule).toBe('video-ecologits-proxy');
    expect(proxy.models).toEqual(VIDEO_MODELS.map((m) => m.key));
    expect(proxy.wh.central).toBeCloseTo(each.reduce((s, e) => s + e.wh.central, 0) / each.length, 9);
    expect(proxy.wh.low).toBe(Math.min(...each.map((e) => e.wh.low)));
    expect(proxy.wh.high).toBe(Math.max(...each.map((e) => e.wh.high)));
    expect(proxy.wh.central).toBeCloseTo(149.3214, 3);
    // Kling 1.6 was fitted on 5 s and 10 s videos only (121 to 241 frames): 6 s is inside, 4 s is not.
    expect(proxy.within_fitted_range).toBe(true);
    expect(value(estimateVideo({ model: null, width: 1280, height: 720, seconds: 4, with_audio: true })).within_fitted_range).toBe(false);
  });

  it('marks a size outside the fitted ones as an extrapolation', () => {
    const big = value(estimateVideo({ model: 'openai/sora-2-pro', width: 3840, height: 2160, seconds: 8, with_audio: true }));
    expect(big.within_fitted_range).toBe(false);
  });

  it('estimates each site’s video from its row, with the length the page shows or the site’s default', () => {
    expect(value(estimateSiteVideo('gemini')).wh.central).toBeCloseTo(31.1089, 3);
    expect(value(estimateSiteVideo('gemini', { seconds: 8 })).wh).toEqual(value(estimateSiteVideo('gemini')).wh);
    expect(value(estimateSiteVideo('chatgpt')).models).toEqual(['openai/sora-2-pro']);
    expect(value(estimateSiteVideo('grok')).rule).toBe('video-ecologits-proxy');
    expect(value(estimateSiteVideo('grok')).seconds).toBe(6);
    expect(errorCode(estimateSiteVideo('deepseek'))).toBe('NO_RULE');
  });

  it('refuses unknown models, sizes and lengths', () => {
    expect(errorCode(estimateVideo({ model: 'example/video', width: 1280, height: 720, seconds: 8, with_audio: true }))).toBe('UNKNOWN_VIDEO_MODEL');
    expect(errorCode(estimateVideo({ model: null, width: 0, height: 720, seconds: 8, with_audio: true }))).toBe('INVALID_QUANTITY');
    expect(errorCode(estimateVideo({ model: null, width: 1280, height: 720, seconds: 0, with_audio: true }))).toBe('INVALID_QUANTITY');
  });
});

describe('videoCalculationRequest (remote mode)', () => {
  const veo: VideoEstimate = value(estimateSiteVideo('gemini'));

  it('sends the video as custom: milliseconds as tokens, Wh per second as the rate, so the service gets its energy', () => {
    const request = value(videoCalculationRequest(veo, 'eu-ireland'));
    expect(request).toEqual({ model: 'custom', tokens: 8000, custom_wh_per_1k: veo.wh.central / 8, region: 'eu-ireland' });
    const result = calculate(request);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.energy_kwh).toBe(Number((veo.wh.central / 1000).toPrecision(6)));
  });

  it('leaves out the region when none is given', () => {
    expect(value(videoCalculationRequest(veo))).not.toHaveProperty('region');
  });

  it('keeps a video local when its rate is above the service’s highest custom rate', () => {
    const huge = value(estimateVideo({ model: 'openai/sora-2-pro', width: 3840, height: 2160, seconds: 60, with_audio: true }));
    expect(huge.wh_per_second).toBeGreaterThan(MAX_CUSTOM_RATE);
    expect(errorCode(videoCalculationRequest(huge))).toBe('RATE_TOO_HIGH');
  });

  it('fits every site’s video up to a minute within the service’s limits', () => {
    for (const site of VIDEO_SITES) {
      for (const seconds of [1, site.default_seconds, 60]) {
        expect(videoCalculationRequest(value(estimateSiteVideo(site.site, { seconds }))).ok).toBe(true);
      }
    }
  });
});
