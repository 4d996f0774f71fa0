import type { Hono } from 'hono';
import { findPlan, type UsageResponse } from '../../core';
import { createRouter, type AppDeps, type AppEnv } from '../env';
import { apiKey } from '../middleware/api-key';
import { problemResponse } from '../problem';
import { monthKey, monthStart, oldestKeptMonth, shiftMonth } from '../quota';

/** GET /api/v2/usage[?month=YYYY-MM]: the presented key's month (costs no quota). */
export function usageRoutes(deps: AppDeps): Hono<AppEnv> {
  const { baseUrl, usageMonths } = deps.config;
  return createRouter().get('/api/v2/usage', apiKey(deps), async (c) => {
    const key = c.get('apiKey');
    const current = monthKey(deps.clock());
    const month = c.req.query('month') ?? current;
    const start = monthStart(month);
    if (!start) return problemResponse('BAD_REQUEST', `month must be a UTC month as YYYY-MM, e.g. ${current}.`, baseUrl);
    const oldest = oldestKeptMonth(current, usageMonths);
    if (month > current || month < oldest) {
      return problemResponse('NOT_FOUND', `Months from ${oldest} to ${current} are kept; ${month} is not.`, baseUrl);
    }
    const plan = findPlan(key.plan);
    if (!plan) throw new Error(`key ${key.id} has plan ${key.plan}, which is not in data/plans.json`);
    const usage = await deps.store.monthUsage(key.id, month);
    const body: UsageResponse = {
      plan: plan.key,
      month,
      requests: usage.requests,
      quota: plan.requests_per_month,
      remaining: Math.max(0, plan.requests_per_month - usage.requests),
      resets_at: monthStart(shiftMonth(month, 1))!.toISOString(),
      energy_kwh: usage.energyKwh,
      carbon_gco2e: usage.carbonGco2e,
      water_liters: usage.waterLiters,
      models: usage.models.map((m) => ({
        model: m.model,
        requests: m.requests,
        energy_kwh: m.energyKwh,
        carbon_gco2e: m.carbonGco2e,
        water_liters: m.waterLiters,
      })),
    };
    return c.json(body);
  });
}
