import { z } from 'zod';

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

const redisUrl = z
  .string()
  .refine((u) => /^rediss?:\/\/[^\s]+$/i.test(u), { error: 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0' });

const originList = z
  .string()
  .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
  .pipe(
    z.array(
      z.string().refine((o) => /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(o), {
        error: 'each origin must be scheme://host[:port] without a path, e.g. https://app.example.org',
      }),
    ),
  );

const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

export const ConfigSchema = z.object({
  PORT: z.preprocess(emptyAsUnset, port.default(8787)),
  HOST: z.preprocess(emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  FOOTPRINT_BASE_URL: z.preprocess(emptyAsUnset, httpUrl.optional()),
  FOOTPRINT_DB_PATH: z.preprocess(emptyAsUnset, z.string().min(1).default('./var/footprint.db')),
  FOOTPRINT_REDIS_URL: z.preprocess(emptyAsUnset, redisUrl.optional()),
  FOOTPRINT_CORS_ORIGINS: z.preprocess(emptyAsUnset, originList.default([])),
});

export interface ServiceConfig {
  port: number;
  host: string;
  /** Public base URL; `methodology_url` is this plus /methodology. Default: the address the service listens on. */
  baseUrl?: string;
  dbPath: string;
  redisUrl?: string;
  corsOrigins: string[];
}

export class ConfigError extends Error {}

/** Reads the service's settings from the environment; a bad value is a ConfigError naming the variable and what is accepted. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServiceConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${i.message}`;
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
    corsOrigins: c.FOOTPRINT_CORS_ORIGINS,
  };
}
