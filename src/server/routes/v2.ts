import type { Hono } from 'hono';
import { calculate, catalog } from '../../core';
import { meteredCalculation, type MeteringDeps } from '../metering';
import { allowMethods } from './methods';

const CALCULATE = '/api/v2/calculate';

export function registerV2(app: Hono, deps: MeteringDeps): void {
  const catalogBody = JSON.stringify(catalog());
  app.get(CALCULATE, (c) => c.body(catalogBody, 200, { 'Content-Type': 'application/json' }));
  app.post(CALCULATE, (c) => meteredCalculation(c, deps, calculate, (value) => value));
  allowMethods(app, CALCULATE, ['GET', 'POST'], deps.baseUrl);
}
