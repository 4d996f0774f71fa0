import { bearerAuth } from 'hono/bearer-auth';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRouter, type AppDeps } from '../env';
import { problemResponse } from '../problem';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** GET /metrics (Prometheus text); with a token, only for `Authorization: Bearer <token>`, compared in constant time. */
export function metricsRoutes({ metrics, config }: AppDeps) {
  const router = createRouter();
  if (config.metricsToken) {
    const expected = digest(config.metricsToken);
    const refused = {
      message: () =>
        problemResponse('UNAUTHORIZED', 'GET /metrics needs Authorization: Bearer <FOOTPRINT_METRICS_TOKEN>.', config.baseUrl, {
          'WWW-Authenticate': 'Bearer realm="footprint-metrics"',
        }),
    };
    router.use(
      '/metrics',
      bearerAuth({
        verifyToken: (token) => timingSafeEqual(digest(token), expected),
        noAuthenticationHeader: refused,
        invalidAuthenticationHeader: refused,
        invalidToken: refused,
      }),
    );
  }
  return router.get('/metrics', async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }));
}
