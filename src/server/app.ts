import type { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { createRouter, type AppDeps, type AppEnv } from './env';
import { allowMethods } from './middleware/allow-methods';
import { observe } from './middleware/observe';
import { corsForClients, requestHeaders, securityHeaders } from './middleware/response-headers';
import { internalErrorResponse, problemResponse, storeUnavailableResponse } from './problem';
import { calculateRoutes } from './routes/calculate';
import { catalogRoutes } from './routes/catalog';
import { metaRoutes } from './routes/meta';
import { metricsRoutes } from './routes/metrics';
import { usageRoutes } from './routes/usage';
import { StoreUnavailable } from './store/store';

export type { AppConfig, AppDeps, AppEnv } from './env';

/** The status of a request whose client went away before it could be answered (nginx's convention): not a server error. */
const CLIENT_CLOSED = 499;

/**
 * The service as one Hono app: request id, log line and metrics, security headers and CORS as
 * middleware, then one sub-app per resource; the core does the calculating. Errors become
 * problem+json in onError.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { baseUrl, corsOrigins } = deps.config;
  const app = createRouter();
  app.use(requestId({ limitLength: 128 }));
  app.use(observe(deps));
  app.use(requestHeaders);
  app.use(securityHeaders());
  app.use(corsForClients(corsOrigins));

  app.route('/', catalogRoutes());
  app.route('/', calculateRoutes(deps));
  app.route('/', usageRoutes(deps));
  app.route('/', metaRoutes(deps));
  app.route('/', metricsRoutes(deps));
  allowMethods(app, baseUrl);

  app.notFound(() => problemResponse('NOT_FOUND', `No such resource. See ${baseUrl}/openapi.json.`, baseUrl));
  app.onError((error, c) => {
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED });
    // Middleware (bearer-auth) answers by throwing: its response is a problem+json already.
    if (error instanceof HTTPException) return error.getResponse();
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
