import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { AppDeps, AppEnv } from '../env';
import { problemResponse } from '../problem';
import { keyForSecret } from '../store/api-keys';

const API_KEY_CHALLENGE = 'Bearer realm="footprint"';
const MISSING = 'Send your API key as Authorization: Bearer <key>.';
const REFUSED = 'The API key is malformed, unknown or revoked.';

/** The 401 of every endpoint that takes an API key. */
export const unauthorized = (baseUrl: string, detail: string = REFUSED): Response =>
  problemResponse('UNAUTHORIZED', detail, baseUrl, { 'WWW-Authenticate': API_KEY_CHALLENGE });

/**
 * The API key of `Authorization: Bearer <key>`, parsed by hono/bearer-auth and looked up once: an active key
 * is set as `apiKey` (and its id as `keyId` for the log line); a missing, malformed, unknown or revoked one
 * is answered 401 UNAUTHORIZED.
 */
export function apiKey({ store, config }: AppDeps): MiddlewareHandler<AppEnv> {
  const refused = { message: () => unauthorized(config.baseUrl) };
  return bearerAuth<AppEnv>({
    verifyToken: async (token: string, c: Context<AppEnv>) => {
      const key = await keyForSecret(store, token);
      if (!key) return false;
      c.set('apiKey', key);
      c.set('keyId', key.id);
      return true;
    },
    noAuthenticationHeader: { message: () => unauthorized(config.baseUrl, MISSING) },
    invalidAuthenticationHeader: refused,
    invalidToken: refused,
  });
}
