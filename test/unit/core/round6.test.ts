/**
 * Every number an answer reports is its value to six significant digits, exactly as
 * Number(x.toPrecision(6)) gives it, for any double: read through footprint() of a request whose
 * energy is exactly 1 kWh in a region of x gCO2e and y L per kWh, so its carbon and water before
 * rounding are x and y themselves (two doubles per call, to keep the 100,000 random ones quick).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { footprint, parseCalculation, type Calculation } from '../../../src/core';

/** What round6 must equal for every double: the definition it replaces. */
const byToPrecision = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(6)));

const parsed = parseCalculation({ model: 'alpha-4o', tokens: 1000 });
if (!parsed.ok) throw new Error(parsed.error.message);
// 1,000 Wh per 1,000 tokens for 1,000 tokens: 1 kWh, exactly in binary.
const ONE_KWH: Calculation = { ...parsed.value, rateWhPer1k: 1000 };
/** The reported carbon and water of 1 kWh at x gCO2e and y L per kWh: x and y rounded as the service rounds. */
function rounded(x: number, y: number): [number, number] {
  const f = footprint({ ...ONE_KWH, region: { ...ONE_KWH.region, carbon_gco2_per_kwh: x, wue_liters_per_kwh: y } });
  return [f.carbon_gco2e, f.water.liters];
}

it('rounds through footprint() from exactly the value computed', () => {
  expect(footprint(ONE_KWH).energy_kwh).toBe(1);
  expect(rounded(0.1234567, 98765.4321)).toEqual([0.123457, 98765.4]);
});

it('equals Number(x.toPrecision(6)) for any double', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (x, y) => {
      const [rx, ry] = rounded(x, y);
      return Object.is(rx, byToPrecision(x)) && Object.is(ry, byToPrecision(y));
    }),
    { numRuns: 50_000 },
  );
});

it('equals Number(x.toPrecision(6)) at and next to every six-digit tie and power of ten', () => {
  const next = (x: number, steps: number) => {
    const f = new Float64Array([x]);
    new BigInt64Array(f.buffer)[0] += BigInt(steps);
    return f[0];
  };
  // Collected, then rounded two at a time and asserted once: an expect per double would be most of the test's time.
  const values: number[] = [];
  const check = (y: number) => values.push(y);
  let checked = 0;
  for (let e = -18; e <= 22; e++) {
    const unit = Number(`1e${e - 5}`);
    for (let digits = 100000; digits < 1000000; digits += 7919) {
      for (const frac of [0, 0.5, 0.4999999, 0.5000001]) {
        const x = (digits + frac) * unit;
        for (let s = -2; s <= 2; s++) {
          check(next(x, s));
          checked++;
        }
      }
    }
    for (let s = -3; s <= 3; s++) check(next(Number(`1e${e}`), s));
  }
  const wrong: Array<{ x: number; round6: number; byToPrecision: number }> = [];
  for (let i = 0; i < values.length; i += 2) {
    const pair = [values[i]!, values[i + 1] ?? values[i]!];
    rounded(pair[0]!, pair[1]!).forEach((r, j) => {
      if (!Object.is(r, byToPrecision(pair[j]!))) wrong.push({ x: pair[j]!, round6: r, byToPrecision: byToPrecision(pair[j]!) });
    });
  }
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(20_000);
});
