/**
 * The write queue: every read-modify-write of the worker's storage (the ledger, conversation
 * history, site health, settings, "delete all data") runs in one, one at a time, in arrival order,
 * so no write can land in the middle of another. Only a promise chain lives in memory, in the queue
 * the worker makes at start and hands to its counting and its ledger (./worker-storage.ts).
 */
export interface WriteQueue {
  /**
   * Runs `task` after every task queued before it (at once, without a tick, when nothing is
   * queued). `until`: for a task that answers before its storage write lands (counting answers
   * from memory): the next task waits for it too.
   */
  run<T>(task: () => Promise<T>, until?: (result: T) => Promise<unknown>): Promise<T>;
}

export function createWriteQueue(): WriteQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    run(task, until) {
      const run = pending === 0 ? task() : tail.then(task, task);
      pending++;
      const settled = until ? run.then(until) : run;
      tail = settled.then(
        () => void pending--,
        () => void pending--,
      );
      return run;
    },
  };
}
