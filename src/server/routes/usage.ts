import { createRoute, z } from '@hono/zod-openapi';
import type { UsageResponse } from '../../core';
import { createRouter, type AppDeps } from '../env';
import { apiKey } from '../middleware/api-key';
import {
  asDocumented,
  BEARER_AUTH,
  Documented,
  internalResponse,
  json,
  methodNotAllowedResponse,
  problem,
  storeUnavailableResponse,
  unauthorizedResponse,
} from '../openapi';
import { problemResponse } from '../problem';
import { MONTH_KEY, monthKey, monthStart, oldestKeptMonth, shiftMonth } from '../quota';
import { planOf } from '../store/api-keys';

/** GET /usage[?month=YYYY-MM] of version 2 (mounted at /api/v2): the presented key's month (costs no quota). */
export function usageRoutes(deps: AppDeps) {
  const { baseUrl, usageMonths } = deps.config;
  const route = createRoute({
    method: 'get',
    path: '/usage',
    summary: "The key's month: requests against the quota, and the summed energy, carbon and water, per model. Costs no quota.",
    security: BEARER_AUTH,
    middleware: [apiKey(deps)] as const,
    request: {
      query: z.object({
        month: z
          .string()
          .regex(MONTH_KEY)
          .optional()
          .describe(`A UTC month as YYYY-MM; default the current one. The current month and the ${usageMonths - 1} before it are kept.`),
      }),
    },
    responses: {
      200: { description: "The key's month (zeros and no models when it had no calculations).", content: json(Documented.Usage) },
      400: problem('BAD_REQUEST: month is not YYYY-MM.'),
      401: unauthorizedResponse,
      404: problem('NOT_FOUND: the month is not kept (older than the retention, or in the future).'),
      405: methodNotAllowedResponse,
      500: internalResponse,
      503: storeUnavailableResponse,
    },
  });
  const badMonth = () => problemResponse('BAD_REQUEST', `month must be a UTC month as YYYY-MM, e.g. ${monthKey(deps.clock())}.`, baseUrl);
  return createRouter().openapi(
    route,
    async (c) => {
      const key = c.get('apiKey');
      const current = monthKey(deps.clock());
      const month = c.req.valid('query').month ?? current;
      const oldest = oldestKeptMonth(current, usageMonths);
      if (month > current || month < oldest) {
        return asDocumented(problemResponse('NOT_FOUND', `Months from ${oldest} to ${current} are kept; ${month} is not.`, baseUrl));
      }
      const plan = planOf(key);
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
      return c.json(body, 200);
    },
    (result) => (result.success ? undefined : asDocumented(badMonth())),
  );
}
