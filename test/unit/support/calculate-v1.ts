/**
 * Test helper: one version 1 footprint of an unchecked request, as the service's version 1 route
 * computes it (src/server/routes/calculate.ts): the request checked by V1RequestSchema, a fault as
 * its specification error, then `footprintV1`.
 */
import { V1RequestSchema, footprintV1, ok, requestError, type CalculateOptions, type Result, type V1Calculation } from '../../../src/core';

export function calculateV1(request: unknown, options: CalculateOptions = {}): Result<V1Calculation> {
  const parsed = V1RequestSchema.safeParse(request);
  return parsed.success ? ok(footprintV1(parsed.data, options)) : { ok: false, error: requestError(parsed.error) };
}
