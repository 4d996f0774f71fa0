/**
 * Every error the project can report, with its HTTP status and title.
 * The core returns these as values; the server maps them to problem+json and
 * the popup to sentences, both from this one table.
 */
export const ERROR_CATALOG = {
  BAD_REQUEST: { status: 400, title: 'Bad request' },
  INVALID_MODEL: { status: 400, title: 'Unknown model' },
  INVALID_TOKENS: { status: 400, title: 'Invalid token counts' },
  MISSING_CUSTOM_RATE: { status: 400, title: 'Missing custom rate' },
  INVALID_CUSTOM_RATE: { status: 400, title: 'Invalid custom rate' },
  INVALID_REGION: { status: 400, title: 'Unknown region' },
  UNAUTHORIZED: { status: 401, title: 'Unauthorized' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, title: 'Request header fields too large' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Idempotency key reused' },
  RATE_LIMIT_EXCEEDED: { status: 429, title: 'Monthly quota exceeded' },
  INTERNAL: { status: 500, title: 'Internal error' },
  STORE_UNAVAILABLE: { status: 503, title: 'Store unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export interface CoreError {
  status: number;
  code: ErrorCode;
  message: string;
}

export type Result<T, E = CoreError> = { ok: true; value: T } | { ok: false; error: E };

export function coreError(code: ErrorCode, message: string): CoreError {
  return { status: ERROR_CATALOG[code].status, code, message };
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(code: ErrorCode, message: string): { ok: false; error: CoreError } {
  return { ok: false, error: coreError(code, message) };
}
