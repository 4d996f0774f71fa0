/**
 * The key's month from the service: one `GET {base_url}/api/v2/usage` with the user's key. It
 * costs no quota. Never throws; every outcome is a value with a code, as in client.ts.
 */
import { UsageResponseSchema, type Result } from '../core';
import type { KeyMonth } from '../domain/usage';
import { problemDetail, REMOTE_TIMEOUT_MS, type RemoteFailureCode } from './client';

export interface UsageFailure {
  code: RemoteFailureCode;
  message: string;
  status: number | null;
  /** No answer at all (network, timeout): the service could not be reached. */
  unreachable: boolean;
}

export interface UsageOptions {
  usageUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export async function getKeyMonth(opts: UsageOptions): Promise<Result<KeyMonth, UsageFailure>> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = opts.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const failure = (code: RemoteFailureCode, message: string, status: number | null = null): { ok: false; error: UsageFailure } => ({
    ok: false,
    error: { code, message, status, unreachable: code === 'REMOTE_NETWORK' || code === 'REMOTE_TIMEOUT' },
  });
  try {
    let res: Response;
    try {
      res = await doFetch(opts.usageUrl, {
        method: 'GET',
        headers: { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' },
        signal: controller.signal,
        // A redirect could carry the key to another origin.
        redirect: 'error',
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (e) {
      if (controller.signal.aborted) return failure('REMOTE_TIMEOUT', `No answer within ${timeoutMs} ms.`);
      return failure('REMOTE_NETWORK', e instanceof Error ? e.message : String(e));
    }
    const status = res.status;
    if (status === 401) return failure('REMOTE_UNAUTHORIZED', await problemDetail(res), status);
    if (status >= 500) return failure('REMOTE_SERVER_ERROR', await problemDetail(res), status);
    if (status !== 200) return failure('REMOTE_REJECTED', await problemDetail(res), status);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      if (controller.signal.aborted) return failure('REMOTE_TIMEOUT', 'The answer did not arrive in time.');
      return failure('REMOTE_INVALID_ANSWER', 'The answer is not JSON.', status);
    }
    const parsed = UsageResponseSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure('REMOTE_INVALID_ANSWER', `The answer does not match the usage schema (${issue?.path.join('.')}: ${issue?.message}).`, status);
    }
    const u = parsed.data;
    return {
      ok: true,
      value: {
        plan: u.plan,
        month: u.month,
        requests: u.requests,
        quota: u.quota,
        remaining: u.remaining,
        energyKwh: u.energy_kwh,
        carbonG: u.carbon_gco2e,
        waterL: u.water_liters,
      },
    };
  } finally {
    clearTimeout(timer);
  }
}
