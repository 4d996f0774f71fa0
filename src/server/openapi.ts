import { z } from 'zod';
import {
  CalculationRequestSchema,
  CalculationResponseSchema,
  CatalogSchema,
  ERROR_CATALOG,
  PLANS,
  ProblemSchema,
  RateLimitSchema,
  UsageResponseSchema,
  V1RequestSchema,
  V1ResponseSchema,
} from '../core';
import { MAX_BODY_BYTES } from './middleware/json-body';

type JsonObject = Record<string, unknown>;

/** JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) of a zod schema, refs pointing into components. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

/** The problem schema, with `code` narrowed to the codes of ERROR_CATALOG. */
function problemSchema(): JsonObject {
  const schema = schemaOf(ProblemSchema, 'output');
  const properties = schema.properties as JsonObject;
  return { ...schema, properties: { ...properties, code: { type: 'string', enum: Object.keys(ERROR_CATALOG) } } };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});

const rateLimitHeaders = {
  'RateLimit-Limit': { description: "The plan's requests per calendar month (UTC).", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left this month.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the quota resets (start of the next UTC month).', schema: { type: 'integer' } },
};

function calculateResponses(okSchema: string) {
  return {
    '200': { description: 'The footprint; one unit of the monthly quota used.', headers: rateLimitHeaders, content: json(okSchema) },
    '400': problem('Invalid request: BAD_REQUEST, INVALID_MODEL, INVALID_TOKENS, MISSING_CUSTOM_RATE, INVALID_CUSTOM_RATE or INVALID_REGION. Costs nothing.'),
    '401': problem('UNAUTHORIZED: API key missing, malformed, unknown or revoked.'),
    '405': problem('METHOD_NOT_ALLOWED'),
    '413': problem(`PAYLOAD_TOO_LARGE: body over ${MAX_BODY_BYTES} bytes.`),
    '415': problem('UNSUPPORTED_MEDIA_TYPE: the body must be sent as application/json in UTF-8.'),
    '429': {
      ...problem("RATE_LIMIT_EXCEEDED: the plan's monthly quota is used up."),
      headers: {
        ...rateLimitHeaders,
        'Retry-After': { description: 'Seconds until the quota resets.', schema: { type: 'integer' } },
      },
    },
    '500': problem('INTERNAL: an unexpected fault, without internals.'),
    '503': storeUnavailable,
  };
}

const storeUnavailable = {
  ...problem('STORE_UNAVAILABLE: the key and quota store did not answer in time or could not write; nothing was charged. Retry with the same Idempotency-Key.'),
  headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
};

/** The OpenAPI 3.1 document of the service, generated from the core's zod schemas. */
export function openApiDocument(baseUrl: string, usageMonths: number): JsonObject {
  const plans = PLANS.map((p) => `${p.key} ${p.requests_per_month}`).join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Footprint Calculation Service',
      version: '2.0.0',
      description: `Energy, carbon and region-aware water of one AI model call. Monthly request quotas by plan (calendar month, UTC): ${plans}. Methodology: ${baseUrl}/methodology`,
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
      schemas: {
        CalculationRequest: schemaOf(CalculationRequestSchema, 'input'),
        CalculationResponse: schemaOf(CalculationResponseSchema, 'output'),
        V1Request: schemaOf(V1RequestSchema, 'input'),
        V1Response: schemaOf(V1ResponseSchema, 'output'),
        RateLimit: schemaOf(RateLimitSchema, 'output'),
        Catalog: schemaOf(CatalogSchema, 'output'),
        Usage: schemaOf(UsageResponseSchema, 'output'),
        Problem: problemSchema(),
      },
    },
    paths: {
      '/api/v2/calculate': {
        post: {
          summary: 'Compute one footprint (version 2).',
          security: [{ bearerAuth: [] }],
          requestBody: { required: true, content: json('CalculationRequest') },
          responses: calculateResponses('CalculationResponse'),
        },
        get: {
          summary: 'List the models, regions and version 1 grid keys. No key needed; not metered.',
          security: [],
          responses: { '200': { description: 'The catalog.', content: json('Catalog') } },
        },
      },
      '/api/v1/calculate': {
        post: {
          summary: 'Compute one footprint (version 1, unchanged). Same keys and quota as version 2.',
          security: [{ bearerAuth: [] }],
          requestBody: { required: true, content: json('V1Request') },
          responses: calculateResponses('V1Response'),
        },
      },
      '/api/v2/usage': {
        get: {
          summary: "The key's month: requests against the quota, and the summed energy, carbon and water, per model. Costs no quota.",
          security: [{ bearerAuth: [] }],
          parameters: [
            {
              name: 'month',
              in: 'query',
              required: false,
              description: `A UTC month as YYYY-MM; default the current one. The current month and the ${usageMonths - 1} before it are kept.`,
              schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
            },
          ],
          responses: {
            '200': { description: "The key's month (zeros and no models when it had no calculations).", content: json('Usage') },
            '400': problem('BAD_REQUEST: month is not YYYY-MM.'),
            '401': problem('UNAUTHORIZED: API key missing, malformed, unknown or revoked.'),
            '404': problem('NOT_FOUND: the month is not kept (older than the retention, or in the future).'),
            '405': problem('METHOD_NOT_ALLOWED'),
            '500': problem('INTERNAL: an unexpected fault, without internals.'),
            '503': storeUnavailable,
          },
        },
      },
      '/methodology': {
        get: { summary: 'The methodology page (HTML).', security: [], responses: { '200': { description: 'HTML', content: { 'text/html': {} } } } },
      },
      '/openapi.json': {
        get: { summary: 'This document.', security: [], responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } } } },
      },
      '/healthz': {
        get: {
          summary: 'Readiness: the service and its store answer.',
          security: [],
          responses: {
            '200': {
              description: 'The service answers.',
              content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' } } } } },
            },
            '503': storeUnavailable,
          },
        },
      },
    },
  };
}
