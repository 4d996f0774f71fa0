/** Reads many messages without a long task: works in slices of a few milliseconds, yielding between them. */
const SLICE_MS = 4;

/** `taskStart`: when the caller's task began, so the first slice counts the caller's own work. */
export async function mapInSlices<T, R>(items: readonly T[], fn: (item: T) => R, taskStart = Date.now()): Promise<R[]> {
  const out: R[] = [];
  let sliceStart = taskStart;
  for (const item of items) {
    out.push(fn(item));
    if (Date.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = Date.now();
    }
  }
  return out;
}
