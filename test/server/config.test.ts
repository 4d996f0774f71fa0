import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

/** The ConfigError `env` raises. */
function configError(env: Record<string, string>): string {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      baseUrl: undefined,
      dbPath: './var/footprint.db',
      redisUrl: undefined,
      redisClusterNodes: undefined,
      storeTimeoutMs: 2000,
      idempotencyTtlS: 86400,
      requestTimeoutMs: 10_000,
      corsOrigins: [],
      logLevel: 'info',
      metricsToken: undefined,
      trustProxy: false,
      usageMonths: 13,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      FOOTPRINT_BASE_URL: 'https://footprint.example.org/',
      FOOTPRINT_DB_PATH: '/data/fp.db',
      FOOTPRINT_REDIS_URL: 'redis://cache:6379/2',
      FOOTPRINT_REDIS_CLUSTER_NODES: '10.0.0.1:7000, redis-b.internal:7001,[::1]:7002',
      FOOTPRINT_STORE_TIMEOUT_MS: '500',
      FOOTPRINT_IDEMPOTENCY_TTL_S: '3600',
      FOOTPRINT_REQUEST_TIMEOUT_MS: '15000',
      FOOTPRINT_CORS_ORIGINS: 'https://a.example, https://b.example:8443',
      FOOTPRINT_LOG_LEVEL: 'WARN',
      FOOTPRINT_METRICS_TOKEN: 'scrape-token-0123456789',
      FOOTPRINT_TRUST_PROXY: 'yes',
      FOOTPRINT_USAGE_MONTHS: '24',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      baseUrl: 'https://footprint.example.org',
      dbPath: '/data/fp.db',
      redisUrl: 'redis://cache:6379/2',
      redisClusterNodes: ['10.0.0.1:7000', 'redis-b.internal:7001', '[::1]:7002'],
      storeTimeoutMs: 500,
      idempotencyTtlS: 3600,
      requestTimeoutMs: 15_000,
      corsOrigins: ['https://a.example', 'https://b.example:8443'],
      logLevel: 'warn',
      metricsToken: 'scrape-token-0123456789',
      trustProxy: true,
      usageMonths: 24,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['FOOTPRINT_BASE_URL', 'footprint.example.org'],
    ['FOOTPRINT_BASE_URL', 'ftp://footprint.example.org'],
    ['FOOTPRINT_REDIS_CLUSTER_NODES', '10.0.0.1'],
    ['FOOTPRINT_STORE_TIMEOUT_MS', '0'],
    ['FOOTPRINT_IDEMPOTENCY_TTL_S', '1.5'],
    ['FOOTPRINT_REQUEST_TIMEOUT_MS', 'soon'],
    ['FOOTPRINT_CORS_ORIGINS', 'https://a.example/path'],
    ['FOOTPRINT_LOG_LEVEL', 'verbose'],
    ['FOOTPRINT_TRUST_PROXY', 'maybe'],
    ['FOOTPRINT_USAGE_MONTHS', '0'],
  ])('refuses %s=%s with a message naming the variable and what is accepted', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toContain(`${name}=${JSON.stringify(value)}`);
    expect(message).toMatch(/must/);
  });

  it.each([
    ['FOOTPRINT_METRICS_TOKEN', 'short secret'],
    ['FOOTPRINT_REDIS_URL', 'http://user:hunter2-password@cache:6379'],
    ['FOOTPRINT_REDIS_URL', 'redis:/:hunter2-password@cache'],
  ])('refuses %s=%s without printing the secret value', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toContain(`${name}=(value not shown)`);
    expect(message).toMatch(/must/);
    expect(message).not.toContain(value);
    expect(message).not.toMatch(/hunter2|secret/);
  });
});
