import type { Context } from 'hono';
import { findPlan, type Result } from '../core';
import { authenticate } from './store/api-keys';
import type { Store } from './store/store';
import { coreErrorResponse, internalErrorResponse, problemResponse } from './problem';
import { incomingOf, requestHeader } from './node-request';
import { readJsonBody } from './request-body';
import { monthKey, quotaState, rateLimitHeaders, type QuotaState } from './quota';

export interface MeteringDeps {
  store: Store;
  clock: () => Date;
  baseUrl: string;
  methodologyUrl: string;
}

const BEARER = /^Bearer +(\S+)\s*$/i;

const unauthorized = (baseUrl: string, detail: string) =>
  problemResponse('UNAUTHORIZED', detail, baseUrl, { 'WWW-Authenticate': 'Bearer realm="footprint"' });

/**
 * One metered calculation, in the service's order: body checks (413, 415,
 * 400 JSON), the key (401), the core's validation (400, costs nothing), then
 * one unit of the month's quota reserved atomically (429 when used up), then
 * 200. Success and 429 both carry the RateLimit-* headers.
 */
export async function meteredCalculation<T>(
  c: Context,
  deps: MeteringDeps,
  compute: (body: unknown, options: { plan: string; methodologyUrl: string }) => Result<T>,
  present: (value: T, quota: QuotaState) => unknown,
): Promise<Response> {
  const body = await readJsonBody({ request: c.req.raw, incoming: incomingOf(c) });
  if (!body.ok) {
    const headers: Record<string, string> = body.code === 'PAYLOAD_TOO_LARGE' ? { Connection: 'close' } : {};
    return problemResponse(body.code, body.detail, deps.baseUrl, headers);
  }

  const authorization = requestHeader(c, 'authorization');
  if (!authorization) return unauthorized(deps.baseUrl, 'Send your API key as Authorization: Bearer <key>.');
  const token = BEARER.exec(authorization)?.[1];
  const key = token ? await authenticate(deps.store, token) : undefined;
  if (!key) return unauthorized(deps.baseUrl, 'The API key is malformed, unknown or revoked.');
  const plan = findPlan(key.plan);
  if (!plan) throw new Error(`key ${key.id} has plan ${key.plan}, which is not in data/plans.json`);

  const result = compute(body.value, { plan: plan.key, methodologyUrl: deps.methodologyUrl });
  if (!result.ok) {
    return result.error.code === 'INTERNAL' ? internalErrorResponse(deps.baseUrl) : coreErrorResponse(result.error, deps.baseUrl);
  }

  const now = deps.clock();
  const reservation = await deps.store.reserveUnit(key.id, monthKey(now), plan.requests_per_month);
  const quota = quotaState(reservation.limit, reservation.used, now);
  const headers = rateLimitHeaders(quota);
  if (!reservation.allowed) {
    return problemResponse(
      'RATE_LIMIT_EXCEEDED',
      `The ${plan.label} plan allows ${plan.requests_per_month} requests per calendar month (UTC); this month's are used up. The quota resets at ${quota.resetAt.toISOString()}.`,
      deps.baseUrl,
      { ...headers, 'Retry-After': String(quota.resetSeconds) },
    );
  }
  return new Response(JSON.stringify(present(result.value, quota)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
