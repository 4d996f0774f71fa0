import fc from 'fast-check';
import { expect, it } from 'vitest';
import { round6 } from '../../../src/core/calculate';

/** What round6 must equal for every double: the definition it replaces. */
const byToPrecision = (x: number) => (x === 0 ? 0 : Number(x.toPrecision(6)));

it('equals Number(x.toPrecision(6)) for any double', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: true }), (x) => Object.is(round6(x), byToPrecision(x))),
    { numRuns: 100_000 },
  );
});

it('equals Number(x.toPrecision(6)) at and next to every six-digit tie and power of ten', () => {
  const next = (x: number, steps: number) => {
    const f = new Float64Array([x]);
    new BigInt64Array(f.buffer)[0] += BigInt(steps);
    return f[0];
  };
  // Compared here and asserted once: an expect per double would be most of the test's time.
  const wrong: Array<{ x: number; round6: number; byToPrecision: number }> = [];
  const check = (y: number) => {
    if (!Object.is(round6(y), byToPrecision(y))) wrong.push({ x: y, round6: round6(y), byToPrecision: byToPrecision(y) });
  };
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
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(20_000);
});
