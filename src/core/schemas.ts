/**
 * The wire shapes of the specification as zod schemas: the one definition of a
 * calculation request (the validator the core and the service run, and what the
 * service's OpenAPI document is generated from) and of every answer the
 * extension's remote client reads.
 */
import { z } from 'zod';
import type { CoreError, ErrorCode } from './errors';
import { coreError } from './errors';
import {
  DEFAULT_REGION,
  GRID_KEYS,
  MODELS,
  REGIONS,
  STRESS_LEVELS,
  V1_MODEL_KEYS,
  findGridKey,
  findModel,
  resolveRegion,
  type ModelRow,
  type RegionRow,
} from './tables';

export const MAX_TOTAL_TOKENS = 100_000_000;
export const MAX_CUSTOM_RATE = 1000;

/** Work to be priced: tokens (with their split) or images. */
export type Work = { kind: 'tokens'; input: number; output: number; total: number; split: boolean } | { kind: 'images'; images: number };

/** A request that passed validation, resolved against the tables: what `footprint` prices. */
export interface Calculation {
  model: ModelRow;
  rateWhPer1k: number;
  work: Work;
  region: RegionRow;
  isGridKey: boolean;
}

type Fields = Record<string, unknown>;

const isPlainObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);

const describe = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
};

const MODEL_KEYS_TEXT = MODELS.map((m) => m.key).join(', ');
const GRID_KEYS_TEXT = GRID_KEYS.map((g) => g.key).join(', ');
const REGION_KEYS_TEXT = `${REGIONS.map((r) => r.key).join(', ')}; or a version 1 grid key: ${GRID_KEYS_TEXT}`;

type RequestErrorCode = Extract<
  ErrorCode,
  'BAD_REQUEST' | 'INVALID_MODEL' | 'MISSING_CUSTOM_RATE' | 'INVALID_CUSTOM_RATE' | 'INVALID_TOKENS' | 'INVALID_REGION'
>;

/** The order the specification checks a request in: of several faults, the first in this list is the one reported. */
const PRECEDENCE: readonly RequestErrorCode[] = [
  'BAD_REQUEST',
  'INVALID_MODEL',
  'MISSING_CUSTOM_RATE',
  'INVALID_CUSTOM_RATE',
  'INVALID_TOKENS',
  'INVALID_REGION',
];

/** The code a field's own issue is reported under; a rule across fields names its code in the issue's params. */
const FIELD_CODES: Readonly<Record<string, RequestErrorCode>> = {
  model: 'INVALID_MODEL',
  tokens: 'INVALID_TOKENS',
  input_tokens: 'INVALID_TOKENS',
  output_tokens: 'INVALID_TOKENS',
  images: 'INVALID_TOKENS',
  custom_wh_per_1k: 'INVALID_CUSTOM_RATE',
  region: 'INVALID_REGION',
  grid: 'INVALID_REGION',
};

const codeOf = (issue: z.core.$ZodIssue): RequestErrorCode => {
  const named = issue.code === 'custom' ? (issue.params as { code?: RequestErrorCode } | undefined)?.code : undefined;
  return named ?? (issue.path.length === 0 ? 'BAD_REQUEST' : (FIELD_CODES[String(issue.path[0])] ?? 'BAD_REQUEST'));
};

/** The specification's error of a request that failed one of the request schemas: its first fault in PRECEDENCE. */
export function requestError(error: z.ZodError): CoreError {
  let best: { code: RequestErrorCode; message: string } | undefined;
  for (const issue of error.issues) {
    const code = codeOf(issue);
    if (!best || PRECEDENCE.indexOf(code) < PRECEDENCE.indexOf(best.code)) best = { code, message: issue.message };
  }
  return best ? coreError(best.code, best.message) : coreError('BAD_REQUEST', 'The request is invalid.');
}

const count = (name: string) => {
  const error = (issue: { input?: unknown }) => `${name} must be a finite number >= 0 (got ${describe(issue.input)}).`;
  return z.number({ error }).nonnegative({ error });
};

const modelKey = (accepted: readonly string[] | undefined) => {
  const list = accepted ? accepted.join(', ') : MODEL_KEYS_TEXT;
  const required = `model is required: a model key as a string. Accepted keys: ${list}.`;
  return z.string({ error: required }).superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: required });
    else if (!findModel(value) || (accepted && !accepted.includes(value))) {
      ctx.addIssue({ code: 'custom', message: `model ${describe(value)} is not a known key. Accepted keys: ${list}.` });
    }
  });
};

const customRate = () => {
  const error = (issue: { input?: unknown }) =>
    `custom_wh_per_1k must be a number greater than 0 and at most ${MAX_CUSTOM_RATE} Wh per 1,000 tokens (got ${describe(issue.input)}).`;
  return z.number({ error }).positive({ error }).max(MAX_CUSTOM_RATE, { error });
};

const regionKey = (name: 'region' | 'grid', known: (key: string) => boolean, accepted: string) =>
  z
    .string({ error: `${name} must be a string. Accepted: ${accepted}.` })
    .refine(known, { error: (issue) => `${name} ${describe(issue.input)} is not a known key. Accepted: ${accepted}.` });

/**
 * What the fields mean before they are checked: a JSON null is the field left out, only own properties count,
 * and custom_wh_per_1k is read only for a model without a rate of its own (any other model ignores it).
 */
const normalized = (names: readonly string[]) => (body: unknown) => {
  if (!isPlainObject(body)) return body;
  const out: Fields = {};
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(body, name) && body[name] !== null && body[name] !== undefined) out[name] = body[name];
  }
  if (typeof out.model !== 'string' || findModel(out.model)?.rate !== null) delete out.custom_wh_per_1k;
  return out;
};

interface Counts {
  tokens?: number;
  input_tokens?: number;
  output_tokens?: number;
  images?: number;
}

function imagesOf(body: Counts): Work | string {
  if (body.input_tokens !== undefined || body.output_tokens !== undefined) {
    return 'image-gen counts images: give the number of images in tokens or images, not input_tokens/output_tokens.';
  }
  if (body.tokens !== undefined && body.images !== undefined && body.tokens !== body.images) {
    return `tokens (${body.tokens}) and images (${body.images}) disagree; give one of them.`;
  }
  const n = body.images ?? body.tokens;
  if (n === undefined) return 'image-gen needs the number of images, in tokens or images.';
  if (!Number.isInteger(n) || n <= 0 || n > MAX_TOTAL_TOKENS) {
    return `The number of images must be a whole number from 1 to ${MAX_TOTAL_TOKENS} (got ${n}).`;
  }
  return { kind: 'images', images: n };
}

function tokensOf(body: Counts): Work | string {
  if (body.images !== undefined) return 'images applies only to model image-gen; give tokens, or input_tokens and output_tokens.';
  const { tokens, input_tokens: input, output_tokens: output } = body;
  let work: Extract<Work, { kind: 'tokens' }>;
  if (tokens === undefined) {
    if (input === undefined || output === undefined) return 'Give tokens, or both input_tokens and output_tokens.';
    work = { kind: 'tokens', input, output, total: input + output, split: true };
  } else if (tokens <= 0) {
    return `tokens must be positive (got ${tokens}).`;
  } else if (input === undefined && output === undefined) {
    work = { kind: 'tokens', input: tokens / 2, output: tokens / 2, total: tokens, split: false };
  } else if (input !== undefined && output !== undefined) {
    if (Math.abs(input + output - tokens) > 1e-9 * tokens) return `tokens (${tokens}) must equal input_tokens + output_tokens (${input + output}).`;
    work = { kind: 'tokens', input, output, total: tokens, split: true };
  } else {
    const given = (input ?? output) as number;
    const other = tokens - given;
    if (other < 0) return `${input !== undefined ? 'input_tokens' : 'output_tokens'} (${given}) cannot exceed tokens (${tokens}).`;
    work =
      input !== undefined
        ? { kind: 'tokens', input, output: other, total: tokens, split: true }
        : { kind: 'tokens', input: other, output: given, total: tokens, split: true };
  }
  if (!(work.total > 0)) return 'The total of input_tokens and output_tokens must be positive.';
  if (work.total > MAX_TOTAL_TOKENS) return `At most ${MAX_TOTAL_TOKENS} tokens per request (got ${work.total}).`;
  return work;
}

/** The work of a request whose fields passed their own checks, or what is wrong with it. */
const workOf = (model: ModelRow, body: Counts): Work | string => (model.unit === 'wh_per_image' ? imagesOf(body) : tokensOf(body));

const COUNT_FIELDS = new Set(['tokens', 'input_tokens', 'output_tokens', 'images']);

/**
 * The rules across fields, in the specification's order: a model without a rate needs custom_wh_per_1k
 * (version 1 then needs tokens), then the counts must make one amount of work for the model's unit. They run
 * even when a field failed its own check, so that an earlier fault is the one reported.
 */
const acrossFields =
  (v1: boolean) =>
  (body: { model: string; custom_wh_per_1k?: number } & Counts, ctx: z.RefinementCtx): void => {
    const issues = (ctx as unknown as { issues: z.core.$ZodIssue[] }).issues;
    const model = findModel(body.model);
    if (!model || issues.some((i) => i.path[0] === 'model')) return;
    const fail = (code: RequestErrorCode, message: string) => ctx.addIssue({ code: 'custom', message, params: { code } });
    if (model.rate === null && body.custom_wh_per_1k === undefined) {
      return fail('MISSING_CUSTOM_RATE', 'model custom needs custom_wh_per_1k: its energy rate in Wh per 1,000 tokens.');
    }
    if (v1 && body.tokens === undefined) return fail('INVALID_TOKENS', 'Version 1 needs tokens (the number of images for image-gen).');
    if (issues.some((i) => COUNT_FIELDS.has(String(i.path[0])))) return;
    const work = workOf(model, body);
    if (typeof work === 'string') fail('INVALID_TOKENS', work);
  };

/** The checked request resolved against the tables (every lookup succeeds: the checks made sure). */
function resolved(body: { model: string; custom_wh_per_1k?: number } & Counts, region: string, gridOnly: boolean): Calculation {
  const model = findModel(body.model) as ModelRow;
  const work = workOf(model, body) as Work;
  const place = gridOnly ? { row: findGridKey(region) as RegionRow, isGridKey: true } : resolveRegion(region)!;
  return { model, rateWhPer1k: model.rate ?? (body.custom_wh_per_1k as number), work, region: place.row, isGridKey: place.isGridKey };
}

const whenObject = { when: (payload: { value: unknown }) => isPlainObject(payload.value) };
const NOT_AN_OBJECT = 'The request body must be a JSON object.';

const V2_FIELDS = ['model', 'tokens', 'input_tokens', 'output_tokens', 'images', 'region', 'custom_wh_per_1k'];

export const CalculationRequestSchema = z.preprocess(
  normalized(V2_FIELDS),
  z
    .object(
      {
        model: modelKey(undefined).describe('A model key from the model table (GET /api/v2/calculate lists them).'),
        tokens: count('tokens').optional().describe('Total tokens; the number of images for image-gen.'),
        input_tokens: count('input_tokens').optional().describe('Input (prompt) tokens.'),
        output_tokens: count('output_tokens').optional().describe('Output tokens; weigh three times input tokens.'),
        images: count('images').optional().describe('Number of images, for image-gen (alternative to tokens).'),
        region: regionKey('region', (key) => resolveRegion(key) !== undefined, REGION_KEYS_TEXT)
          .optional()
          .describe(`A region key, or a version 1 grid key. Default ${DEFAULT_REGION}.`),
        custom_wh_per_1k: customRate().optional().describe('Wh per 1,000 tokens; required when model is custom.'),
      },
      { error: NOT_AN_OBJECT },
    )
    .superRefine(acrossFields(false), whenObject)
    .transform((body) => resolved(body, body.region ?? DEFAULT_REGION, false))
    .describe('Calculation request (version 2)'),
);

/** Version 1 is unchanged: it knows only these fields, so a split or an image count sent to it must not change its answer. */
const V1_FIELDS = ['model', 'tokens', 'grid', 'custom_wh_per_1k'];

export const V1RequestSchema = z.preprocess(
  normalized(V1_FIELDS),
  z
    .object(
      {
        model: modelKey(V1_MODEL_KEYS).describe(`A version 1 model key: ${V1_MODEL_KEYS.join(', ')}.`),
        tokens: count('tokens').optional().describe('Total tokens; the number of images for image-gen. Required.'),
        grid: regionKey('grid', (key) => findGridKey(key) !== undefined, GRID_KEYS_TEXT)
          .optional()
          .describe(`A version 1 grid key. Default ${DEFAULT_REGION}.`),
        custom_wh_per_1k: customRate().optional().describe('Wh per 1,000 tokens; required when model is custom.'),
      },
      { error: NOT_AN_OBJECT },
    )
    .superRefine(acrossFields(true), whenObject)
    .transform((body) => resolved(body, body.grid ?? DEFAULT_REGION, true))
    .describe('Calculation request (version 1)'),
);

const StressLevelSchema = z.enum(STRESS_LEVELS);

const WaterSchema = z.object({
  liters: z.number().nonnegative(),
  stress_level: StressLevelSchema,
  wue_liters_per_kwh: z.number().nonnegative(),
  note: z.string(),
});

const EquivalentsSchema = z.object({
  smartphones_charged: z.number().nonnegative(),
  km_driven: z.number().nonnegative(),
  led_hours: z.number().nonnegative(),
  netflix_hours_sd: z.number().nonnegative(),
  google_searches: z.number().nonnegative(),
  water_bottles_500ml: z.number().nonnegative(),
  emails_equivalent: z.number().nonnegative(),
});

export const CalculationResponseSchema = z
  .object({
    model: z.string(),
    input_tokens: z.number().nonnegative(),
    output_tokens: z.number().nonnegative(),
    tokens: z.number().positive(),
    images: z.number().int().positive().optional(),
    region: z.string(),
    region_label: z.string(),
    energy_kwh: z.number().nonnegative(),
    carbon_gco2e: z.number().nonnegative(),
    water: WaterSchema,
    equivalents: EquivalentsSchema,
    data_sources: z.array(z.string()).min(1),
    plan: z.string().min(1),
    methodology_url: z.string().min(1),
  })
  .describe('Calculation response (version 2)');

const RateLimitSchema = z.object({
  limit: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  reset_at: z.string().describe('ISO 8601 time the monthly quota resets (start of next UTC month).'),
});

const V1CalculationSchema = z.object({
  model: z.string(),
  tokens: z.number().positive(),
  grid: z.string(),
  energy_kwh: z.number().nonnegative(),
  carbon_gco2e: z.number().nonnegative(),
  water_liters: z.number().nonnegative(),
  equivalents: EquivalentsSchema,
  plan: z.string().min(1),
  methodology_url: z.string().min(1),
});

export const V1ResponseSchema = V1CalculationSchema.extend({ rate_limit: RateLimitSchema }).describe('Calculation response (version 1)');

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
  })
  .describe('An error, as application/problem+json');

const UsageFigures = {
  energy_kwh: z.number().nonnegative(),
  carbon_gco2e: z.number().nonnegative(),
  water_liters: z.number().nonnegative(),
};

/** GET /api/v2/usage: an API key's month, as the service answers it and the extension reads it. */
export const UsageResponseSchema = z
  .object({
    plan: z.string().describe("The key's plan."),
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .describe('The UTC month shown, YYYY-MM.'),
    requests: z.number().int().nonnegative().describe('Metered calculations counted for this key in that month.'),
    quota: z.number().int().nonnegative().describe("The plan's requests per month."),
    remaining: z.number().int().nonnegative().describe('max(0, quota - requests)'),
    resets_at: z.string().describe('Start of the month after `month` (ISO 8601, UTC).'),
    ...UsageFigures,
    models: z
      .array(z.object({ model: z.string(), requests: z.number().int().nonnegative(), ...UsageFigures }))
      .describe('One row per model key, most energy first.'),
  })
  .describe("An API key's month");

export const CatalogSchema = z.object({
  version: z.literal(2),
  models: z.array(z.object({ key: z.string(), rate: z.number().nullable(), unit: z.string(), legacy: z.boolean() })),
  regions: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      carbon_gco2_per_kwh: z.number(),
      wue_liters_per_kwh: z.number(),
      stress_level: StressLevelSchema,
    }),
  ),
  grid_keys: z.array(z.string()),
});

export type CalculationResponse = z.infer<typeof CalculationResponseSchema>;
export type Equivalents = z.infer<typeof EquivalentsSchema>;
export type V1Calculation = z.infer<typeof V1CalculationSchema>;
export type V1Response = z.infer<typeof V1ResponseSchema>;
export type RateLimit = z.infer<typeof RateLimitSchema>;
export type Problem = z.infer<typeof ProblemSchema>;
export type Catalog = z.infer<typeof CatalogSchema>;
export type UsageResponse = z.infer<typeof UsageResponseSchema>;
