import { extendZodWithOpenApi, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  CalculationRequestSchema,
  CalculationResponseSchema,
  CatalogSchema,
  ERROR_CATALOG,
  PLANS,
  ProblemSchema,
  UsageResponseSchema,
  V1RequestSchema,
  V1ResponseSchema,
  type ErrorCode,
} from '../core';
import type { AppEnv } from './env';

// Added to the zod the core's schemas are made with, which a test runner may load apart from the one
// @hono/zod-openapi extends itself.
extendZodWithOpenApi(z);

type Headers = Record<string, { description: string; schema: { type: 'integer' } }>;
import { MAX_BODY_BYTES } from './middleware/json-body';
import { PROBLEM_CONTENT_TYPE } from './problem';

/**
 * A schema under its component name: every use of it in a route is a $ref. The generator names components
 * through a method it adds to zod's schemas, which a schema made before that (the core's, when the core is
 * loaded first) lacks: the copy made here has it.
 */
const named = <S extends z.ZodType>(name: string, schema: S): S => schema.clone().openapi(name);

/** The schemas the routes declare, under the names the document gives them. */
export const Documented = {
  CalculationRequest: named('CalculationRequest', CalculationRequestSchema),
  CalculationResponse: named('CalculationResponse', CalculationResponseSchema),
  V1Request: named('V1Request', V1RequestSchema),
  V1Response: named('V1Response', V1ResponseSchema),
  Catalog: named('Catalog', CatalogSchema),
  Usage: named('Usage', UsageResponseSchema),
  /** `code` narrowed to the codes of ERROR_CATALOG (answers themselves are built by problemBody). */
  Problem: named('Problem', ProblemSchema.extend({ code: z.enum(Object.keys(ERROR_CATALOG) as [ErrorCode, ...ErrorCode[]]) })),
};

export const BEARER_AUTH = [{ bearerAuth: [] }];

/**
 * A handler's answer as the route's type: the service answers with Responses it builds itself (problem+json
 * through problemResponse, with their headers), which the typed responses of @hono/zod-openapi do not cover.
 */
export const asDocumented = <R>(response: R): never => response as never;

const integerHeader = (description: string) => ({ description, schema: { type: 'integer' as const } });

export const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });

export const problem = (description: string, headers?: Headers) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { [PROBLEM_CONTENT_TYPE]: { schema: Documented.Problem } },
});

export const rateLimitHeaders = {
  'RateLimit-Limit': integerHeader("The plan's requests per calendar month (UTC)."),
  'RateLimit-Remaining': integerHeader('Requests left this month.'),
  'RateLimit-Reset': integerHeader('Seconds until the quota resets (start of the next UTC month).'),
};

export const unauthorizedResponse = problem('UNAUTHORIZED: API key missing, malformed, unknown or revoked.');
export const methodNotAllowedResponse = problem('METHOD_NOT_ALLOWED');
export const internalResponse = problem('INTERNAL: an unexpected fault, without internals.');
export const storeUnavailableResponse = problem(
  'STORE_UNAVAILABLE: the key and quota store did not answer in time or could not write; nothing was charged. Retry with the same Idempotency-Key.',
  { 'Retry-After': integerHeader('Seconds to wait before retrying.') },
);

/** The answers of a metered calculation, its 200 body being `ok`. */
export function calculateResponses(ok: z.ZodType) {
  return {
    200: { description: 'The footprint; one unit of the monthly quota used.', headers: rateLimitHeaders, content: json(ok) },
    400: problem('Invalid request: BAD_REQUEST, INVALID_MODEL, INVALID_TOKENS, MISSING_CUSTOM_RATE, INVALID_CUSTOM_RATE or INVALID_REGION. Costs nothing.'),
    401: unauthorizedResponse,
    405: methodNotAllowedResponse,
    413: problem(`PAYLOAD_TOO_LARGE: body over ${MAX_BODY_BYTES} bytes.`),
    415: problem('UNSUPPORTED_MEDIA_TYPE: the body must be sent as application/json in UTF-8.'),
    422: problem('IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used recently for another body or endpoint.'),
    429: problem("RATE_LIMIT_EXCEEDED: the plan's monthly quota is used up.", {
      ...rateLimitHeaders,
      'Retry-After': integerHeader('Seconds until the quota resets.'),
    }),
    500: internalResponse,
    503: storeUnavailableResponse,
  };
}

/** The OpenAPI 3.1 document of the service, generated from the routes the app declares and the core's zod schemas. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, baseUrl: string): unknown {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' });
  const plans = PLANS.map((p) => `${p.key} ${p.requests_per_month}`).join(', ');
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Footprint Calculation Service',
      version: '2.0.0',
      description: `Energy, carbon and region-aware water of one AI model call. Monthly request quotas by plan (calendar month, UTC): ${plans}. Methodology: ${baseUrl}/methodology`,
    },
    servers: [{ url: baseUrl }],
  });
}
