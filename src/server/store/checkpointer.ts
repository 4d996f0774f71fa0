/**
 * WAL checkpoints on a worker thread. A checkpoint copies the WAL back into
 * the database file and syncs it to disk; run by SQLite's automatic
 * checkpointing it stalls the event loop of whichever request's commit crosses
 * the threshold. Here the serving connection turns automatic checkpoints off
 * and a second connection, on its own thread, checkpoints (PASSIVE: never
 * blocks writers or readers) every CHECKPOINT_INTERVAL_MS.
 *
 * Under constant writes a passive checkpoint never catches up with the last
 * commit, so the WAL never starts over: it grew by about 11 MB a second under
 * the service bench, without end. Once the WAL holds more than its limit, a
 * RESTART checkpoint follows the passive one: it holds new commits back while
 * it copies the few frames written since (the serving connection waits in its
 * busy handler, a few milliseconds), and the next commit then writes the WAL
 * from its start again (the file keeps its size, about the limit, for reuse).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CHECKPOINT_INTERVAL_MS = 250;
export const WAL_LIMIT_BYTES = 32 * 1024 * 1024;

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
const frameBytes = db.pragma('page_size', { simple: true }) + 24;
const checkpoint = () => {
  try {
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log * frameBytes > workerData.walLimitBytes) db.pragma('wal_checkpoint(RESTART)');
  } catch { /* busy: the next round */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage('closed'); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, walLimitBytes = WAL_LIMIT_BYTES): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { module, path, intervalMs: CHECKPOINT_INTERVAL_MS, walLimitBytes } });
  worker.unref();
  // A failed checkpointer only means the WAL grows until the serving connection closes (which checkpoints).
  worker.on('error', () => undefined);
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        const done = () => void worker.terminate().finally(resolve);
        worker.once('message', done);
        worker.once('exit', () => resolve());
        setTimeout(done, 2000).unref();
        worker.postMessage('stop');
      })),
  };
}
