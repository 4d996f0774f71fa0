import type { Hono } from 'hono';
import { ERROR_CATALOG, type ErrorCode } from '../../core';
import { methodologyPage } from '../methodology-page';
import { openApiDocument } from '../openapi';
import { problemResponse, problemSlug } from '../problem';
import { allowMethods } from './methods';

export interface MetaDeps {
  baseUrl: string;
  methodologyPath?: string;
}

const codeBySlug = new Map((Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => [problemSlug(code), code]));

/** GET /methodology, /openapi.json, /healthz and /problems/{slug} (the `type` of each problem). */
export function registerMeta(app: Hono, deps: MetaDeps): void {
  const openapi = JSON.stringify(openApiDocument(deps.baseUrl));

  app.get('/methodology', async (c) =>
    c.html(await methodologyPage(deps.methodologyPath), 200, {
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:",
    }),
  );
  app.get('/openapi.json', (c) => c.body(openapi, 200, { 'Content-Type': 'application/json' }));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/problems/:slug', (c) => {
    const code = codeBySlug.get(c.req.param('slug'));
    if (!code) return problemResponse('NOT_FOUND', `No problem type ${c.req.param('slug')}.`, deps.baseUrl);
    return c.json({ code, ...ERROR_CATALOG[code] });
  });
  for (const path of ['/methodology', '/openapi.json', '/healthz', '/problems/:slug']) {
    allowMethods(app, path, ['GET'], deps.baseUrl);
  }
}
