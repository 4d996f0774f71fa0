import type { Context, Hono } from 'hono';
import { calculate, calculateV1, findPlan, type CalculationResponse, type Result, type V1Calculation, type V1Response } from '../../core';
import { createRouter, type AppDeps, type AppEnv } from '../env';
import { readIdempotencyKey, requestFingerprint } from '../idempotency';
import { apiKey, unauthorized } from '../middleware/api-key';
import { jsonBody } from '../middleware/json-body';
import { problemResponse } from '../problem';
import { monthKey, quotaState, rateLimitHeaders } from '../quota';
import { activeKey } from '../store/api-keys';
import type { MeterOutcome, StoredApiKey, UsageFigures } from '../store/store';

/** The month's quota as an answer shows it. */
interface Quota {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** A metered endpoint: how it computes, and how its 200 body is written from the core's result. */
interface MeteredRoute<T> {
  path: string;
  /** Tells this endpoint's requests apart in Idempotency-Key fingerprints. */
  fingerprintTag: string;
  compute(body: unknown, options: { plan: string; methodologyUrl: string }): Result<T>;
  render(value: T, quota: Quota): unknown;
  /** What the calculation adds to its key's month. */
  figures(value: T): UsageFigures;
}

const V2_CALCULATE: MeteredRoute<CalculationResponse> = {
  path: '/api/v2/calculate',
  fingerprintTag: 'v2:',
  compute: calculate,
  render: (v) => v,
  figures: (v) => ({ model: v.model, energyKwh: v.energy_kwh, carbonGco2e: v.carbon_gco2e, waterLiters: v.water.liters }),
};

const V1_CALCULATE: MeteredRoute<V1Calculation> = {
  path: '/api/v1/calculate',
  fingerprintTag: 'v1:',
  compute: calculateV1,
  // The core's calculation with `rate_limit` in its documented place.
  render: (v, quota): V1Response => ({
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
  }),
  figures: (v) => ({ model: v.model, energyKwh: v.energy_kwh, carbonGco2e: v.carbon_gco2e, waterLiters: v.water_liters }),
};

/**
 * One metered calculation, in the service's order: the body (413, 415, 400 JSON) and the key (401) are
 * checked by middleware; then the Idempotency-Key header and the core's validation (400, costs nothing,
 * stores nothing), then the store's one atomic step: a repeat of an earlier Idempotency-Key is answered
 * from its record (422 if the body differs), otherwise one unit of the month's quota is taken (429 when
 * used up) and the answer recorded under the key. A store failure or timeout is thrown (503
 * STORE_UNAVAILABLE, nothing charged).
 */
async function meter<T>(c: Context<AppEnv>, route: MeteredRoute<T>, deps: AppDeps): Promise<Response> {
  const { baseUrl } = deps.config;
  const body = c.get('jsonBody');
  let key: StoredApiKey = c.get('apiKey');

  const idempotency = readIdempotencyKey(c.req.header('idempotency-key'));
  if (!idempotency.ok) return problemResponse('BAD_REQUEST', idempotency.detail, baseUrl);

  // A changed plan makes the store answer 'stale': look the key up again and decide again, once.
  for (let attempt = 0; ; attempt++) {
    const plan = findPlan(key.plan);
    if (!plan) throw new Error(`key ${key.id} has plan ${key.plan}, which is not in data/plans.json`);
    const result = route.compute(body.value, { plan: plan.key, methodologyUrl: `${baseUrl}/methodology` });
    if (!result.ok) return problemResponse(result.error.code, result.error.message, baseUrl);

    const now = deps.clock();
    const period = quotaState(plan.requests_per_month, 0, now);
    const outcome: MeterOutcome = await deps.store.meter({
      key,
      monthKey: monthKey(now),
      limit: plan.requests_per_month,
      idempotency: idempotency.key === null ? null : { key: idempotency.key, fingerprint: requestFingerprint(route.fingerprintTag, body.bytes) },
      value: JSON.stringify(result.value),
      figures: route.figures(result.value),
      resetSeconds: period.resetSeconds,
      resetAt: period.resetAt.getTime(),
      now,
      deadline: Date.now() + deps.storeTimeoutMs,
    });

    switch (outcome.kind) {
      case 'charged': {
        const quota = { limit: outcome.limit, remaining: Math.max(0, outcome.limit - outcome.used), resetAt: period.resetAt };
        return c.json(route.render(result.value, quota), 200, rateLimitHeaders({ ...quota, resetSeconds: period.resetSeconds }));
      }
      case 'replay': {
        const r = outcome.record;
        const quota = { limit: r.limit, remaining: Math.max(0, r.limit - r.used), resetAt: new Date(r.resetAt) };
        deps.metrics.replays.inc({ route: route.path });
        return c.json(route.render(JSON.parse(r.value) as T, quota), 200, {
          ...rateLimitHeaders({ ...quota, resetSeconds: r.resetSeconds }),
          'Idempotent-Replayed': 'true',
        });
      }
      case 'refused': {
        const q = quotaState(outcome.limit, outcome.used, now);
        deps.metrics.quotaRefusals.inc({ route: route.path });
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

/** POST /api/v2/calculate and /api/v1/calculate: metered calculations. */
export function calculateRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = createRouter();
  const body = jsonBody(deps.config.baseUrl);
  const key = apiKey(deps);
  for (const route of [V2_CALCULATE, V1_CALCULATE] as MeteredRoute<unknown>[]) router.post(route.path, body, key, (c) => meter(c, route, deps));
  return router;
}
