import { z } from 'zod';
import { LOG_LEVELS } from './log-levels';

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

const wholeNumber = (unit: string, min: number) =>
  z.coerce
    .number({ error: `must be a whole number of ${unit}, at least ${min}` })
    .int({ error: `must be a whole number of ${unit}, at least ${min}` })
    .min(min, { error: `must be a whole number of ${unit}, at least ${min}` });

const milliseconds = (min: number) => wholeNumber('milliseconds', min);

const nodeList = commaList(
  z.string().regex(/^(?:\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/i, { error: 'must be a comma-separated list of host:port, e.g. 10.0.0.1:7000,10.0.0.2:7000' }),
);

/** Variables whose values are never printed, even when malformed (a token, a URL with a password). */
const SECRET_VARIABLES = new Set(['FOOTPRINT_METRICS_TOKEN', 'FOOTPRINT_REDIS_URL']);

/** The service's settings by name, each read from one environment variable (ENV_NAMES). */
const ConfigSchema = z.object({
  port: z.preprocess(emptyAsUnset, port.default(8787)),
  host: z.preprocess(emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  /** Public base URL; `methodology_url` is this plus /methodology. Default: the address the service listens on. */
  baseUrl: z.preprocess(emptyAsUnset, httpUrl.optional()),
  dbPath: z.preprocess(emptyAsUnset, z.string().min(1).default('./var/footprint.db')),
  redisUrl: z.preprocess(emptyAsUnset, redisUrl.optional()),
  /** Seed nodes of a Redis Cluster (wins over redisUrl). */
  redisClusterNodes: z.preprocess(emptyAsUnset, nodeList.optional()),
  storeTimeoutMs: z.preprocess(emptyAsUnset, milliseconds(1).default(2000)),
  idempotencyTtlS: z.preprocess(emptyAsUnset, wholeNumber('seconds', 1).default(86400)),
  /** Headers plus body must arrive within this. */
  requestTimeoutMs: z.preprocess(emptyAsUnset, milliseconds(100).default(10_000)),
  corsOrigins: z.preprocess(emptyAsUnset, originList.default([])),
  logLevel: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^\S{16,}$/, { error: 'must be at least 16 characters without spaces' })
      .optional(),
  ),
  /** Log the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: z.preprocess(emptyAsUnset, flag.default(false)),
  /** UTC months of each key's usage figures kept, the current one included. */
  usageMonths: z.preprocess(emptyAsUnset, wholeNumber('months', 1).max(1200, { error: 'must be a whole number of months from 1 to 1200' }).default(13)),
});

export type ServiceConfig = z.output<typeof ConfigSchema>;

/** Every setting at its default: the schema's own defaults, written once there. */
export const CONFIG_DEFAULTS: ServiceConfig = ConfigSchema.parse({});

/** The environment variable of each setting. */
const ENV_NAMES: Readonly<Record<keyof ServiceConfig, string>> = {
  port: 'PORT',
  host: 'HOST',
  baseUrl: 'FOOTPRINT_BASE_URL',
  dbPath: 'FOOTPRINT_DB_PATH',
  redisUrl: 'FOOTPRINT_REDIS_URL',
  redisClusterNodes: 'FOOTPRINT_REDIS_CLUSTER_NODES',
  storeTimeoutMs: 'FOOTPRINT_STORE_TIMEOUT_MS',
  idempotencyTtlS: 'FOOTPRINT_IDEMPOTENCY_TTL_S',
  requestTimeoutMs: 'FOOTPRINT_REQUEST_TIMEOUT_MS',
  corsOrigins: 'FOOTPRINT_CORS_ORIGINS',
  logLevel: 'FOOTPRINT_LOG_LEVEL',
  metricsToken: 'FOOTPRINT_METRICS_TOKEN',
  trustProxy: 'FOOTPRINT_TRUST_PROXY',
  usageMonths: 'FOOTPRINT_USAGE_MONTHS',
};

export class ConfigError extends Error {}

/** Reads the service's settings from the environment; a bad value is a ConfigError naming the variable and what is accepted. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const names = Object.entries(ENV_NAMES) as Array<[keyof ServiceConfig, string]>;
  const parsed = ConfigSchema.safeParse(Object.fromEntries(names.map(([field, name]) => [field, env[name]])));
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => {
    const name = ENV_NAMES[i.path[0] as keyof ServiceConfig] ?? 'environment';
    const shown = SECRET_VARIABLES.has(name) ? '(value not shown)' : JSON.stringify(env[name] ?? '');
    return `  ${name}=${shown}: ${i.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
