/** What the tests of the calculation hold its answers to, from the specification's definitions. */
import { ERROR_CATALOG, type ErrorCode } from '../../../src/core';

/** Every reported number is rounded to six significant digits: the value of `x.toPrecision(6)`. */
export const round6 = (x: number): number => (x === 0 ? 0 : Number(x.toPrecision(6)));

/** The codes of an invalid request: every 400 of the error catalog, and only those, is a fault of the request itself. */
export const CALCULATION_ERROR_CODES: readonly ErrorCode[] = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) => ERROR_CATALOG[code].status === 400);
