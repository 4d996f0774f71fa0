import { ERROR_CATALOG, type ErrorCode, type Problem } from '../core';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The `type` URI of each code; GET /problems/{slug} describes it. */
export const problemSlug = (code: ErrorCode): string => code.toLowerCase().replace(/_/g, '-');

/** The one place an error code becomes HTTP: status and title from ERROR_CATALOG. */
export function problemBody(code: ErrorCode, detail: string, baseUrl: string): Problem {
  const entry = ERROR_CATALOG[code];
  return { type: `${baseUrl}/problems/${problemSlug(code)}`, title: entry.title, status: entry.status, detail, code };
}

export function problemResponse(code: ErrorCode, detail: string, baseUrl: string, headers: Record<string, string> = {}): Response {
  const body = problemBody(code, detail, baseUrl);
  return new Response(JSON.stringify(body), { status: body.status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, ...headers } });
}

/** Seconds a client waits before retrying after STORE_UNAVAILABLE. */
const STORE_RETRY_AFTER_S = 2;

export const storeUnavailableResponse = (baseUrl: string): Response =>
  problemResponse('STORE_UNAVAILABLE', 'The key and quota store is not answering; nothing was charged. Retry shortly with the same Idempotency-Key.', baseUrl, {
    'Retry-After': String(STORE_RETRY_AFTER_S),
  });

/** An unexpected fault: 500 INTERNAL, with no internals in the answer. */
export const internalErrorResponse = (baseUrl: string): Response =>
  problemResponse('INTERNAL', 'The service failed unexpectedly. Please try again later.', baseUrl);
