/**
 * Test helper: one version 1 footprint of an unchecked request, as the service's version 1 route
 * computes it (src/server/routes/calculate.ts): the request checked, then `footprintV1`.
 */
import { footprintV1, ok, parseCalculationV1, type CalculateOptions, type Result, type V1Calculation } from '../../../src/core';

export function calculateV1(request: unknown, options: CalculateOptions = {}): Result<V1Calculation> {
  const valid = parseCalculationV1(request);
  return valid.ok ? ok(footprintV1(valid.value, options)) : valid;
}
