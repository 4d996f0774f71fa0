import { createRoute, z } from '@hono/zod-openapi';
import { ERROR_CATALOG, type ErrorCode } from '../../core';
import { createRouter, type AppDeps } from '../env';
import { asDocumented, storeUnavailableResponse } from '../openapi';
import { problemResponse, problemSlug } from '../problem';

const codeBySlug = new Map((Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => [problemSlug(code), code]));

const methodology = createRoute({
  method: 'get',
  path: '/methodology',
  summary: 'The methodology page (HTML).',
  security: [],
  responses: { 200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } } },
});

const openapi = createRoute({
  method: 'get',
  path: '/openapi.json',
  summary: 'This document.',
  security: [],
  responses: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } },
});

const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  summary: 'Readiness: the service and its store answer.',
  security: [],
  responses: {
    200: { description: 'The service answers.', content: { 'application/json': { schema: z.object({ status: z.literal('ok') }) } } },
    503: storeUnavailableResponse,
  },
});

/** GET /methodology, /openapi.json (the document `document` makes, once), /healthz and /problems/{slug}. */
export function metaRoutes(deps: AppDeps, document: () => unknown) {
  const { baseUrl, methodologyHtml } = deps.config;
  let text: string | undefined;
  const app = createRouter();
  app.openapi(methodology, (c) =>
    c.html(methodologyHtml, 200, { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:" }),
  );
  app.openapi(openapi, (c) => asDocumented(c.body((text ??= JSON.stringify(document())), 200, { 'Content-Type': 'application/json' })));
  // Ready only while the store answers (within the store timeout; a failure is thrown: 503 STORE_UNAVAILABLE).
  app.openapi(healthz, async (c) => {
    await deps.store.ping();
    return c.json({ status: 'ok' as const }, 200);
  });
  app.get('/problems/:slug', (c) => {
    const code = codeBySlug.get(c.req.param('slug'));
    if (!code) return problemResponse('NOT_FOUND', `No problem type ${c.req.param('slug')}.`, baseUrl);
    return c.json({ code, ...ERROR_CATALOG[code] });
  });
  return app;
}
