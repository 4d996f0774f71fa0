import { Hono } from 'hono';
import { corsMiddleware } from './cors';
import { internalErrorResponse, problemResponse } from './problem';
import { registerMeta } from './routes/meta';
import { registerV1 } from './routes/v1';
import { registerV2 } from './routes/v2';
import type { Store } from './store/store';

export interface AppConfig {
  /** Public base URL without a trailing slash; methodology_url and problem types hang off it. */
  baseUrl: string;
  corsOrigins: readonly string[];
  /** Markdown rendered at GET /methodology (default docs/methodology.md). */
  methodologyPath?: string;
}

export interface AppDeps {
  store: Store;
  config: AppConfig;
  clock: () => Date;
  /** Unexpected faults are reported here (the client only sees 500 INTERNAL). */
  onFault?: (error: unknown) => void;
}

/** The service as a Hono app; the routes are thin and the core does the calculating. */
export function createApp({ store, config, clock, onFault = (e) => console.error('footprint: unexpected fault', e) }: AppDeps): Hono {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const app = new Hono();
  app.use('*', corsMiddleware(config.corsOrigins));

  const metering = { store, clock, baseUrl, methodologyUrl: `${baseUrl}/methodology` };
  registerV2(app, metering);
  registerV1(app, metering);
  registerMeta(app, { baseUrl, methodologyPath: config.methodologyPath });

  app.notFound((c) => problemResponse('NOT_FOUND', `No resource at ${c.req.path}. See ${baseUrl}/openapi.json.`, baseUrl));
  app.onError((error) => {
    onFault(error);
    return internalErrorResponse(baseUrl);
  });
  return app;
}
