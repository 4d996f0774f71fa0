import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { z, ZodError } from 'zod';
import {
  footprint,
  footprintV1,
  requestError,
  type CalculateOptions,
  type Calculation,
  type CalculationResponse,
  type V1Calculation,
  type V1Response,
} from '../../core';
import { createRouter, type AppDeps, type AppEnv } from '../env';
import { readIdempotencyKey, requestFingerprint } from '../idempotency';
import { apiKey, unauthorized } from '../middleware/api-key';
import { jsonBody } from '../middleware/json-body';
import { asDocumented, BEARER_AUTH, calculateResponses, Documented, json } from '../openapi';
import { problemResponse } from '../problem';
import { monthKey, quotaState, rateLimitHeaders } from '../quota';
import { activeKey, planOf } from '../store/api-keys';
import type { MeterOutcome, StoredApiKey, UsageFigures } from '../store/store';

/** The month's quota as an answer shows it. */
interface Quota {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** A metered endpoint: how it prices a checked request, and how its 200 body is written from the core's answer. */
interface MeteredRoute<T> {
  /** Tells this endpoint's requests apart in Idempotency-Key fingerprints. */
  fingerprintTag: string;
  compute(valid: Calculation, options: CalculateOptions): T;
  /**
   * The 200 body's JSON text, from the answer's JSON text as stored for replays (`stored`) and, when it was
   * just computed, the answer itself.
   */
  body(stored: string, quota: Quota, value?: T): string;
  /** What the calculation adds to its key's month. */
  figures(value: T): UsageFigures;
}

const V2_CALCULATE: MeteredRoute<CalculationResponse> = {
  fingerprintTag: 'v2:',
  compute: footprint,
  // The answer as it was stored: serialized once, for the record and the reply alike.
  body: (stored) => stored,
  figures: (v) => ({ model: v.model, energyKwh: v.energy_kwh, carbonGco2e: v.carbon_gco2e, waterLiters: v.water.liters }),
};

/** The core's version 1 calculation with `rate_limit` in its documented place. */
const v1Response = (v: V1Calculation, quota: Quota): V1Response => ({
  model: v.model,
  tokens: v.tokens,
  grid: v.grid,
  energy_kwh: v.energy_kwh,
  carbon_gco2e: v.carbon_gco2e,
  water_liters: v.water_liters,
  equivalents: v.equivalents,
  plan: v.plan,
  rate_limit: { limit: quota.limit, remaining: quota.remaining, reset_at: quota.resetAt.toISOString() },
  methodology_url: v.methodology_url,
});

const V1_CALCULATE: MeteredRoute<V1Calculation> = {
  fingerprintTag: 'v1:',
  compute: footprintV1,
  body: (stored, quota, value = JSON.parse(stored) as V1Calculation) => JSON.stringify(v1Response(value, quota)),
  figures: (v) => ({ model: v.model, energyKwh: v.energy_kwh, carbonGco2e: v.carbon_gco2e, waterLiters: v.water_liters }),
};

/** A 200 answer: its JSON text and the quota headers. */
const answered = (c: Context<AppEnv>, json: string, headers: Record<string, string>): Response =>
  c.body(json, 200, { 'Content-Type': 'application/json', ...headers });

/** The Idempotency-Key header, checked before the body's fields (400 BAD_REQUEST when malformed). */
const idempotencyHeader =
  (baseUrl: string): MiddlewareHandler<AppEnv> =>
  (c, next) => {
    const idempotency = readIdempotencyKey(c.req.header('idempotency-key'));
    if (!idempotency.ok) return Promise.resolve(problemResponse('BAD_REQUEST', idempotency.detail, baseUrl));
    c.set('idempotencyKey', idempotency.key);
    return next();
  };

/**
 * One metered calculation, in the service's order: the body (413, 415, 400 JSON), the key (401) and the
 * Idempotency-Key header are checked by middleware, the request by its schema (400, costs nothing, stores
 * nothing); then the store's one atomic step: a repeat of an earlier Idempotency-Key is answered from its
 * record (422 if the body differs), otherwise one unit of the month's quota is taken (429 when used up) and
 * the answer recorded under the key. A store failure or timeout is thrown (503 STORE_UNAVAILABLE, nothing
 * charged).
 */
async function meter<T>(c: Context<AppEnv>, valid: Calculation, route: MeteredRoute<T>, deps: AppDeps): Promise<Response> {
  const { baseUrl } = deps.config;
  const methodologyUrl = `${baseUrl}/methodology`;
  const body = c.get('jsonBody');
  const idempotencyKey = c.get('idempotencyKey');
  let key: StoredApiKey = c.get('apiKey');

  // A changed plan makes the store answer 'stale': look the key up again and decide again, once.
  for (let attempt = 0; ; attempt++) {
    const plan = planOf(key);
    const value = route.compute(valid, { plan: plan.key, methodologyUrl });
    const now = deps.clock();
    const period = quotaState(plan.requests_per_month, 0, now);
    const stored = JSON.stringify(value);
    const outcome: MeterOutcome = await deps.store.meter({
      key,
      monthKey: monthKey(now),
      limit: plan.requests_per_month,
      idempotency: idempotencyKey === null ? null : { key: idempotencyKey, fingerprint: requestFingerprint(route.fingerprintTag, body.bytes) },
      value: stored,
      figures: route.figures(value),
      resetSeconds: period.resetSeconds,
      resetAt: period.resetAt.getTime(),
      now,
      deadline: Date.now() + deps.config.storeTimeoutMs,
    });

    switch (outcome.kind) {
      case 'charged': {
        const quota = { limit: outcome.limit, remaining: Math.max(0, outcome.limit - outcome.used), resetAt: period.resetAt };
        return answered(c, route.body(stored, quota, value), rateLimitHeaders({ ...quota, resetSeconds: period.resetSeconds }));
      }
      case 'replay': {
        const r = outcome.record;
        const quota = { limit: r.limit, remaining: Math.max(0, r.limit - r.used), resetAt: new Date(r.resetAt) };
        deps.metrics.replays.inc({ route: routePath(c) });
        return answered(c, route.body(r.value, quota), {
          ...rateLimitHeaders({ ...quota, resetSeconds: r.resetSeconds }),
          'Idempotent-Replayed': 'true',
        });
      }
      case 'refused': {
        const q = quotaState(outcome.limit, outcome.used, now);
        deps.metrics.quotaRefusals.inc({ route: routePath(c) });
        return problemResponse(
          'RATE_LIMIT_EXCEEDED',
          `The ${plan.label} plan allows ${plan.requests_per_month} requests per calendar month (UTC); this month's are used up. The quota resets at ${q.resetAt.toISOString()}.`,
          baseUrl,
          { ...rateLimitHeaders(q), 'Retry-After': String(q.resetSeconds) },
        );
      }
      case 'reused':
        return problemResponse(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used recently for a different request body or endpoint. Send a new key for a new request.',
          baseUrl,
        );
      case 'revoked':
        return unauthorized(baseUrl);
      case 'stale': {
        const fresh: StoredApiKey | undefined = attempt === 0 ? await activeKey(deps.store, key.hash) : undefined;
        if (!fresh) return unauthorized(baseUrl);
        key = fresh;
      }
    }
  }
}

/** The route of a metered calculation: its request schema is the validator and the document's request body. */
function calculateRoute(deps: AppDeps, summary: string, schema: z.ZodType<Calculation>, ok: z.ZodType) {
  const { baseUrl } = deps.config;
  return createRoute({
    method: 'post',
    path: '/calculate',
    summary,
    security: BEARER_AUTH,
    middleware: [jsonBody(baseUrl), apiKey(deps), idempotencyHeader(baseUrl)] as const,
    request: { body: { required: true, content: json(schema) } },
    responses: calculateResponses(ok),
  });
}

/** An invalid request: the specification's code and message of its first fault (400, costs nothing). */
const invalidRequest =
  (baseUrl: string) =>
  (result: { success: true } | { success: false; error: ZodError }): undefined => {
    if (result.success) return undefined;
    const error = requestError(result.error);
    return asDocumented(problemResponse(error.code, error.message, baseUrl));
  };

/** POST /calculate of version 2 (mounted at /api/v2): a metered calculation. */
export function calculateV2Routes(deps: AppDeps) {
  const route = calculateRoute(deps, 'Compute one footprint (version 2).', Documented.CalculationRequest, Documented.CalculationResponse);
  return createRouter().openapi(route, async (c) => asDocumented(await meter(c, c.req.valid('json'), V2_CALCULATE, deps)), invalidRequest(deps.config.baseUrl));
}

/** POST /calculate of version 1 (mounted at /api/v1): unchanged, the same keys and quota as version 2. */
export function calculateV1Routes(deps: AppDeps) {
  const route = calculateRoute(
    deps,
    'Compute one footprint (version 1, unchanged). Same keys and quota as version 2.',
    Documented.V1Request,
    Documented.V1Response,
  );
  return createRouter().openapi(route, async (c) => asDocumented(await meter(c, c.req.valid('json'), V1_CALCULATE, deps)), invalidRequest(deps.config.baseUrl));
}
