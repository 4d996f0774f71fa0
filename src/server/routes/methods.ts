import type { Hono } from 'hono';
import type { AppEnv } from '../app';
import { problemResponse } from '../problem';

/**
 * Registered after a path's handlers: any other method gets 405
 * METHOD_NOT_ALLOWED with an Allow header listing the accepted ones
 * (a plain OPTIONS gets 204 with that header).
 */
export function allowMethods(app: Hono<AppEnv>, path: string, methods: Array<'GET' | 'POST'>, baseUrl: string): void {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  app.all(path, (c) =>
    c.req.method === 'OPTIONS'
      ? new Response(null, { status: 204, headers: { Allow: allow } })
      : problemResponse('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${path}; allowed: ${allow}.`, baseUrl, {
          Allow: allow,
        }),
  );
}
