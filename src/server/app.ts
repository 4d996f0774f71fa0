import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { ServiceMetrics } from './metrics';
import { internalErrorResponse, problemResponse, storeUnavailableResponse } from './problem';
import { registerMeta } from './routes/meta';
import { registerMetered } from './routes/metered';
import { allowMethods } from './routes/methods';
import { StoreUnavailable, type Store } from './store/store';

export interface AppConfig {
  /** Public base URL without a trailing slash; methodology_url and problem types hang off it. */
  baseUrl: string;
  corsOrigins: readonly string[];
  /** The page served at GET /methodology, rendered once at start. */
  methodologyHtml: string;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Behind a reverse proxy: log the client address from the last X-Forwarded-For entry. */
  trustProxy: boolean;
}

export interface AppDeps {
  store: Store;
  storeTimeoutMs: number;
  config: AppConfig;
  clock: () => Date;
  metrics: ServiceMetrics;
  logger: Logger;
}

/** What middleware and handlers share per request. */
export type AppEnv = { Variables: { requestId: string; keyId: string | null } };

const EXTENSION_ORIGIN = /^(?:chrome-extension|moz-extension):\/\/[A-Za-z0-9-]+$/;

/** The status of a request whose client went away before it could be answered (nginx's convention): not a server error. */
const CLIENT_CLOSED = 499;

/**
 * The service as one Hono app: request id, log line and metrics, security
 * headers and CORS as middleware, then the routes; the core does the
 * calculating. Errors become problem+json in onError.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { baseUrl, corsOrigins } = deps.config;
  const app = new Hono<AppEnv>();
  app.use(requestId({ limitLength: 128 }));
  app.use(observe(deps));
  app.use(async (c, next) => {
    await next();
    // Set on the final response (headers set before next() do not reach a Response a handler makes itself), in
    // place as Hono's own middleware do: c.header() after next() would copy the response, body stream and all.
    const headers = c.res.headers;
    headers.set('X-Request-Id', c.get('requestId'));
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  });
  const corsHandler = cors({
    origin: (origin) => (EXTENSION_ORIGIN.test(origin) || corsOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'],
    exposeHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id'],
    maxAge: 600,
  });
  // Only cross-origin browser requests carry Origin; a plain OPTIONS gets the Allow header of its route instead.
  app.use((c, next) => (c.req.header('origin') === undefined ? next() : corsHandler(c, next)));

  registerMetered(app, deps);
  registerMeta(app, deps);
  registerMetrics(app, deps);

  app.notFound(() => problemResponse('NOT_FOUND', `No such resource. See ${baseUrl}/openapi.json.`, baseUrl));
  app.onError((error, c) => {
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED });
    if (error instanceof StoreUnavailable) {
      deps.metrics.storeErrors.inc({ store: deps.store.kind });
      deps.logger.error({ req_id: c.get('requestId'), err: error }, 'store unavailable');
      return storeUnavailableResponse(baseUrl);
    }
    deps.logger.error({ req_id: c.get('requestId'), err: error }, 'unexpected fault');
    return internalErrorResponse(baseUrl);
  });
  return app;
}

/** One log line and the metrics of each request, labelled by the route that answered it (a fixed set: clients cannot make labels). */
function observe({ logger, metrics, config }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now();
    c.set('keyId', null);
    await next();
    const matched = routePath(c, -1);
    const route = matched === '/*' || matched === '*' || matched === '' ? 'unmatched' : matched;
    const seconds = (performance.now() - start) / 1000;
    const status = c.res.status;
    metrics.requests.inc({ route, status: String(status) });
    metrics.latency.observe({ route }, seconds);
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    // The proxy appends the address it saw: the last entry is the one it vouches for.
    const forwarded = config.trustProxy ? c.req.header('x-forwarded-for')?.split(',').pop()?.trim() : undefined;
    logger.info({
      req_id: c.get('requestId'),
      method: c.req.method,
      route,
      status,
      ms: Math.round(seconds * 1e6) / 1e3,
      key_id: c.get('keyId'),
      ip: forwarded || incoming?.socket?.remoteAddress,
    });
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** GET /metrics (Prometheus text); with a token, only for `Authorization: Bearer <token>`, compared in constant time. */
function registerMetrics(app: Hono<AppEnv>, { metrics, config }: AppDeps): void {
  const expected = config.metricsToken ? digest(config.metricsToken) : null;
  app.get('/metrics', async (c) => {
    if (expected) {
      const presented = /^Bearer +(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!presented || !timingSafeEqual(digest(presented), expected)) {
        return problemResponse('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <FOOTPRINT_METRICS_TOKEN>.', config.baseUrl, {
          'WWW-Authenticate': 'Bearer realm="footprint-metrics"',
        });
      }
    }
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  });
  allowMethods(app, '/metrics', ['GET'], config.baseUrl);
}
