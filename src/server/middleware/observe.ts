import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from '../env';

/** One log line and the metrics of each request, labelled by the route that answered it (a fixed set: clients cannot make labels). */
export function observe({ logger, metrics, config }: AppDeps): MiddlewareHandler<AppEnv> {
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
