/**
 * The remote client: one `POST {base_url}/api/v2/calculate` with the user's key
 * and counts only. Never throws; every outcome is a value with a code.
 */
import { CalculationResponseSchema, ProblemSchema, type CalculationResponse, type Result } from '../core';
import { calculationBody, type RemoteRequest } from '../domain/remote';

export const REMOTE_TIMEOUT_MS = 5000;

/** The service accepts Idempotency-Keys of up to 255 printable ASCII characters. */
const MAX_IDEMPOTENCY_KEY = 255;

/** 128 bits of two FNV-1a passes: a compact, stable name for a turn id too long or too odd to send as it is. */
function digest128(text: string): string {
  let out = '';
  for (const seed of [0xcbf29ce484222325n, 0x84222325cbf29ce4n]) {
    let h = seed;
    for (let i = 0; i < text.length; i++) h = BigInt.asUintN(64, (h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n);
    out += h.toString(16).padStart(16, '0');
  }
  return out;
}

/**
 * The Idempotency-Key of a turn's calculation: one per turn, derived from its
 * id, so a resend (after the worker stopped mid-call, or from the retry queue)
 * is answered from the service's stored answer and charged once. An image
 * generation of the same turn is another calculation with its own key, and so
 * is a revision of the turn (the answer went on after it was counted: other
 * counts, so another body, which the service would refuse under the same key).
 */
export function turnIdempotencyKey(turnId: string, request: Pick<RemoteRequest, 'model'>, revision?: number): string {
  const suffix = (request.model === 'image-gen' ? ':image' : '') + (revision ? `:r${revision}` : '');
  const readable = `turn:${encodeURIComponent(turnId)}${suffix}`;
  return readable.length <= MAX_IDEMPOTENCY_KEY ? readable : `turn#${digest128(turnId)}${suffix}`;
}

export interface RemoteSuccess {
  response: CalculationResponse;
  plan: string;
  limit: number | null;
  remaining: number | null;
}

export type RemoteFailureCode =
  'REMOTE_UNAUTHORIZED' | 'REMOTE_QUOTA' | 'REMOTE_TIMEOUT' | 'REMOTE_NETWORK' | 'REMOTE_SERVER_ERROR' | 'REMOTE_INVALID_ANSWER' | 'REMOTE_REJECTED';

export interface RemoteFailure {
  code: RemoteFailureCode;
  message: string;
  status: number | null;
  /** Worth retrying later (timeout, network, 5xx, invalid answer). */
  transient: boolean;
  /** 429: when the quota is expected back (ms since epoch), from Retry-After or RateLimit-Reset. */
  retryAt: number | null;
  limit: number | null;
  remaining: number | null;
}

export interface PostOptions {
  calculateUrl: string;
  apiKey: string;
  request: RemoteRequest;
  /** Sent as Idempotency-Key (see turnIdempotencyKey). */
  idempotencyKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

function intHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null) return null;
  const n = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Retry-After (seconds or HTTP date), else RateLimit-Reset (seconds from now). */
function retryAt(headers: Headers, now: number): number | null {
  const after = headers.get('retry-after');
  if (after !== null) {
    const seconds = Number(after.trim());
    if (Number.isFinite(seconds) && seconds >= 0) return now + seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return date;
  }
  const reset = intHeader(headers, 'ratelimit-reset');
  return reset === null ? null : now + reset * 1000;
}

/** The service's problem+json as `CODE: detail`, else the HTTP status (the usage client says it the same way). */
export async function problemDetail(res: Response): Promise<string> {
  try {
    const p = ProblemSchema.safeParse(await res.json());
    return p.success ? `${p.data.code}: ${p.data.detail}` : `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

/** The answer must be for what was asked: same model, region and counts. */
function matches(req: RemoteRequest, res: CalculationResponse): boolean {
  return res.model === req.model && res.region === req.region && res.input_tokens === req.input_tokens && res.output_tokens === req.output_tokens;
}

export async function postCalculation(opts: PostOptions): Promise<Result<RemoteSuccess, RemoteFailure>> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const now = opts.now ?? Date.now;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REMOTE_TIMEOUT_MS);
  const failure = (code: RemoteFailureCode, message: string, extra: Partial<RemoteFailure> = {}): { ok: false; error: RemoteFailure } => ({
    ok: false,
    error: {
      code,
      message,
      status: null,
      transient: !['REMOTE_UNAUTHORIZED', 'REMOTE_QUOTA', 'REMOTE_REJECTED'].includes(code),
      retryAt: null,
      limit: null,
      remaining: null,
      ...extra,
    },
  });
  try {
    let res: Response;
    try {
      res = await doFetch(opts.calculateUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${opts.apiKey}`,
          ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
        },
        body: JSON.stringify(calculationBody(opts.request)),
        signal: controller.signal,
        // A redirect could carry the key to another origin.
        redirect: 'error',
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (e) {
      if (controller.signal.aborted) return failure('REMOTE_TIMEOUT', `No answer within ${opts.timeoutMs ?? REMOTE_TIMEOUT_MS} ms.`);
      return failure('REMOTE_NETWORK', e instanceof Error ? e.message : String(e));
    }
    const limit = intHeader(res.headers, 'ratelimit-limit');
    const remaining = intHeader(res.headers, 'ratelimit-remaining');
    const status = res.status;
    if (status === 401) return failure('REMOTE_UNAUTHORIZED', await problemDetail(res), { status });
    if (status === 429) {
      return failure('REMOTE_QUOTA', await problemDetail(res), { status, retryAt: retryAt(res.headers, now()), limit, remaining: remaining ?? 0 });
    }
    if (status >= 500) return failure('REMOTE_SERVER_ERROR', await problemDetail(res), { status });
    if (status !== 200) return failure('REMOTE_REJECTED', await problemDetail(res), { status });
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      if (controller.signal.aborted) return failure('REMOTE_TIMEOUT', 'The answer did not arrive in time.');
      return failure('REMOTE_INVALID_ANSWER', 'The answer is not JSON.', { status });
    }
    const parsed = CalculationResponseSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return failure('REMOTE_INVALID_ANSWER', `The answer does not match the response schema (${issue?.path.join('.')}: ${issue?.message}).`, { status });
    }
    if (!matches(opts.request, parsed.data)) {
      return failure('REMOTE_INVALID_ANSWER', 'The answer is for a different model, region or token count than asked.', { status });
    }
    return { ok: true, value: { response: parsed.data, plan: parsed.data.plan, limit, remaining } };
  } finally {
    clearTimeout(timer);
  }
}
