/**
 * The Idempotency-Key request header (IETF httpapi draft
 * "The Idempotency-Key HTTP Header Field"): a client's retry of the same
 * request with the same key is answered from the stored first answer and
 * costs no quota. The stores keep the record; this module reads the header
 * and fingerprints the request.
 */
import { hash } from 'node:crypto';

const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false; detail: string };

const PRINTABLE = /^[\x20-\x7e]+$/;
const NONE: IdempotencyKeyResult = { ok: true, key: null };

/**
 * The header's key: the draft's structured-field string (`"..."`, with `\"`
 * and `\\` escapes) or, as many clients send it, the bare token. 1 to 255
 * printable ASCII characters.
 */
export function readIdempotencyKey(raw: string | undefined): IdempotencyKeyResult {
  if (raw === undefined) return NONE;
  let key = raw.trim();
  if (key.length >= 2 && key.charCodeAt(0) === 34 && key.charCodeAt(key.length - 1) === 34) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  if (key.length === 0) return { ok: false, detail: 'The Idempotency-Key header is empty; send 1 to 255 printable ASCII characters.' };
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    return { ok: false, detail: `The Idempotency-Key header is ${key.length} characters long; at most ${IDEMPOTENCY_KEY_MAX_LENGTH} are accepted.` };
  }
  if (!PRINTABLE.test(key)) return { ok: false, detail: 'The Idempotency-Key header must be printable ASCII.' };
  return { ok: true, key };
}

/** What "the same request" means for a repeat: the same endpoint (its tag) and the same body bytes. */
export function requestFingerprint(endpointTag: string, body: Uint8Array): string {
  return endpointTag + hash('sha256', body as Buffer, 'base64url');
}
