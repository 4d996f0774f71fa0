import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './log-levels';

const port = z.coerce
  .number({ error: 'must be a whole number from 0 to 65535' })
  .int({ error: 'must be a whole number from 0 to 65535' })
  .min(0, { error: 'must be a whole number from 0 to 65535' })
  .max(65535, { error: 'must be a whole number from 0 to 65535' });

const httpUrl = z
  .string()
  .url({ error: 'must be an absolute http(s) URL, e.g. https://footprint.example.org' })
  .refine((u) => /^https?:\/\//i.test(u), { error: 'must start with http:// or https://' })
  .transform((u) => u.replace(/\/+$/, ''));

const redisUrl = z.string().refine((u) => /^rediss?:\/\/[^\s]+$/i.test(u), { error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0' });

/** A comma-separated list, each entry trimmed and checked by `entry`. */
const commaList = (entry: z.ZodType<string, string>) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(entry));

const originList = commaList(
  z.string().refine((o) => /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(o), {
    error: 'each origin must be scheme://host[:port] without a path, e.g. https://app.example.org',
  }),
);

const flag = z
  .string()
  .refine((v) => /^(1|0|true|false|yes|no)$/i.test(v), { error: 'must be 1, true or yes (on), or 0, false or no (off)' })
  .transform((v) => /^(1|true|yes)$/i.test(v));

const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

const milliseconds = (min: number) =>
  z.coerce
    .number({ error: `must be a whole number of milliseconds, at least ${min}` })
    .int({ error: `must be a whole number of milliseconds, at least ${min}` })
    .min(min, { error: `must be a whole number of milliseconds, at least ${min}` });

const nodeList = commaList(
  z.string().regex(/^(?:\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/i, { error: 'must be a comma-separated list of host:port, e.g. 10.0.0.1:7000,10.0.0.2:7000' }),
);

/** Variables whose values are never printed, even when malformed (a token, a URL with a password). */
const SECRET_VARIABLES = new Set(['FOOTPRINT_METRICS_TOKEN', 'FOOTPRINT_REDIS_URL']);

export const ConfigSchema = z.object({
  PORT: z.preprocess(emptyAsUnset, port.default(8787)),
  HOST: z.preprocess(emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  FOOTPRINT_BASE_URL: z.preprocess(emptyAsUnset, httpUrl.optional()),
  FOOTPRINT_DB_PATH: z.preprocess(emptyAsUnset, z.string().min(1).default('./var/footprint.db')),
  FOOTPRINT_REDIS_URL: z.preprocess(emptyAsUnset, redisUrl.optional()),
  FOOTPRINT_REDIS_CLUSTER_NODES: z.preprocess(emptyAsUnset, nodeList.optional()),
  FOOTPRINT_STORE_TIMEOUT_MS: z.preprocess(emptyAsUnset, milliseconds(1).default(2000)),
  FOOTPRINT_IDEMPOTENCY_TTL_S: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number({ error: 'must be a whole number of seconds, at least 1' })
      .int({ error: 'must be a whole number of seconds, at least 1' })
      .min(1, { error: 'must be a whole number of seconds, at least 1' })
      .default(86400),
  ),
  FOOTPRINT_REQUEST_TIMEOUT_MS: z.preprocess(emptyAsUnset, milliseconds(100).default(10_000)),
  FOOTPRINT_CORS_ORIGINS: z.preprocess(emptyAsUnset, originList.default([])),
  FOOTPRINT_LOG_LEVEL: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  FOOTPRINT_METRICS_TOKEN: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^\S{16,}$/, { error: 'must be at least 16 characters without spaces' })
      .optional(),
  ),
  FOOTPRINT_TRUST_PROXY: z.preprocess(emptyAsUnset, flag.default(false)),
});

export interface ServiceConfig {
  port: number;
  host: string;
  /** Public base URL; `methodology_url` is this plus /methodology. Default: the address the service listens on. */
  baseUrl?: string;
  dbPath: string;
  redisUrl?: string;
  /** Seed nodes of a Redis Cluster (wins over redisUrl). */
  redisClusterNodes?: string[];
  storeTimeoutMs: number;
  idempotencyTtlS: number;
  /** Headers plus body must arrive within this. */
  requestTimeoutMs: number;
  corsOrigins: string[];
  logLevel: LogLevel;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken?: string;
  /** Log the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
}

export class ConfigError extends Error {}

/** Reads the service's settings from the environment; a bad value is a ConfigError naming the variable and what is accepted. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const shown = SECRET_VARIABLES.has(name) ? '(value not shown)' : JSON.stringify(env[name] ?? '');
      return `  ${name}=${shown}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    baseUrl: c.FOOTPRINT_BASE_URL,
    dbPath: c.FOOTPRINT_DB_PATH,
    redisUrl: c.FOOTPRINT_REDIS_URL,
    redisClusterNodes: c.FOOTPRINT_REDIS_CLUSTER_NODES,
    storeTimeoutMs: c.FOOTPRINT_STORE_TIMEOUT_MS,
    idempotencyTtlS: c.FOOTPRINT_IDEMPOTENCY_TTL_S,
    requestTimeoutMs: c.FOOTPRINT_REQUEST_TIMEOUT_MS,
    corsOrigins: c.FOOTPRINT_CORS_ORIGINS,
    logLevel: c.FOOTPRINT_LOG_LEVEL,
    metricsToken: c.FOOTPRINT_METRICS_TOKEN,
    trustProxy: c.FOOTPRINT_TRUST_PROXY,
  };
}
