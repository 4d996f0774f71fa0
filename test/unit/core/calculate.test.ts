import { describe, expect, it } from 'vitest';
import regionsData from '../../../data/regions.json';
import {
  CalculationRequestSchema,
  CalculationResponseSchema,
  CatalogSchema,
  ERROR_CATALOG,
  EQUIVALENTS,
  GRID_KEYS,
  INPUT_WEIGHT,
  MODELS,
  OUTPUT_WEIGHT,
  REGIONS,
  V1ResponseSchema,
  V1_MODEL_KEYS,
  calculate,
  catalog,
  findModel,
  sourceName,
  type CalculationResponse,
  type ErrorCode,
} from '../../../src/core/index';
import { CALCULATION_ERROR_CODES, round6 } from '../support/calculation';
import { calculateV1 } from '../support/calculate-v1';

function value(request: unknown, options?: Parameters<typeof calculate>[1]): CalculationResponse {
  const result = calculate(request, options);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  expect(CalculationResponseSchema.safeParse(result.value).success).toBe(true);
  return result.value;
}

function errorOf(request: unknown) {
  const result = calculate(request);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(request)}`);
  return result.error;
}

const rateOf = (key: string) => findModel(key)!.rate!;
const meaningOf = (level: string) => regionsData.stress_classes.find((s) => s.level === level)!.meaning;

const TOKEN_MODELS = MODELS.filter((m) => m.unit === 'wh_per_1k_tokens');

describe('every model key', () => {
  it.each(TOKEN_MODELS)('$key: 1,000 tokens use its rate in Wh, i.e. rate/1000 kWh', ({ key, rate }) => {
    expect(value({ model: key, tokens: 1000 }).energy_kwh).toBe(round6(rate! / 1000));
  });

  it.each(TOKEN_MODELS.filter((m) => m.legacy))('legacy key $key is accepted and priced at its own rate', ({ key, rate }) => {
    const r = value({ model: key, input_tokens: 2000, output_tokens: 2000 });
    expect(r.model).toBe(key);
    expect(r.energy_kwh).toBe(round6((rate! * 4000) / 1000 / 1000));
  });

  it('image-gen: one image uses 2.9 Wh', () => {
    expect(rateOf('image-gen')).toBe(2.9);
    expect(value({ model: 'image-gen', tokens: 1 }).energy_kwh).toBe(0.0029);
  });

  it('custom: 1,000 tokens use the caller rate in Wh', () => {
    expect(value({ model: 'custom', tokens: 1000, custom_wh_per_1k: 7.25 }).energy_kwh).toBe(0.00725);
  });

  it('echoes the model key exactly as requested', () => {
    for (const { key } of MODELS) {
      const r = value({ model: key, tokens: 10, custom_wh_per_1k: 1 });
      expect(r.model).toBe(key);
    }
  });
});

describe('every region', () => {
  const ENERGY_KWH = 0.0035; // alpha-4o, 1,000 tokens

  it.each(REGIONS)('$key: carbon, water, WUE, stress class, label and note from its row', (region) => {
    const r = value({ model: 'alpha-4o', tokens: 1000, region: region.key });
    expect(r.energy_kwh).toBe(ENERGY_KWH);
    expect(r.region).toBe(region.key);
    expect(r.region_label).toBe(region.label);
    expect(r.carbon_gco2e).toBe(round6(ENERGY_KWH * region.carbon_gco2_per_kwh));
    expect(r.water.liters).toBe(round6(ENERGY_KWH * region.wue_liters_per_kwh));
    expect(r.water.wue_liters_per_kwh).toBe(region.wue_liters_per_kwh);
    expect(r.water.stress_level).toBe(region.stress_level);
    expect(r.water.note).toContain(region.label);
    expect(r.water.note).toContain(region.stress_level);
    expect(r.water.note.toLowerCase()).toContain(meaningOf(region.stress_level).toLowerCase().replace(/\.$/, ''));
  });

  it.each(GRID_KEYS)('version 1 grid key $key: its intensity, WUE 1.8 and stress class moderate', (grid) => {
    const r = value({ model: 'alpha-4o', tokens: 1000, region: grid.key });
    expect(r.region).toBe(grid.key);
    expect(r.region_label).toBe(grid.label);
    expect(r.carbon_gco2e).toBe(round6(ENERGY_KWH * grid.carbon_gco2_per_kwh));
    expect(r.water).toMatchObject({ liters: round6(ENERGY_KWH * 1.8), wue_liters_per_kwh: 1.8, stress_level: 'moderate' });
  });
});

describe('error codes, each with the input that triggers it', () => {
  const cases: { code: ErrorCode; name: string; request: unknown; says: RegExp }[] = [
    // BAD_REQUEST: anything but a JSON object.
    ...[null, undefined, 'model=alpha-4o', '{"model":"alpha-4o","tokens":1}', 42, true, [], [{ model: 'alpha-4o', tokens: 1 }]].map((request) => ({
      code: 'BAD_REQUEST' as const,
      name: `a body that is ${JSON.stringify(request) ?? 'undefined'}`,
      request,
      says: /JSON object/,
    })),
    // INVALID_MODEL
    { code: 'INVALID_MODEL', name: 'model missing', request: { tokens: 1000 }, says: /model is required/ },
    { code: 'INVALID_MODEL', name: 'model null', request: { model: null, tokens: 1000 }, says: /model is required/ },
    { code: 'INVALID_MODEL', name: 'model empty', request: { model: '', tokens: 1000 }, says: /model is required/ },
    { code: 'INVALID_MODEL', name: 'model a number', request: { model: 4, tokens: 1000 }, says: /model is required/ },
    { code: 'INVALID_MODEL', name: 'model unknown', request: { model: 'gpt-4o', tokens: 1000 }, says: /"gpt-4o" is not a known key/ },
    { code: 'INVALID_MODEL', name: 'model in another case', request: { model: 'ALPHA-4O', tokens: 1000 }, says: /not a known key/ },
    { code: 'INVALID_MODEL', name: 'model with the dagger', request: { model: 'alpha-4 †', tokens: 1000 }, says: /not a known key/ },
    // INVALID_TOKENS
    { code: 'INVALID_TOKENS', name: 'no count at all', request: { model: 'alpha-4o' }, says: /Give tokens, or both input_tokens and output_tokens/ },
    { code: 'INVALID_TOKENS', name: 'tokens negative', request: { model: 'alpha-4o', tokens: -5 }, says: /tokens must be a finite number >= 0/ },
    { code: 'INVALID_TOKENS', name: 'tokens zero', request: { model: 'alpha-4o', tokens: 0 }, says: /tokens must be positive/ },
    { code: 'INVALID_TOKENS', name: 'tokens a numeric string', request: { model: 'alpha-4o', tokens: '1000' }, says: /finite number >= 0 \(got "1000"\)/ },
    { code: 'INVALID_TOKENS', name: 'tokens "NaN"', request: { model: 'alpha-4o', tokens: 'NaN' }, says: /finite number/ },
    { code: 'INVALID_TOKENS', name: 'tokens "Infinity"', request: { model: 'alpha-4o', tokens: 'Infinity' }, says: /finite number/ },
    { code: 'INVALID_TOKENS', name: 'tokens NaN', request: { model: 'alpha-4o', tokens: Number.NaN }, says: /finite number/ },
    { code: 'INVALID_TOKENS', name: 'tokens Infinity', request: { model: 'alpha-4o', tokens: Number.POSITIVE_INFINITY }, says: /finite number/ },
    { code: 'INVALID_TOKENS', name: 'tokens a boolean', request: { model: 'alpha-4o', tokens: true }, says: /finite number/ },
    { code: 'INVALID_TOKENS', name: 'tokens an object', request: { model: 'alpha-4o', tokens: { value: 1 } }, says: /finite number/ },
    {
      code: 'INVALID_TOKENS',
      name: 'input_tokens negative',
      request: { model: 'alpha-4o', input_tokens: -1, output_tokens: 10 },
      says: /input_tokens must be a finite number >= 0/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'output_tokens a string',
      request: { model: 'alpha-4o', input_tokens: 1, output_tokens: 'ten' },
      says: /output_tokens must be a finite number >= 0/,
    },
    { code: 'INVALID_TOKENS', name: 'both split fields zero', request: { model: 'alpha-4o', input_tokens: 0, output_tokens: 0 }, says: /must be positive/ },
    {
      code: 'INVALID_TOKENS',
      name: 'tokens and the split disagree',
      request: { model: 'alpha-4o', tokens: 100, input_tokens: 60, output_tokens: 50 },
      says: /tokens \(100\) must equal input_tokens \+ output_tokens \(110\)/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'input_tokens greater than tokens',
      request: { model: 'alpha-4o', tokens: 100, input_tokens: 101 },
      says: /input_tokens \(101\) cannot exceed tokens \(100\)/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'output_tokens greater than tokens',
      request: { model: 'alpha-4o', tokens: 100, output_tokens: 150 },
      says: /output_tokens \(150\) cannot exceed tokens \(100\)/,
    },
    { code: 'INVALID_TOKENS', name: 'tokens over 100,000,000', request: { model: 'alpha-4o', tokens: 100_000_001 }, says: /At most 100000000 tokens/ },
    {
      code: 'INVALID_TOKENS',
      name: 'split over 100,000,000 in total',
      request: { model: 'alpha-4o', input_tokens: 60_000_000, output_tokens: 50_000_000 },
      says: /At most 100000000 tokens/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'only input_tokens, no tokens',
      request: { model: 'alpha-4o', input_tokens: 100 },
      says: /Give tokens, or both input_tokens and output_tokens/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'only output_tokens, no tokens',
      request: { model: 'alpha-4o', output_tokens: 100 },
      says: /Give tokens, or both input_tokens and output_tokens/,
    },
    {
      code: 'INVALID_TOKENS',
      name: 'images for a text model',
      request: { model: 'alpha-4o', tokens: 10, images: 1 },
      says: /images applies only to model image-gen/,
    },
    { code: 'INVALID_TOKENS', name: 'image-gen without a count', request: { model: 'image-gen' }, says: /number of images/ },
    { code: 'INVALID_TOKENS', name: 'image-gen with half an image', request: { model: 'image-gen', tokens: 1.5 }, says: /whole number from 1 to 100000000/ },
    { code: 'INVALID_TOKENS', name: 'image-gen with tokens and images that disagree', request: { model: 'image-gen', tokens: 2, images: 3 }, says: /disagree/ },
    {
      code: 'INVALID_TOKENS',
      name: 'image-gen with a token split',
      request: { model: 'image-gen', input_tokens: 1, output_tokens: 1 },
      says: /image-gen counts images/,
    },
    // MISSING_CUSTOM_RATE
    { code: 'MISSING_CUSTOM_RATE', name: 'custom without a rate', request: { model: 'custom', tokens: 1000 }, says: /custom_wh_per_1k.*Wh per 1,000 tokens/ },
    {
      code: 'MISSING_CUSTOM_RATE',
      name: 'custom with a null rate',
      request: { model: 'custom', tokens: 1000, custom_wh_per_1k: null },
      says: /custom_wh_per_1k/,
    },
    // INVALID_CUSTOM_RATE
    ...[0, -1, 1000.5, '5', Number.NaN, Number.POSITIVE_INFINITY, [5]].map((rate) => ({
      code: 'INVALID_CUSTOM_RATE' as const,
      name: `custom rate ${typeof rate === 'number' ? rate : JSON.stringify(rate)}`,
      request: { model: 'custom', tokens: 1000, custom_wh_per_1k: rate },
      says: /custom_wh_per_1k must be a number greater than 0 and at most 1000 Wh per 1,000 tokens/,
    })),
    // INVALID_REGION
    {
      code: 'INVALID_REGION',
      name: 'region unknown',
      request: { model: 'alpha-4o', tokens: 1, region: 'mars-base' },
      says: /region "mars-base" is not a known key/,
    },
    { code: 'INVALID_REGION', name: 'region empty', request: { model: 'alpha-4o', tokens: 1, region: '' }, says: /not a known key/ },
    { code: 'INVALID_REGION', name: 'region in another case', request: { model: 'alpha-4o', tokens: 1, region: 'EU-FRANCE' }, says: /not a known key/ },
    { code: 'INVALID_REGION', name: 'region a number', request: { model: 'alpha-4o', tokens: 1, region: 7 }, says: /region must be a string/ },
  ];

  it.each(cases)('$code for $name', ({ code, request, says }) => {
    const error = errorOf(request);
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
    expect(error.status).toBe(ERROR_CATALOG[code].status);
    expect(error.message).toMatch(says);
  });

  it('covers every code calculate can return', () => {
    expect(new Set(cases.map((c) => c.code))).toEqual(new Set(CALCULATION_ERROR_CODES));
  });

  it('INVALID_MODEL lists every accepted model key', () => {
    const { message } = errorOf({ model: 'nope', tokens: 1 });
    for (const { key } of MODELS) expect(message).toContain(key);
  });

  it('INVALID_REGION lists every region key and every version 1 grid key', () => {
    const { message } = errorOf({ model: 'alpha-4o', tokens: 1, region: 'nope' });
    for (const { key } of [...REGIONS, ...GRID_KEYS]) expect(message).toContain(key);
  });

  it('MISSING_CUSTOM_RATE wins over bad tokens: the rate is checked first, the model before that', () => {
    expect(errorOf({ model: 'custom', tokens: -1 }).code).toBe('MISSING_CUSTOM_RATE');
    expect(errorOf({ model: 'nope', tokens: -1, region: 'nope' }).code).toBe('INVALID_MODEL');
    expect(errorOf({ model: 'alpha-4o', tokens: -1, region: 'nope' }).code).toBe('INVALID_TOKENS');
  });

  it('a body with a prototype-polluting key is still only a body', () => {
    const request = JSON.parse('{"__proto__": {"model": "alpha-4o", "tokens": 5}}');
    expect(errorOf(request).code).toBe('INVALID_MODEL');
  });
});

describe('rule 1: energy', () => {
  it('tokens alone: rate x tokens / 1000 Wh, with no overhead factor', () => {
    // 3.5 Wh per 1k tokens x 2,000 tokens = 7 Wh = 0.007 kWh.
    expect(value({ model: 'alpha-4o', tokens: 2000 }).energy_kwh).toBe(0.007);
  });

  it('a split: rate x (0.5 x input + 1.5 x output) / 1000 Wh', () => {
    expect([INPUT_WEIGHT, OUTPUT_WEIGHT]).toEqual([0.5, 1.5]);
    // 3.5 x (0.5 x 1,000 + 1.5 x 500) / 1000 = 3.5 x 1,250 / 1000 = 4.375 Wh.
    expect(value({ model: 'alpha-4o', input_tokens: 1000, output_tokens: 500 }).energy_kwh).toBe(0.004375);
  });

  it('an output token weighs three times an input token', () => {
    const outputOnly = value({ model: 'beta-opus-5', input_tokens: 0, output_tokens: 1000 }).energy_kwh;
    const inputOnly = value({ model: 'beta-opus-5', input_tokens: 1000, output_tokens: 0 }).energy_kwh;
    expect(outputOnly).toBeCloseTo(3 * inputOnly, 12);
  });

  it('an even split gives the same energy as tokens alone', () => {
    for (const { key } of TOKEN_MODELS) {
      expect(value({ model: key, input_tokens: 777, output_tokens: 777 }).energy_kwh).toBe(value({ model: key, tokens: 1554 }).energy_kwh);
    }
  });
});

describe('rule 2: counting', () => {
  it('tokens with input_tokens: output is the difference', () => {
    expect(value({ model: 'alpha-4o', tokens: 1000, input_tokens: 800 })).toMatchObject({ input_tokens: 800, output_tokens: 200, tokens: 1000 });
  });

  it('tokens with output_tokens: input is the difference, which may be zero', () => {
    expect(value({ model: 'alpha-4o', tokens: 1000, output_tokens: 300 })).toMatchObject({ input_tokens: 700, output_tokens: 300, tokens: 1000 });
    expect(value({ model: 'alpha-4o', tokens: 1000, output_tokens: 1000 })).toMatchObject({ input_tokens: 0, output_tokens: 1000 });
  });

  it('tokens with one split field prices the derived split, not an even one', () => {
    const derived = value({ model: 'alpha-4o', tokens: 1000, input_tokens: 800 });
    const explicit = value({ model: 'alpha-4o', input_tokens: 800, output_tokens: 200 });
    expect(derived.energy_kwh).toBe(explicit.energy_kwh);
    expect(derived.energy_kwh).toBeLessThan(value({ model: 'alpha-4o', tokens: 1000 }).energy_kwh);
  });

  it('tokens with both split fields that add up is accepted', () => {
    expect(value({ model: 'alpha-4o', tokens: 1500, input_tokens: 1000, output_tokens: 500 })).toMatchObject({
      input_tokens: 1000,
      output_tokens: 500,
      tokens: 1500,
      energy_kwh: 0.004375,
    });
  });

  it('tokens alone reports an even split, halves included', () => {
    expect(value({ model: 'alpha-4o', tokens: 1000 })).toMatchObject({ input_tokens: 500, output_tokens: 500, tokens: 1000 });
    expect(value({ model: 'alpha-4o', tokens: 7 })).toMatchObject({ input_tokens: 3.5, output_tokens: 3.5, tokens: 7 });
  });

  it('both split fields without tokens: tokens is their sum; one of them may be zero', () => {
    expect(value({ model: 'alpha-4o', input_tokens: 0, output_tokens: 40 })).toMatchObject({ input_tokens: 0, output_tokens: 40, tokens: 40 });
  });

  it('accepts exactly 100,000,000 tokens', () => {
    expect(value({ model: 'alpha-4o', tokens: 100_000_000 }).tokens).toBe(100_000_000);
  });

  it('treats JSON null like an absent field', () => {
    expect(value({ model: 'alpha-4o', tokens: 10, input_tokens: null, output_tokens: null, region: null })).toMatchObject({
      input_tokens: 5,
      region: 'global-avg',
    });
  });
});

describe('rule 3: image-gen', () => {
  it('counts images in tokens at 2.9 Wh per image', () => {
    const r = value({ model: 'image-gen', tokens: 4 });
    expect(r.energy_kwh).toBe(round6((2.9 * 4) / 1000));
    expect(r.images).toBe(4);
    expect(r.tokens).toBe(4);
  });

  it('counts images in images, the same as in tokens', () => {
    expect(value({ model: 'image-gen', images: 4 })).toEqual(value({ model: 'image-gen', tokens: 4 }));
    expect(value({ model: 'image-gen', images: 4, tokens: 4 }).energy_kwh).toBe(0.0116);
  });

  it('applies no token weighting to images', () => {
    expect(value({ model: 'image-gen', tokens: 1000 }).energy_kwh).toBe(2.9);
  });

  it('names the image energy data set', () => {
    expect(value({ model: 'image-gen', tokens: 1 }).data_sources).toContain(sourceName('image-energy'));
  });
});

describe('rule 4: custom', () => {
  it('uses the caller rate, with the split weights', () => {
    // 10 x (0.5 x 200 + 1.5 x 100) / 1000 = 2.5 Wh.
    expect(value({ model: 'custom', custom_wh_per_1k: 10, input_tokens: 200, output_tokens: 100 }).energy_kwh).toBe(0.0025);
  });

  it('accepts the bounds of (0, 1000]', () => {
    expect(value({ model: 'custom', custom_wh_per_1k: 1000, tokens: 1000 }).energy_kwh).toBe(1);
    expect(value({ model: 'custom', custom_wh_per_1k: 1e-9, tokens: 1000 }).energy_kwh).toBe(1e-12);
  });

  it('ignores custom_wh_per_1k for a model with its own rate', () => {
    expect(value({ model: 'alpha-4o', tokens: 1000, custom_wh_per_1k: 999 }).energy_kwh).toBe(0.0035);
  });

  it('names the caller rate, not the model table, as its source', () => {
    const sources = value({ model: 'custom', custom_wh_per_1k: 5, tokens: 10 }).data_sources;
    expect(sources).toContain(sourceName('caller-rate'));
    expect(sources).not.toContain(sourceName('model-table'));
  });
});

describe('rule 5: region', () => {
  it('defaults to global-avg', () => {
    const r = value({ model: 'alpha-4o', tokens: 1000 });
    expect(r.region).toBe('global-avg');
    expect(r.carbon_gco2e).toBe(round6(0.0035 * 475));
  });

  it('accepts a version 1 grid key in place of a region key', () => {
    // coal-heavy: 820 gCO2e/kWh; 0.0035 kWh x 820 = 2.87 g.
    expect(value({ model: 'alpha-4o', tokens: 1000, region: 'coal-heavy' })).toMatchObject({ region: 'coal-heavy', carbon_gco2e: 2.87 });
  });

  it('global-avg is the region row, named with the region table and Aqueduct', () => {
    const sources = value({ model: 'alpha-4o', tokens: 1000, region: 'global-avg' }).data_sources;
    expect(sources).toContain(sourceName('region-table'));
    expect(sources).toContain(sourceName('aqueduct-4'));
  });

  it('a grid key names the version 1 grid table and the LBNL water factor instead', () => {
    const sources = value({ model: 'alpha-4o', tokens: 1000, region: 'hydro-green' }).data_sources;
    expect(sources).toEqual(expect.arrayContaining([sourceName('v1-grid-table'), sourceName('lbnl-2016-wue')]));
    expect(sources).not.toContain(sourceName('region-table'));
    expect(sources).not.toContain(sourceName('aqueduct-4'));
  });
});

describe('rule 7: carbon, water, stress, label and note', () => {
  it('carbon is energy x intensity and water is energy x WUE', () => {
    // eu-germany: 350 g/kWh, 1.4 L/kWh; 0.007 kWh -> 2.45 g, 0.0098 L.
    const r = value({ model: 'alpha-4o', tokens: 2000, region: 'eu-germany' });
    expect(r.carbon_gco2e).toBe(2.45);
    expect(r.water.liters).toBe(0.0098);
  });

  it('the note is one sentence with the label, the class and what the class means', () => {
    const note = value({ model: 'alpha-4o', tokens: 1, region: 'me-uae' }).water.note;
    expect(note).toBe('Middle East (UAE) has critical water stress: data centers compete directly with agriculture and municipal use.');
    expect(note.match(/[.!?](\s|$)/g)).toHaveLength(1);
  });
});

describe('rule 8: equivalents, sources, plan and methodology link', () => {
  // custom 12 Wh per 1k x 1,000 tokens = 0.012 kWh; us-avg 380 g/kWh -> 4.56 g; WUE 1.8 -> 0.0216 L.
  const r = value({ model: 'custom', custom_wh_per_1k: 12, tokens: 1000, region: 'us-avg' });

  it('computes every equivalent from its basis with the factor of the methodology notes', () => {
    expect([r.energy_kwh, r.carbon_gco2e, r.water.liters]).toEqual([0.012, 4.56, 0.0216]);
    expect(r.equivalents).toEqual({
      smartphones_charged: 1, // 0.012 kWh / 0.012 kWh per charge
      km_driven: round6(4.56 / 170), // 170 gCO2e per km
      led_hours: round6(0.012 / 0.009), // 9 W bulb
      netflix_hours_sd: round6(0.012 / 0.077), // 0.077 kWh per hour
      google_searches: 40, // 0.0003 kWh per search
      water_bottles_500ml: 0.0432, // 0.5 L per bottle
      emails_equivalent: 1.14, // 4 gCO2e per email
    });
  });

  it('an equivalent moves only with its own basis', () => {
    const sameEnergyOtherGrid = value({ model: 'custom', custom_wh_per_1k: 12, tokens: 1000, region: 'eu-sweden' });
    for (const e of EQUIVALENTS) {
      const moved = sameEnergyOtherGrid.equivalents[e.field] !== r.equivalents[e.field];
      expect(moved, e.field).toBe(e.basis !== 'energy_kwh');
    }
  });

  it('data_sources names every data set used, each once', () => {
    const sources = value({ model: 'alpha-4o', tokens: 10, region: 'eu-france' }).data_sources;
    const expected = ['model-table', 'region-table', 'aqueduct-4', ...EQUIVALENTS.map((e) => e.source)].map(sourceName);
    expect([...sources].sort()).toEqual([...new Set(expected)].sort());
  });

  it("plan defaults to 'local' and is the caller's plan when given", () => {
    expect(r.plan).toBe('local');
    expect(value({ model: 'alpha-4o', tokens: 1 }, { plan: 'pro' }).plan).toBe('pro');
  });

  it('methodology_url defaults to the local service page and is the one given', () => {
    expect(r.methodology_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/methodology$/);
    const url = 'https://footprint.example/methodology';
    expect(value({ model: 'alpha-4o', tokens: 1 }, { methodologyUrl: url }).methodology_url).toBe(url);
  });
});

describe('rule 9: rounding to 6 significant figures, only at the end', () => {
  it('rounds energy, carbon, water and equivalents to 6 significant figures', () => {
    // 3.5 x 1,234,561 / 1000 / 1000 = 4.3209635 kWh -> 4.32096.
    // us-east-virginia: x 310 = 1,339.498685 g -> 1339.5; x 1.8 L/kWh = 7.7777343 L -> 7.77773.
    const r = value({ model: 'alpha-4o', tokens: 1234561, region: 'us-east-virginia' });
    expect([r.energy_kwh, r.carbon_gco2e, r.water.liters]).toEqual([4.32096, 1339.5, 7.77773]);
    for (const n of Object.values(r.equivalents)) expect(Number(n.toPrecision(6))).toBe(n);
  });

  it('echoes token counts exactly, even beyond 6 significant figures', () => {
    expect(value({ model: 'alpha-4o', input_tokens: 1234567, output_tokens: 7654321 })).toMatchObject({
      input_tokens: 1234567,
      output_tokens: 7654321,
      tokens: 8888888,
    });
  });

  it('carbon comes from the unrounded energy: early rounding would give a different answer', () => {
    // alpha-4o, 1,234,524 tokens: 3.5 x 1,234,524 / 1000 / 1000 = 4.320834 kWh, reported as 4.32083.
    // asia-japan-tokyo, 450 g/kWh: 4.320834 x 450 = 1,944.3753 g -> 1944.38.
    // Rounding energy first would give 4.32083 x 450 = 1,944.3735 -> 1944.37.
    const r = value({ model: 'alpha-4o', tokens: 1234524, region: 'asia-japan-tokyo' });
    expect(r.energy_kwh).toBe(4.32083);
    expect(r.carbon_gco2e).toBe(1944.38);
    expect(round6(r.energy_kwh * 450)).toBe(1944.37);
  });

  it('equivalents come from the unrounded basis too', () => {
    // alpha-4o, 1,234,504 tokens: 4.320764 kWh, reported as 4.32076.
    // led_hours: 4.320764 / 0.009 = 480.08489 -> 480.085; from the rounded energy 4.32076 / 0.009 = 480.08444 -> 480.084.
    const r = value({ model: 'alpha-4o', tokens: 1234504 });
    expect(r.energy_kwh).toBe(4.32076);
    expect(r.equivalents.led_hours).toBe(480.085);
    expect(round6(r.energy_kwh / 0.009)).toBe(480.084);
  });
});

describe('calculateV1', () => {
  function v1(request: unknown) {
    const result = calculateV1(request, { plan: 'basic' });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    expect(V1ResponseSchema.omit({ rate_limit: true }).safeParse(result.value).success).toBe(true);
    return result.value;
  }

  it('computes { model, tokens, grid } with the version 1 grid intensity and 1.8 L/kWh', () => {
    // alpha-4 4.5 Wh per 1k x 1,000 = 0.0045 kWh; coal-heavy 820 -> 3.69 g; 1.8 L/kWh -> 0.0081 L.
    expect(v1({ model: 'alpha-4', tokens: 1000, grid: 'coal-heavy' })).toMatchObject({
      model: 'alpha-4',
      tokens: 1000,
      grid: 'coal-heavy',
      energy_kwh: 0.0045,
      carbon_gco2e: 3.69,
      water_liters: 0.0081,
      plan: 'basic',
    });
  });

  it('defaults grid to global-avg', () => {
    expect(v1({ model: 'epsilon-7b', tokens: 1000 })).toMatchObject({ grid: 'global-avg', carbon_gco2e: round6(0.0001 * 475) });
  });

  it('accepts every version 1 model, and counts images in tokens for image-gen', () => {
    for (const model of V1_MODEL_KEYS) expect(v1({ model, tokens: 2, custom_wh_per_1k: 3 }).model).toBe(model);
    expect(v1({ model: 'image-gen', tokens: 3 }).energy_kwh).toBe(round6((2.9 * 3) / 1000));
  });

  it('ignores the version 2 split fields: version 1 is unchanged', () => {
    expect(v1({ model: 'alpha-4', tokens: 1000, input_tokens: 0, output_tokens: 1000 }).energy_kwh).toBe(0.0045);
    expect(v1({ model: 'image-gen', tokens: 2, images: 5 }).energy_kwh).toBe(0.0058);
  });

  it('has the same equivalents as version 2 for the same work and grid', () => {
    const result = calculate({ model: 'alpha-4', tokens: 1000, region: 'eu-avg' });
    expect(result.ok && result.value.equivalents).toEqual(v1({ model: 'alpha-4', tokens: 1000, grid: 'eu-avg' }).equivalents);
  });

  it.each([
    { request: { model: 'alpha-4o', tokens: 1000 }, code: 'INVALID_MODEL' },
    { request: { model: 'alpha-4', input_tokens: 500, output_tokens: 500 }, code: 'INVALID_TOKENS' },
    { request: { model: 'alpha-4', tokens: 0 }, code: 'INVALID_TOKENS' },
    { request: { model: 'alpha-4', tokens: 10, grid: 'us-east-virginia' }, code: 'INVALID_REGION' },
    { request: { model: 'custom', tokens: 10 }, code: 'MISSING_CUSTOM_RATE' },
    { request: 'alpha-4', code: 'BAD_REQUEST' },
  ])('rejects $request with $code', ({ request, code }) => {
    const result = calculateV1(request);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
  });

  it('plus a rate_limit, validates as a version 1 response', () => {
    const body = { ...v1({ model: 'alpha-3.5', tokens: 10 }), rate_limit: { limit: 100, remaining: 99, reset_at: '2026-12-01T00:00:00Z' } };
    expect(V1ResponseSchema.safeParse(body).success).toBe(true);
  });
});

describe('catalog()', () => {
  const c = catalog();

  it('validates against CatalogSchema and is version 2', () => {
    expect(CatalogSchema.parse(c).version).toBe(2);
  });

  it('lists every model with its rate, unit and legacy flag', () => {
    expect(c.models).toEqual(MODELS.map(({ key, rate, unit, legacy }) => ({ key, rate, unit, legacy })));
    expect(c.models.filter((m) => m.legacy).map((m) => m.key)).toEqual([
      'alpha-4',
      'alpha-3.5',
      'beta-3-opus',
      'beta-3-haiku',
      'gamma-1.5-pro',
      'gamma-1.5-flash',
    ]);
  });

  it('lists the 14 regions with label, intensity, WUE and stress class, and the grid keys', () => {
    expect(c.regions).toEqual(REGIONS);
    expect(c.regions).toHaveLength(14);
    expect(c.grid_keys).toEqual(['global-avg', 'us-avg', 'eu-avg', 'hydro-green', 'coal-heavy']);
  });

  it('hands out copies: changing the catalog does not change the tables', () => {
    catalog().regions[0]!.carbon_gco2_per_kwh = -1;
    expect(REGIONS[0]!.carbon_gco2_per_kwh).toBeGreaterThan(0);
  });
});

describe('the schemas', () => {
  it('every valid request of these tests validates as a CalculationRequest', () => {
    for (const request of [
      { model: 'alpha-4o', tokens: 1000 },
      { model: 'alpha-4o', input_tokens: 1000, output_tokens: 500, region: 'us-west-california' },
      { model: 'image-gen', images: 2 },
      { model: 'custom', tokens: 10, custom_wh_per_1k: 1000 },
    ]) {
      expect(CalculationRequestSchema.safeParse(request).success).toBe(true);
      expect(calculate(request).ok).toBe(true);
    }
  });

  it('the response schema rejects an answer with a missing or mistyped field', () => {
    const good = value({ model: 'alpha-4o', tokens: 1000 });
    expect(CalculationResponseSchema.safeParse({ ...good, energy_kwh: '0.0035' }).success).toBe(false);
    expect(CalculationResponseSchema.safeParse({ ...good, water: { ...good.water, stress_level: 'severe' } }).success).toBe(false);
    const { equivalents: _dropped, ...withoutEquivalents } = good;
    expect(CalculationResponseSchema.safeParse(withoutEquivalents).success).toBe(false);
  });
});
