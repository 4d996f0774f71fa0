/**
 * A reference point for the service bench, never shipped: the service's whole
 * request path (body, key, Idempotency-Key header, validation, calculation,
 * the answer, its headers and metrics) with a store whose `meter` writes
 * nothing, and no request log. How close this comes to the bare server shows
 * what the targets leave for storing and logging on the machine at hand.
 * Settings from the environment, as `npm run serve` reads them.
 */
import { loadConfig } from '../../src/server/config';
import { startService } from '../../src/server/start';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { Store } from '../../src/server/store/store';

const config = loadConfig();
const store = openSqliteStore(config.dbPath);
let used = 0;
// Answered in batches, one per event-loop turn, as the SQLite store's group commit answers: answering each
// request at once costs more per request (measured: 59.5 against 45.7 µs of CPU for the real SQLite store).
let batch: Array<() => void> = [];
const answerBatch = () => {
  const answers = batch;
  batch = [];
  for (const answer of answers) answer();
};
const writesNothing: Store = {
  ...store,
  meter: (m) =>
    new Promise((resolve) => {
      if (batch.push(() => resolve({ kind: 'charged', used: ++used, limit: m.limit })) === 1) setImmediate(answerBatch);
    }),
};
const service = await startService({ host: config.host, port: config.port, store: writesNothing, metricsToken: config.metricsToken });
process.stdout.write(`Reference service (nothing stored, no log) listening on ${service.url}\n`);
process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
