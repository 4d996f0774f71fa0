/**
 * `npm run serve`: the Footprint Calculation Service. Settings come from the
 * environment (see docs/service.md); a bad value stops it with a clear message.
 */
import { ConfigError, loadConfig } from './config';
import { startService } from './start';
import { createApiKey } from './store/api-keys';

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await startService({
    port: config.port,
    host: config.host,
    dbPath: config.dbPath,
    redisUrl: config.redisUrl,
    baseUrl: config.baseUrl,
    corsOrigins: config.corsOrigins,
  });
  const storeText = config.redisUrl ? `Redis ${config.redisUrl.replace(/\/\/[^@/]*@/, '//***@')}` : `SQLite ${config.dbPath}`;

  if ((await service.store.listKeys()).length === 0) {
    const { id, key } = await createApiKey(service.store, 'basic', 'first key');
    console.log(`The store was empty: created API key ${id} on the basic plan. It is shown only once:\n${key}`);
  }
  console.log(`Footprint service listening on ${service.url} (store: ${storeText})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    service.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
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
