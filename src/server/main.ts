/**
 * `npm run serve`: the Footprint Calculation Service. Settings come from the
 * environment (see docs/service.md); a bad value stops it with a clear message.
 * Logs are JSON lines on stdout; two plain-text lines besides: the first key of an
 * empty store (printed once) and the address it listens on.
 */
import { ConfigError, loadConfig } from './config';
import { createLog } from './log';
import { startService } from './start';
import { createFirstApiKey } from './store/api-keys';

const STOP_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLog(config.logLevel);
  const service = await startService({ ...config, log });
  const storeText = config.redisClusterNodes
    ? `Redis Cluster ${config.redisClusterNodes.join(',')}`
    : config.redisUrl
      ? `Redis ${config.redisUrl.replace(/\/\/[^@/]*@/, '//***@')}`
      : `SQLite ${config.dbPath}`;

  // Atomic in the store: instances starting together on an empty store create one key between them.
  const first = await createFirstApiKey(service.store);
  if (first) {
    log.flush();
    process.stdout.write(`The store was empty: created API key ${first.id} on the basic plan. It is shown only once:\n${first.key}\n`);
  }
  log.logger.info({ url: service.url, store: storeText }, 'listening');
  log.flush();
  // Always printed, whatever the log level: supervisors and scripts wait for this line.
  process.stdout.write(`Footprint service listening on ${service.url} (store: ${storeText})\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.logger.info({ signal }, `${signal}: shutting down`);
    const exit = (code: number) => {
      log.flush();
      process.exit(code);
    };
    setTimeout(() => exit(1), STOP_DEADLINE_MS).unref();
    service.close().then(
      () => {
        log.logger.info('stopped');
        exit(0);
      },
      (error) => {
        log.logger.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
