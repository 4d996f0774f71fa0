/**
 * The wire shapes of the specification as zod schemas. The server documents
 * itself (OpenAPI) from them and the extension's remote client validates the
 * service's answers with them. `calculate` checks requests itself so that each
 * failure maps to the specification's own error code.
 */
import { z } from 'zod';
import { STRESS_LEVELS } from './tables';

const count = z.number().nonnegative();

export const CalculationRequestSchema = z
  .object({
    model: z.string().describe('A model key from the model table (GET /api/v2/calculate lists them).'),
    tokens: z.number().positive().optional().describe('Total tokens; the number of images for image-gen.'),
    input_tokens: count.optional().describe('Input (prompt) tokens.'),
    output_tokens: count.optional().describe('Output tokens; weigh three times input tokens.'),
    images: z.number().int().positive().optional().describe('Number of images, for image-gen (alternative to tokens).'),
    region: z.string().optional().describe('A region key, or a version 1 grid key. Default global-avg.'),
    custom_wh_per_1k: z.number().positive().max(1000).optional().describe('Wh per 1,000 tokens; required when model is custom.'),
  })
  .describe('Calculation request (version 2)');

export const StressLevelSchema = z.enum(STRESS_LEVELS);

export const WaterSchema = z.object({
  liters: z.number().nonnegative(),
  stress_level: StressLevelSchema,
  wue_liters_per_kwh: z.number().nonnegative(),
  note: z.string(),
});

export const EquivalentsSchema = z.object({
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
    input_tokens: count,
    output_tokens: count,
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

export const V1RequestSchema = z
  .object({
    model: z.string().describe('A version 1 model key: alpha-4, alpha-3.5, epsilon-7b, image-gen, custom.'),
    tokens: z.number().positive().describe('Total tokens; the number of images for image-gen.'),
    grid: z.string().optional().describe('A version 1 grid key. Default global-avg.'),
    custom_wh_per_1k: z.number().positive().max(1000).optional(),
  })
  .describe('Calculation request (version 1)');

export const RateLimitSchema = z.object({
  limit: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  reset_at: z.string().describe('ISO 8601 time the monthly quota resets (start of next UTC month).'),
});

export const V1CalculationSchema = z.object({
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

export type CalculationRequest = z.infer<typeof CalculationRequestSchema>;
export type CalculationResponse = z.infer<typeof CalculationResponseSchema>;
export type Equivalents = z.infer<typeof EquivalentsSchema>;
export type V1Request = z.infer<typeof V1RequestSchema>;
export type V1Calculation = z.infer<typeof V1CalculationSchema>;
export type V1Response = z.infer<typeof V1ResponseSchema>;
export type RateLimit = z.infer<typeof RateLimitSchema>;
export type Problem = z.infer<typeof ProblemSchema>;
export type Catalog = z.infer<typeof CatalogSchema>;
export type UsageResponse = z.infer<typeof UsageResponseSchema>;
