import type { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { createRouter, type AppDeps, type AppEnv } from './env';
import { allowMethods } from './middleware/allow-methods';
import { observe } from './middleware/observe';
import { corsForClients, requestHeaders, securityHeaders } from './middleware/response-headers';
import { internalErrorResponse, problemResponse, storeUnavailableResponse } from './problem';
import { openApiDocument } from './openapi';
import { calculateV1Routes, calculateV2Routes } from './routes/calculate';
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
 * middleware, then one sub-app per resource, mounted under its version; the core does the calculating.
 * Errors become problem+json in onError.
 */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { baseUrl, corsOrigins } = deps.config;
  const app = createRouter();
  app.use(requestId({ limitLength: 128 }));
  app.use(observe(deps));
  app.use(requestHeaders);
  app.use(securityHeaders());
  app.use(corsForClients(corsOrigins));

  app.route('/api/v2', createRouter().route('/', catalogRoutes()).route('/', calculateV2Routes(deps)).route('/', usageRoutes(deps)));
  app.route('/api/v1', calculateV1Routes(deps));
  app.route(
    '/',
    metaRoutes(deps, () => openApiDocument(app, baseUrl)),
  );
  app.route('/', metricsRoutes(deps));
  allowMethods(app, baseUrl);

  app.notFound(() => problemResponse('NOT_FOUND', `No such resource. See ${baseUrl}/openapi.json.`, baseUrl));
  app.onError((error, c) => {
    if (c.req.raw.signal.aborted) return new Response(null, { status: CLIENT_CLOSED });
    // Middleware (bearer-auth) answers by throwing: its response is a problem+json already. The body validator's
    // media type gate throws a bare 415.
    if (error instanceof HTTPException) {
      if (error.status !== 415) return error.getResponse();
      return problemResponse('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON in UTF-8 with Content-Type: application/json.', baseUrl);
    }
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
