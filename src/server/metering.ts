import { findPlan, type Result } from '../core';
import { authenticateForRequest } from './store/api-keys';
import { renderBody, type BodyTemplate, type MeterOutcome, type Store, type StoredApiKey } from './store/store';
import { coreErrorProblem, internalProblem, problemAnswer, type Answer, type AnswerHeaders } from './problem';
import { readJsonBody, type RequestSource } from './request-body';
import { readIdempotencyKey, requestFingerprint } from './idempotency';
import { monthKey, quotaState, rateLimitHeaders, type QuotaState } from './quota';

export interface MeteringDeps {
  store: Store;
  clock: () => Date;
  baseUrl: string;
  methodologyUrl: string;
}

/** A metered endpoint: how it computes, and how its 200 body is written (split where `remaining` goes, if it has one). */
export interface MeteredRoute<T> {
  /** The path, also the route label in logs and metrics. */
  path: string;
  /** Tells this endpoint's requests apart in Idempotency-Key fingerprints. */
  fingerprintTag: string;
  compute(body: unknown, options: { plan: string; methodologyUrl: string }): Result<T>;
  render(value: T, quota: Omit<QuotaState, 'remaining'>): BodyTemplate;
}

/** A header of the request: from Node's parsed headers where there are some (no Headers object is built). */
function headerOf(source: RequestSource, name: string): string | undefined {
  if (!source.incoming) return source.request.headers.get(name) ?? undefined;
  const value = source.incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What happened, for the logs and metrics (never the key itself). */
export type MeterEvent = MeterOutcome['kind'] | 'rejected';

export interface MeteredAnswer extends Answer {
  keyId: string | null;
  event: MeterEvent;
  /** An unexpected fault behind a 500 (logged with its stack on the server, never sent). */
  fault?: unknown;
}

/** The store failed (a 500 to the client); `cause` is the store's own error, logged with its stack. */
export class StoreFailure extends Error {
  constructor(cause: unknown) {
    super('The key and quota store failed.', { cause });
    this.name = 'StoreFailure';
  }
}

const BEARER = /^Bearer +(\S+)\s*$/i;
const JSON_TYPE = 'application/json';

const unauthorized = (baseUrl: string, detail: string) => problemAnswer('UNAUTHORIZED', detail, baseUrl, { 'WWW-Authenticate': 'Bearer realm="footprint"' });

const rejected = (answer: Answer, keyId: string | null = null): MeteredAnswer => ({ ...answer, keyId, event: 'rejected' });

/**
 * One metered calculation, in the service's order: body checks (413, 415,
 * 400 JSON), the key (401), the Idempotency-Key header and the core's
 * validation (400, costs nothing, stores nothing), then the store's one
 * atomic step: a repeat of an earlier Idempotency-Key is answered from its
 * record (422 if the body differs), otherwise one unit of the month's quota is
 * taken (429 when used up) and the answer recorded under the key. Success and
 * 429 carry the RateLimit-* headers.
 */
export async function meter<T>(deps: MeteringDeps, route: MeteredRoute<T>, request: RequestSource): Promise<MeteredAnswer> {
  const body = await readJsonBody(request);
  if (!body.ok) {
    const headers: AnswerHeaders = body.code === 'PAYLOAD_TOO_LARGE' ? { Connection: 'close' } : {};
    return rejected(problemAnswer(body.code, body.detail, deps.baseUrl, headers));
  }

  const authorization = headerOf(request, 'authorization');
  if (!authorization) return rejected(unauthorized(deps.baseUrl, 'Send your API key as Authorization: Bearer <key>.'));
  const token = BEARER.exec(authorization)?.[1];
  let key = token ? await authenticateForRequest(deps.store, token) : undefined;
  if (!key) return rejected(unauthorized(deps.baseUrl, 'The API key is malformed, unknown or revoked.'));

  const idempotency = readIdempotencyKey(headerOf(request, 'idempotency-key'));
  if (!idempotency.ok) return rejected(problemAnswer('BAD_REQUEST', idempotency.detail, deps.baseUrl), key.id);
  const fingerprint = idempotency.key === null ? '' : requestFingerprint(route.fingerprintTag, body.bytes);

  // A changed key record (plan) makes the store answer 'stale': look it up again and decide again, once.
  for (let attempt = 0; ; attempt++) {
    const plan = findPlan(key.plan);
    if (!plan) throw new Error(`key ${key.id} has plan ${key.plan}, which is not in data/plans.json`);
    const result = route.compute(body.value, { plan: plan.key, methodologyUrl: deps.methodologyUrl });
    if (!result.ok) {
      const answer = result.error.code === 'INTERNAL' ? internalProblem(deps.baseUrl) : coreErrorProblem(result.error, deps.baseUrl);
      return rejected(answer, key.id);
    }

    const now = deps.clock();
    const period = periodOf(now);
    const quota = { limit: plan.requests_per_month, resetAt: period.resetAt, resetSeconds: period.resetSeconds };
    const template = route.render(result.value, quota);
    let outcome: MeterOutcome;
    try {
      outcome = await deps.store.meter({
        key,
        monthKey: period.monthKey,
        limit: plan.requests_per_month,
        idempotency: idempotency.key === null ? null : { key: idempotency.key, fingerprint },
        body: template,
        resetSeconds: quota.resetSeconds,
        now,
      });
    } catch (error) {
      return { ...internalProblem(deps.baseUrl), keyId: key.id, event: 'rejected', fault: new StoreFailure(error) };
    }

    switch (outcome.kind) {
      case 'charged': {
        const remaining = Math.max(0, outcome.limit - outcome.used);
        return {
          status: 200,
          headers: { 'Content-Type': JSON_TYPE, ...quotaHeaders(outcome.limit, remaining, quota.resetSeconds) },
          body: renderBody(template, remaining),
          keyId: key.id,
          event: 'charged',
        };
      }
      case 'replay': {
        const r = outcome.record;
        const remaining = Math.max(0, r.limit - r.used);
        return {
          status: 200,
          headers: { 'Content-Type': JSON_TYPE, ...quotaHeaders(r.limit, remaining, r.resetSeconds), 'Idempotent-Replayed': 'true' },
          body: renderBody(r, remaining),
          keyId: key.id,
          event: 'replay',
        };
      }
      case 'refused': {
        const q = quotaState(outcome.limit, outcome.used, now);
        const answer = problemAnswer(
          'RATE_LIMIT_EXCEEDED',
          `The ${plan.label} plan allows ${plan.requests_per_month} requests per calendar month (UTC); this month's are used up. The quota resets at ${q.resetAt.toISOString()}.`,
          deps.baseUrl,
          { ...rateLimitHeaders(q), 'Retry-After': String(q.resetSeconds) },
        );
        return { ...answer, keyId: key.id, event: 'refused' };
      }
      case 'reused': {
        const answer = problemAnswer(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used in the last 24 hours for a different request body or endpoint. Send a new key for a new request.',
          deps.baseUrl,
        );
        return { ...answer, keyId: key.id, event: 'reused' };
      }
      case 'revoked':
        return { ...unauthorized(deps.baseUrl, 'The API key is malformed, unknown or revoked.'), keyId: key.id, event: 'revoked' };
      case 'stale': {
        const fresh: StoredApiKey | undefined = attempt === 0 && token ? await authenticateForRequest(deps.store, token) : undefined;
        if (!fresh) return { ...unauthorized(deps.baseUrl, 'The API key is malformed, unknown or revoked.'), keyId: key.id, event: 'stale' };
        key = fresh;
        continue;
      }
    }
  }
}

/** The month and the seconds to its end, computed once per clock second (every request needs them). */
let lastPeriod = { second: Number.NaN, monthKey: '', resetAt: new Date(0), resetSeconds: 0 };
function periodOf(now: Date): typeof lastPeriod {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastPeriod.second) {
    const q = quotaState(0, 0, now);
    lastPeriod = { second, monthKey: monthKey(now), resetAt: q.resetAt, resetSeconds: q.resetSeconds };
  }
  return lastPeriod;
}

function quotaHeaders(limit: number, remaining: number, resetSeconds: number): AnswerHeaders {
  return { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': String(remaining), 'RateLimit-Reset': String(resetSeconds) };
}
