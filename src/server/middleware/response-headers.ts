import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

/**
 * X-Request-Id and Cache-Control: no-store on the final response (headers set before next() do not reach a
 * Response a handler makes itself), set in place as Hono's own middleware do: c.header() after next() would
 * copy the response, body stream and all.
 */
export const requestHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('X-Request-Id', c.get('requestId'));
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
};

/** hono/secure-headers with its defaults (nosniff, frame and referrer policies, ...); routes may set their own CSP. */
export const securityHeaders = (): MiddlewareHandler<AppEnv> => secureHeaders();

const EXTENSION_ORIGIN = /^(?:chrome-extension|moz-extension):\/\/[A-Za-z0-9-]+$/;

/** CORS for the extension's origins and the configured ones; only cross-origin browser requests carry Origin, so others skip it. */
export function corsForClients(corsOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const handler = cors({
    origin: (origin) => (EXTENSION_ORIGIN.test(origin) || corsOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposeHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id'],
    maxAge: 600,
  });
  // A plain OPTIONS (no Origin) gets the Allow header of its route instead.
  return (c, next) => (c.req.header('origin') === undefined ? next() : handler(c, next));
}
