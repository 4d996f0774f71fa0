import type { Hono } from 'hono';
import { catalog } from '../../core';
import { createRouter, type AppEnv } from '../env';

/** GET /api/v2/calculate: the models, regions and version 1 grid keys (no key needed, not metered). */
export function catalogRoutes(): Hono<AppEnv> {
  const body = catalog();
  return createRouter().get('/api/v2/calculate', (c) => c.json(body));
}
