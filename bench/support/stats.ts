/** Small statistics shared by the benches. */

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A number for a report line: '-' when there is none. */
export const fmt = (n: number | undefined | null, digits = 1): string => (n === undefined || n === null || Number.isNaN(n) ? '-' : n.toFixed(digits));
