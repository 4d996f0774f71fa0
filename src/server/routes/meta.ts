import type { Hono } from 'hono';
import { ERROR_CATALOG, type ErrorCode } from '../../core';
import { createRouter, type AppDeps, type AppEnv } from '../env';
import { openApiDocument } from '../openapi';
import { problemResponse, problemSlug } from '../problem';

const codeBySlug = new Map((Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => [problemSlug(code), code]));

/** GET /methodology, /openapi.json, /healthz and /problems/{slug}. */
export function metaRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = createRouter();
  const { baseUrl, methodologyHtml } = deps.config;
  const openapi = JSON.stringify(openApiDocument(baseUrl, deps.config.usageMonths));

  app.get('/methodology', (c) =>
    c.html(methodologyHtml, 200, { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:" }),
  );
  app.get('/openapi.json', (c) => c.body(openapi, 200, { 'Content-Type': 'application/json' }));
  // Ready only while the store answers (within the store timeout; a failure is thrown: 503 STORE_UNAVAILABLE).
  app.get('/healthz', async (c) => {
    await deps.store.ping();
    return c.json({ status: 'ok' });
  });
  app.get('/problems/:slug', (c) => {
    const code = codeBySlug.get(c.req.param('slug'));
    if (!code) return problemResponse('NOT_FOUND', `No problem type ${c.req.param('slug')}.`, baseUrl);
    return c.json({ code, ...ERROR_CATALOG[code] });
  });
  return app;
}
