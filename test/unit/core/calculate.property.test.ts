/**
 * Properties of `calculate` over random requests (fast-check).
 *
 * Tolerances: every reported number is round6(x), and |round6(x) - x| <= 5e-6 * |x|
 * (half a unit in the sixth significant digit, at most 5e-6 of a value whose leading
 * digit is 1). A ratio of two reported numbers is therefore within
 * (1 + 5e-6) / (1 - 5e-6) - 1 ~= 1.00001e-5 of the exact ratio; we allow 1.1e-5.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CalculationResponseSchema,
  GRID_KEYS,
  MAX_TOTAL_TOKENS,
  MODELS,
  REGIONS,
  calculate,
  resolveRegion,
  type CalculationResponse,
} from '../../../src/core/index';
import { CALCULATION_ERROR_CODES } from '../support/calculation';
import { calculateV1 } from '../support/calculate-v1';

const RATIO_TOLERANCE = 1.1e-5;
const TOKEN_MODEL_KEYS = MODELS.filter((m) => m.unit === 'wh_per_1k_tokens').map((m) => m.key);
const REGION_KEYS = [...REGIONS, ...GRID_KEYS].map((r) => r.key);
const ALL_MODEL_KEYS = new Set(MODELS.map((m) => m.key));
const ALL_REGION_KEYS = new Set(REGION_KEYS);

function succeed(request: unknown): CalculationResponse {
  const result = calculate(request);
  if (!result.ok) throw new Error(`${JSON.stringify(request)} -> ${result.error.code}: ${result.error.message}`);
  return result.value;
}

const count = fc.oneof(fc.integer({ min: 1, max: MAX_TOTAL_TOKENS / 2 }), fc.double({ min: 0.001, max: 1_000_000, noNaN: true }));
const region = fc.option(fc.constantFrom(...REGION_KEYS), { nil: undefined });
const modelPart = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TOKEN_MODEL_KEYS).map((model) => ({ model })) },
  { weight: 1, arbitrary: fc.double({ min: 0.001, max: 1000, noNaN: true }).map((rate) => ({ model: 'custom', custom_wh_per_1k: rate })) },
);
/** Every accepted way to give the counts for a token model. */
const countsPart = fc.oneof(
  count.map((tokens) => ({ tokens })),
  fc.tuple(count, count).map(([input_tokens, output_tokens]) => ({ input_tokens, output_tokens })),
  fc.tuple(count, fc.double({ min: 0, max: 1, noNaN: true })).map(([tokens, share]) => ({ tokens, input_tokens: tokens * share })),
  fc.tuple(count, fc.double({ min: 0, max: 1, noNaN: true })).map(([tokens, share]) => ({ tokens, output_tokens: tokens * share })),
  fc.tuple(count, count).map(([input_tokens, output_tokens]) => ({ tokens: input_tokens + output_tokens, input_tokens, output_tokens })),
);
const tokenRequest = fc.tuple(modelPart, countsPart, region).map(([m, c, r]) => ({ ...m, ...c, ...(r ? { region: r } : {}) }));
const imageRequest = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), region)
  .map(([n, asImages, r]) => ({ model: 'image-gen', ...(asImages ? { images: n } : { tokens: n }), ...(r ? { region: r } : {}) }));
const validRequest = fc.oneof({ weight: 5, arbitrary: tokenRequest }, { weight: 1, arbitrary: imageRequest });

describe('random valid requests', () => {
  it('always succeed and validate against the response schema', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        expect(CalculationResponseSchema.safeParse(succeed(request)).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('carbon / energy is the region intensity and water / energy the WUE, within 6-figure rounding', () => {
    fc.assert(
      fc.property(validRequest, (request) => {
        const r = succeed(request);
        const row = resolveRegion(r.region)!.row;
        expect(r.energy_kwh).toBeGreaterThan(0);
        expect(Math.abs(r.carbon_gco2e / r.energy_kwh / row.carbon_gco2_per_kwh - 1)).toBeLessThanOrEqual(RATIO_TOLERANCE);
        expect(Math.abs(r.water.liters / r.energy_kwh / row.wue_liters_per_kwh - 1)).toBeLessThanOrEqual(RATIO_TOLERANCE);
        expect(r.water.wue_liters_per_kwh).toBe(row.wue_liters_per_kwh);
        expect(r.water.stress_level).toBe(row.stress_level);
      }),
      { numRuns: 1000 },
    );
  });

  it('the reported input and output add up to the reported tokens', () => {
    fc.assert(
      fc.property(tokenRequest, (request) => {
        const r = succeed(request);
        expect(r.input_tokens + r.output_tokens).toBeCloseTo(r.tokens, 6);
      }),
    );
  });
});

describe('energy grows with tokens', () => {
  // round6 is non-decreasing, so more tokens never give less energy. It is strictly larger
  // once the energies differ by more than one unit in the 6th digit: b - a > 1e-5 * b guarantees it;
  // we require 2e-5 to leave room for floating-point error.
  const pair = fc
    .tuple(fc.integer({ min: 1, max: MAX_TOTAL_TOKENS }), fc.integer({ min: 1, max: MAX_TOTAL_TOKENS }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
  const strictlyApart = (a: number, b: number) => b - a > 2e-5 * b;

  it('tokens alone: non-decreasing, strictly increasing where rounding allows', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOKEN_MODEL_KEYS, 'image-gen'), region, pair, (model, r, [a, b]) => {
        const ea = succeed({ model, tokens: a, region: r }).energy_kwh;
        const eb = succeed({ model, tokens: b, region: r }).energy_kwh;
        expect(eb).toBeGreaterThanOrEqual(ea);
        if (strictlyApart(a, b)) expect(eb).toBeGreaterThan(ea);
      }),
      { numRuns: 500 },
    );
  });

  it('with a split: more output or more input never lowers the energy', () => {
    const n = fc.integer({ min: 0, max: 30_000_000 });
    fc.assert(
      fc.property(fc.constantFrom(...TOKEN_MODEL_KEYS), n, n, fc.integer({ min: 1, max: 30_000_000 }), (model, input, output, more) => {
        const base = succeed({ model, input_tokens: input, output_tokens: output + 1 }).energy_kwh;
        const moreOutput = succeed({ model, input_tokens: input, output_tokens: output + 1 + more }).energy_kwh;
        const moreInput = succeed({ model, input_tokens: input + more, output_tokens: output + 1 }).energy_kwh;
        expect(moreOutput).toBeGreaterThanOrEqual(base);
        expect(moreInput).toBeGreaterThanOrEqual(base);
        // The same extra tokens cost more as output than as input (3x), unless rounding hides it.
        expect(moreOutput).toBeGreaterThanOrEqual(moreInput);
      }),
      { numRuns: 500 },
    );
  });
});

describe('an even split equals tokens alone', () => {
  it('input_tokens = output_tokens = n gives the same response as tokens = 2n', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOKEN_MODEL_KEYS), fc.integer({ min: 1, max: MAX_TOTAL_TOKENS / 2 }), region, (model, n, r) => {
        expect(succeed({ model, input_tokens: n, output_tokens: n, region: r })).toEqual(succeed({ model, tokens: 2 * n, region: r }));
      }),
      { numRuns: 1000 },
    );
  });

  it('so does a custom rate', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1000, noNaN: true }), fc.integer({ min: 1, max: MAX_TOTAL_TOKENS / 2 }), (rate, n) => {
        const split = succeed({ model: 'custom', custom_wh_per_1k: rate, input_tokens: n, output_tokens: n });
        expect(split).toEqual(succeed({ model: 'custom', custom_wh_per_1k: rate, tokens: 2 * n }));
      }),
    );
  });
});

// Thousands of generated inputs per test: their time follows the machine's load (a shared CI runner
// takes several seconds), not a slow path. What is tested is the property, never the time.
describe('random invalid input', { timeout: 30_000 }, () => {
  const CODES: readonly string[] = CALCULATION_ERROR_CODES;

  function rejects(input: unknown): string {
    let result: ReturnType<typeof calculate> | undefined;
    expect(() => {
      result = calculate(input);
    }).not.toThrow();
    expect(result!.ok).toBe(false);
    const code = result!.ok ? 'none' : result!.error.code;
    expect(CODES).toContain(code);
    expect(result!.ok ? '' : result!.error.message).not.toBe('');
    return code;
  }

  it('fc.anything() never throws and gives a calculation error code, never INTERNAL', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
        }),
        (x) => {
          expect(rejects(x)).not.toBe('INTERNAL');
          const v1 = calculateV1(x);
          expect(!v1.ok && CODES.includes(v1.error.code)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('random objects are rejected with a code', () => {
    fc.assert(
      fc.property(fc.object(), (x) => void rejects(x)),
      { numRuns: 1000 },
    );
  });

  it('random JSON texts, parsed, are rejected with a code; non-objects with BAD_REQUEST', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const parsed: unknown = JSON.parse(text);
        const code = rejects(parsed);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) expect(code).toBe('BAD_REQUEST');
      }),
      { numRuns: 1000 },
    );
  });

  it('objects with the request field names and random JSON values are rejected or computed, never INTERNAL', () => {
    const names = fc.constantFrom('model', 'tokens', 'input_tokens', 'output_tokens', 'images', 'region', 'custom_wh_per_1k', 'grid');
    fc.assert(
      fc.property(fc.dictionary(names, fc.jsonValue()), (body) => {
        const result = calculate(body);
        if (!result.ok) expect(CODES).toContain(result.error.code);
        else expect(CalculationResponseSchema.safeParse(result.value).success).toBe(true);
        const v1 = calculateV1(body);
        if (!v1.ok) expect(CODES).toContain(v1.error.code);
      }),
      { numRuns: 2000 },
    );
  });

  const wrongType = fc.oneof(
    fc.string(),
    fc.boolean(),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    fc.bigInt(),
  );

  it("a wrong type in any field of a valid request gives that field's code", () => {
    const field = fc.constantFrom('model', 'tokens', 'input_tokens', 'output_tokens', 'region', 'custom_wh_per_1k');
    fc.assert(
      fc.property(tokenRequest, field, wrongType, (request, name, bad) => {
        if (typeof bad === 'string' && (ALL_MODEL_KEYS.has(bad) || ALL_REGION_KEYS.has(bad))) return;
        const broken: Record<string, unknown> = { ...request, [name]: bad };
        if (name === 'custom_wh_per_1k') broken.model = 'custom';
        const expected = {
          model: 'INVALID_MODEL',
          tokens: 'INVALID_TOKENS',
          input_tokens: 'INVALID_TOKENS',
          output_tokens: 'INVALID_TOKENS',
          region: 'INVALID_REGION',
          custom_wh_per_1k: 'INVALID_CUSTOM_RATE',
        }[name];
        expect(rejects(broken)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts out of range (negative, or over 100,000,000 in total) give INVALID_TOKENS', () => {
    const outOfRange = fc.oneof(fc.double({ max: -Number.MIN_VALUE, noNaN: true }), fc.double({ min: MAX_TOTAL_TOKENS + 1, noNaN: true }));
    fc.assert(
      fc.property(
        fc.constantFrom(...TOKEN_MODEL_KEYS, 'image-gen'),
        fc.constantFrom('tokens', 'input_tokens', 'output_tokens'),
        outOfRange,
        (model, name, n) => {
          const body = name === 'tokens' ? { model, tokens: n } : { model, input_tokens: 10, output_tokens: 10, [name]: n };
          expect(rejects(body)).toBe('INVALID_TOKENS');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
