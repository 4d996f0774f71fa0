import { createRoute } from '@hono/zod-openapi';
import { catalog } from '../../core';
import { createRouter } from '../env';
import { Documented, json } from '../openapi';

/** GET /calculate of version 2 (mounted at /api/v2): the models, regions and version 1 grid keys (no key needed, not metered). */
export function catalogRoutes() {
  const body = catalog();
  const route = createRoute({
    method: 'get',
    path: '/calculate',
    summary: 'List the models, regions and version 1 grid keys. No key needed; not metered.',
    security: [],
    responses: { 200: { description: 'The catalog.', content: json(Documented.Catalog) } },
  });
  return createRouter().openapi(route, (c) => c.json(body, 200));
}
