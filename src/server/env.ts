/**
 * What every part of the service shares: the request's variables (AppEnv),
 * what the app is built from (AppDeps), and the router factory each resource
 * uses. Routes and middleware import this module, never app.ts.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import type { ServiceConfig } from './config';
import type { ServiceMetrics } from './metrics';
import type { Store, StoredApiKey } from './store/store';

/** The service's settings as the app reads them: the base URL resolved (the listening address by default) and the methodology page rendered. */
export type AppConfig = ServiceConfig & {
  /** Public base URL without a trailing slash; methodology_url and problem types hang off it. */
  baseUrl: string;
  /** The page served at GET /methodology, rendered once at start. */
  methodologyHtml: string;
};

export interface AppDeps {
  store: Store;
  config: AppConfig;
  clock: () => Date;
  metrics: ServiceMetrics;
  logger: Logger;
}

/** What middleware and handlers share per request. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The id of the API key the request presented, once known (for the log line). */
    keyId: string | null;
    /** The active API key, set by the apiKey middleware. */
    apiKey: StoredApiKey;
    /** The parsed JSON body and its bytes, set by the jsonBody middleware. */
    jsonBody: { value: unknown; bytes: Uint8Array };
    /** The request's Idempotency-Key (null without one), set by the metered routes' header check. */
    idempotencyKey: string | null;
  };
};

/** A resource's sub-app, mounted by createApp with app.route(); its routes are documented as they are declared. */
export const createRouter = (): OpenAPIHono<AppEnv> => new OpenAPIHono<AppEnv>();
