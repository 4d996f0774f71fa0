/** Reads many messages without a long task: works in slices of a few milliseconds, yielding between them. */
const SLICE_MS = 4;

export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  let sliceStart = Date.now();
  for (const item of items) {
    out.push(fn(item));
    if (Date.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = Date.now();
    }
  }
  return out;
}
