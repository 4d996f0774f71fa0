import type { Context, Hono } from 'hono';
import { calculate, calculateV1, type CalculationResponse, type V1Calculation, type V1Response } from '../../core';
import { meter, type MeteredAnswer, type MeteredRoute, type MeteringDeps } from '../metering';
import { incomingOf } from '../node-request';
import { answerResponse } from '../problem';
import { calculationJsonParts } from './calculation-json';
import { allowMethods } from './methods';

export const V2_CALCULATE: MeteredRoute<CalculationResponse> = {
  path: '/api/v2/calculate',
  fingerprintTag: 'v2:',
  compute: calculate,
  render: calculationJsonParts,
};

/** Stands for `rate_limit.remaining` while the version 1 body is written; the body is split there. */
const REMAINING_MARK = -987654321;
const REMAINING_FIELD = `"remaining":${REMAINING_MARK}`;

export const V1_CALCULATE: MeteredRoute<V1Calculation> = {
  path: '/api/v1/calculate',
  fingerprintTag: 'v1:',
  compute: calculateV1,
  // The version 1 answer: the core's calculation with `rate_limit` in its documented place.
  render: (v, quota) => {
    const body: V1Response = {
      model: v.model,
      tokens: v.tokens,
      grid: v.grid,
      energy_kwh: v.energy_kwh,
      carbon_gco2e: v.carbon_gco2e,
      water_liters: v.water_liters,
      equivalents: v.equivalents,
      plan: v.plan,
      rate_limit: { limit: quota.limit, remaining: REMAINING_MARK, reset_at: quota.resetAt.toISOString() },
      methodology_url: v.methodology_url,
    };
    const json = JSON.stringify(body);
    const at = json.indexOf(REMAINING_FIELD) + REMAINING_FIELD.length - String(REMAINING_MARK).length;
    return { head: json.slice(0, at), tail: json.slice(at + String(REMAINING_MARK).length) };
  },
};

export const METERED_ROUTES: ReadonlyArray<MeteredRoute<unknown>> = [V2_CALCULATE as MeteredRoute<unknown>, V1_CALCULATE as MeteredRoute<unknown>];

/** Where a metered answer tells the logs which key it was for (read back once the response is finished). */
export const KEY_ID = Symbol('footprint key id');

/** The metered routes inside the Hono app (the Node listener answers plain POSTs to them without Hono). */
export function registerMetered(app: Hono, deps: MeteringDeps, onAnswer?: (route: string, answer: MeteredAnswer) => void): void {
  for (const route of METERED_ROUTES) {
    app.post(route.path, async (c) => {
      const incoming = incomingOf(c);
      const answer = await meter(deps, route, incoming ? { incoming } : { request: c.req.raw });
      onAnswer?.(route.path, answer);
      noteAnswer(c, answer);
      return answerResponse(answer);
    });
  }
}

export function registerMeteredMethods(app: Hono, baseUrl: string): void {
  allowMethods(app, V2_CALCULATE.path, ['GET', 'POST'], baseUrl);
  allowMethods(app, V1_CALCULATE.path, ['POST'], baseUrl);
}

function noteAnswer(c: Context, answer: MeteredAnswer): void {
  const incoming = incomingOf(c) as (object & { [KEY_ID]?: string | null }) | undefined;
  if (incoming) incoming[KEY_ID] = answer.keyId;
  if (answer.fault !== undefined) throw answer.fault;
}
