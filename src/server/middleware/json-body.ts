import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorCode } from '../../core';
import type { AppEnv } from '../env';
import { problemResponse } from '../problem';

/** Bodies over this many bytes are refused with 413 (hono/body-limit, before and while reading). */
export const MAX_BODY_BYTES = 16 * 1024;

export type BodyResult = { ok: true; value: unknown; text: string; bytes: Uint8Array } | { ok: false; code: ErrorCode; detail: string };

const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9.+-]+\+)?json$/;

/** `application/json` (or `application/*+json`), in UTF-8: no charset parameter, or charset=utf-8. */
function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [mediaType, ...parameters] = header.split(';').map((p) => p.trim().toLowerCase());
  if (!JSON_MEDIA_TYPE.test(mediaType)) return false;
  const charset = parameters
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/** The client closed the connection before its body arrived: nobody is left to answer. */
class ClientGone extends Error {}

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body of a calculation request, checked in the order the service
 * answers: media type (415), then UTF-8 and JSON syntax (400 BAD_REQUEST).
 * The size (413) is checked by the body-limit middleware as the body is read.
 */
async function readJsonBody(c: Context): Promise<BodyResult> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    return { ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Send the request body as JSON in UTF-8 with Content-Type: application/json.' };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    if (c.req.raw.signal.aborted) throw new ClientGone('The client closed the connection before the body arrived.', { cause: error });
    throw error;
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, code: 'BAD_REQUEST', detail: 'The request body is not valid UTF-8.' };
  }
  try {
    return { ok: true, value: JSON.parse(text), text, bytes };
  } catch {
    return { ok: false, code: 'BAD_REQUEST', detail: 'The request body is not valid JSON; send one JSON object.' };
  }
}

/**
 * Hands the decoded body to the route's validator, which reads it with c.req.json(). Hono's json() parses
 * its cached text (`bodyCache.text`, a promise at run time though typed as the string). Without this cache
 * it finds only the array buffer read here and builds a web Response around it to get its text (an undici
 * Response, its body stream and headers on every request), which cost the service a third of its requests
 * per second.
 */
function keepText(c: Context, text: string): void {
  const cache = c.req.bodyCache as unknown as { text?: Promise<string> };
  cache.text = Promise.resolve(text);
}

/**
 * The JSON body of a request, as middleware: 413 over MAX_BODY_BYTES, then 415 and 400 as readJsonBody
 * decides; the parsed body is set as `jsonBody`.
 */
export function jsonBody(baseUrl: string): MiddlewareHandler<AppEnv> {
  const tooLarge = () => problemResponse('PAYLOAD_TOO_LARGE', `The request body must be at most ${MAX_BODY_BYTES} bytes.`, baseUrl, { Connection: 'close' });
  const countBytes = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const parse = async (c: Context<AppEnv>, next: Next): Promise<void> => {
    const body = await readJsonBody(c);
    // Set rather than returned: under bodyLimit this runs as its `next`, whose return value is not kept.
    if (!body.ok) c.res = problemResponse(body.code, body.detail, baseUrl);
    else {
      c.set('jsonBody', { value: body.value, bytes: body.bytes });
      keepText(c, body.text);
      await next();
    }
  };
  // A body with a Content-Length is held to it by Node's parser, so the header is its size. bodyLimit counts the
  // others (chunked) as they arrive; it is not run on every request because its first step (c.req.raw.body) makes
  // @hono/node-server build a full web Request and body stream, instead of reading the body straight from Node.
  return (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return countBytes(c, () => parse(c, next));
    return Number(declared) > MAX_BODY_BYTES ? Promise.resolve(tooLarge()) : parse(c, next);
  };
}
