/**
 * The one writer: every ledger write runs here, one at a time, in order.
 * Only a promise chain lives in memory; it holds nothing that storage does not.
 */
export interface Writer {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createWriter(): Writer {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
