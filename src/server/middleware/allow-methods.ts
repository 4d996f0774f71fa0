import type { Hono } from 'hono';
import type { AppEnv } from '../env';
import { problemResponse } from '../problem';

/**
 * Registered after every route: on each path the app serves, any other method gets 405
 * METHOD_NOT_ALLOWED with an Allow header listing the accepted ones (a plain OPTIONS gets 204 with
 * that header). The accepted methods are read from the app's own routes, so they cannot drift.
 */
export function allowMethods(app: Hono<AppEnv>, baseUrl: string): void {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL') continue; // middleware
    byPath.set(path, (byPath.get(path) ?? new Set()).add(method));
  }
  for (const [path, methods] of byPath) {
    const listed = [...methods].sort((a, b) => Number(b === 'GET') - Number(a === 'GET') || a.localeCompare(b));
    const allow = [...listed, ...(methods.has('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    app.all(path, (c) =>
      c.req.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers: { Allow: allow } })
        : problemResponse('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${path}; allowed: ${allow}.`, baseUrl, { Allow: allow }),
    );
  }
}
