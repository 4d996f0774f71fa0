import { coreError, ok, type Result } from './errors';
import {
  CalculationRequestSchema,
  requestError,
  type Calculation,
  type CalculationResponse,
  type Catalog,
  type Equivalents,
  type V1Calculation,
  type Work,
} from './schemas';
import { EQUIVALENTS, GRID_KEYS, MODELS, REGIONS, sourceName, stressClass, type RegionRow } from './tables';

export const DEFAULT_PLAN = 'local';
const DEFAULT_METHODOLOGY_URL = 'http://127.0.0.1:8787/methodology';
/** Input tokens count half, output tokens one and a half: output weighs 3x input and an even split equals `tokens` alone. */
export const INPUT_WEIGHT = 0.5;
export const OUTPUT_WEIGHT = 1.5;

export interface CalculateOptions {
  plan?: string;
  methodologyUrl?: string;
}

/** Energy in Wh, unrounded. */
export function energyWh(rate: number, work: Work): number {
  if (work.kind === 'images') return rate * work.images;
  if (!work.split) return (rate * work.total) / 1000;
  return (rate * (INPUT_WEIGHT * work.input + OUTPUT_WEIGHT * work.output)) / 1000;
}

/** 10^0 .. 10^22: every one exactly representable, parsed from decimal so each is exact. */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/**
 * x to six significant digits: exactly `Number(x.toPrecision(6))`, which is
 * slow, computed with arithmetic where that is provably the same. For x in
 * [1e-16, 1e21), m = x * 10^k with k = 5 - floor(log10 x) and 10^k exact is
 * off by at most one rounding (< 1.2e-10 absolute for m < 1e6); when m lies in
 * [1e5, 1e6) and its fraction is not within 1e-6 of one half, Math.round(m) is
 * the six-digit mantissa toPrecision picks, and dividing it by the exact 10^k
 * (one correctly rounded operation) gives the double nearest to that decimal,
 * as Number() parses it. Anything else (near a tie, log10 off at a power of
 * ten, out of range, negative) takes toPrecision.
 */
function round6(x: number): number {
  if (x === 0) return 0;
  if (x >= 1e-16 && x < 1e21) {
    const k = 5 - Math.floor(Math.log10(x));
    const m = k >= 0 ? x * POW10[k] : x / POW10[-k];
    if (m >= 1e5 && m < 1e6 && Math.abs(m - Math.floor(m) - 0.5) > 1e-6) {
      const mantissa = Math.round(m);
      return k >= 0 ? mantissa / POW10[k] : mantissa * POW10[-k];
    }
  }
  return Number(x.toPrecision(6));
}

/** The fields in table order, so every answer's object has one shape from the start (property stores stay fast). */
const EQUIVALENTS_SHAPE = Object.fromEntries(EQUIVALENTS.map((e) => [e.field, 0])) as Equivalents;

export function equivalentsFor(basis: { energy_kwh: number; carbon_gco2e: number; water_liters: number }): Equivalents {
  const out = { ...EQUIVALENTS_SHAPE };
  for (const e of EQUIVALENTS) out[e.field] = round6(basis[e.basis] / e.per_unit);
  return out;
}

/** Memo tables: each depends only on data/ tables, so it is computed once per region or per combination. */
const waterNotes = new Map<RegionRow, string>();

export function waterNote(region: RegionRow): string {
  let note = waterNotes.get(region);
  if (note === undefined) {
    const meaning = stressClass(region.stress_level).meaning;
    note = `${region.label} has ${region.stress_level} water stress: ${meaning.charAt(0).toLowerCase()}${meaning.slice(1)}`;
    waterNotes.set(region, note);
  }
  return note;
}

const dataSourceLists = new Map<number, readonly string[]>();

function dataSources(v: Calculation): string[] {
  const callerRate = v.model.rate === null;
  const images = v.work.kind === 'images';
  const memo = (callerRate ? 1 : 0) | (images ? 2 : 0) | (v.isGridKey ? 4 : 0);
  let names = dataSourceLists.get(memo);
  if (!names) {
    const ids = [
      callerRate ? 'caller-rate' : 'model-table',
      ...(images ? ['image-energy'] : []),
      ...(v.isGridKey ? ['v1-grid-table', 'lbnl-2016-wue'] : ['region-table', 'aqueduct-4']),
      ...new Set(EQUIVALENTS.map((e) => e.source)),
    ];
    names = ids.map(sourceName);
    dataSourceLists.set(memo, names);
  }
  // A copy: the caller owns its answer.
  return names.slice();
}

export interface Footprint {
  energy_kwh: number;
  carbon_gco2e: number;
  water_liters: number;
}

/** Carbon and on-site water of `energy_kwh` in `region`, unrounded (also rescales stored totals to another region). */
export function footprintOfEnergy(energy_kwh: number, region: RegionRow): Footprint {
  return {
    energy_kwh,
    carbon_gco2e: energy_kwh * region.carbon_gco2_per_kwh,
    water_liters: energy_kwh * region.wue_liters_per_kwh,
  };
}

const energyOf = (v: Calculation): Footprint => footprintOfEnergy(energyWh(v.rateWhPer1k, v.work) / 1000, v.region);

/** A request checked by CalculationRequestSchema, or the specification's error (code and message) of its first fault. */
export function parseCalculation(request: unknown): Result<Calculation> {
  const parsed = CalculationRequestSchema.safeParse(request);
  return parsed.success ? ok(parsed.data) : { ok: false, error: requestError(parsed.error) };
}

/** The footprint of a checked request (version 2). */
export function footprint(v: Calculation, options: CalculateOptions = {}): CalculationResponse {
  const f = energyOf(v);
  const counts =
    v.work.kind === 'images'
      ? { input_tokens: 0, output_tokens: v.work.images, tokens: v.work.images, images: v.work.images }
      : { input_tokens: v.work.input, output_tokens: v.work.output, tokens: v.work.total };
  return {
    model: v.model.key,
    ...counts,
    region: v.region.key,
    region_label: v.region.label,
    energy_kwh: round6(f.energy_kwh),
    carbon_gco2e: round6(f.carbon_gco2e),
    water: {
      liters: round6(f.water_liters),
      stress_level: v.region.stress_level,
      wue_liters_per_kwh: v.region.wue_liters_per_kwh,
      note: waterNote(v.region),
    },
    equivalents: equivalentsFor(f),
    data_sources: dataSources(v),
    plan: options.plan ?? DEFAULT_PLAN,
    methodology_url: options.methodologyUrl ?? DEFAULT_METHODOLOGY_URL,
  };
}

/** The footprint of a checked version 1 request, in its shape: `{ model, tokens, grid }`. The server adds `rate_limit`. */
export function footprintV1(v: Calculation, options: CalculateOptions = {}): V1Calculation {
  const f = energyOf(v);
  return {
    model: v.model.key,
    tokens: v.work.kind === 'images' ? v.work.images : v.work.total,
    grid: v.region.key,
    energy_kwh: round6(f.energy_kwh),
    carbon_gco2e: round6(f.carbon_gco2e),
    water_liters: round6(f.water_liters),
    equivalents: equivalentsFor(f),
    plan: options.plan ?? DEFAULT_PLAN,
    methodology_url: options.methodologyUrl ?? DEFAULT_METHODOLOGY_URL,
  };
}

function guard<T>(run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch (e) {
    return { ok: false, error: coreError('INTERNAL', `Calculation failed unexpectedly: ${e instanceof Error ? e.message : 'unknown fault'}.`) };
  }
}

/**
 * One footprint (version 2) of an unchecked request. Never throws: an invalid request gives
 * `{ ok: false, error }` with the specification's code and a message that says
 * what was wrong and what is accepted.
 */
export function calculate(request: unknown, options: CalculateOptions = {}): Result<CalculationResponse> {
  return guard(() => {
    const valid = parseCalculation(request);
    return valid.ok ? ok(footprint(valid.value, options)) : valid;
  });
}

/** The body of `GET /api/v2/calculate`. */
export function catalog(): Catalog {
  return {
    version: 2,
    models: MODELS.map(({ key, rate, unit, legacy }) => ({ key, rate, unit, legacy })),
    regions: REGIONS.map((r) => ({ ...r })),
    grid_keys: GRID_KEYS.map((g) => g.key),
  };
}
