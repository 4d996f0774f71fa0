import type { Hono } from 'hono';
import { calculateV1, type V1Calculation, type V1Response } from '../../core';
import { meteredCalculation, type MeteringDeps } from '../metering';
import type { QuotaState } from '../quota';
import { allowMethods } from './methods';

const CALCULATE = '/api/v1/calculate';

/** The version 1 answer: the core's calculation with `rate_limit` in its documented place. */
function presentV1(v: V1Calculation, quota: QuotaState): V1Response {
  return {
    model: v.model,
    tokens: v.tokens,
    grid: v.grid,
    energy_kwh: v.energy_kwh,
    carbon_gco2e: v.carbon_gco2e,
    water_liters: v.water_liters,
    equivalents: v.equivalents,
    plan: v.plan,
    rate_limit: { limit: quota.limit, remaining: quota.remaining, reset_at: quota.resetAt.toISOString() },
    methodology_url: v.methodology_url,
  };
}

export function registerV1(app: Hono, deps: MeteringDeps): void {
  app.post(CALCULATE, (c) => meteredCalculation(c, deps, calculateV1, presentV1));
  allowMethods(app, CALCULATE, ['POST'], deps.baseUrl);
}
