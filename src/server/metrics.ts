/**
 * GET /metrics in the Prometheus text format (prom-client). Labels are route
 * templates, status codes and store kinds only: never a key, its hash or id.
 * Each service has its own registry, so several can run in one process (tests).
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface ServiceMetrics {
  readonly registry: Registry;
  readonly requests: Counter<'route' | 'status'>;
  readonly latency: Histogram<'route'>;
  readonly quotaRefusals: Counter<'route'>;
  readonly replays: Counter<'route'>;
  readonly storeErrors: Counter<'store'>;
}

export function createMetrics(storeKind: string): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'footprint_' });
  const storeErrors = new Counter({
    name: 'footprint_store_errors_total',
    help: 'Store calls that failed or timed out (each answered 503 STORE_UNAVAILABLE).',
    labelNames: ['store'] as const,
    registers,
  });
  storeErrors.inc({ store: storeKind }, 0);
  return {
    registry,
    requests: new Counter({
      name: 'footprint_http_requests_total',
      help: 'HTTP requests answered, by route template and status code (499: the client went away first).',
      labelNames: ['route', 'status'] as const,
      registers,
    }),
    latency: new Histogram({
      name: 'footprint_http_request_duration_seconds',
      help: 'Time from the request to its answer, by route template.',
      labelNames: ['route'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    quotaRefusals: new Counter({
      name: 'footprint_quota_refusals_total',
      help: 'Requests refused with 429 because the monthly quota was used up.',
      labelNames: ['route'] as const,
      registers,
    }),
    replays: new Counter({
      name: 'footprint_idempotent_replays_total',
      help: 'Repeats of an Idempotency-Key answered from the stored answer (no quota taken).',
      labelNames: ['route'] as const,
      registers,
    }),
    storeErrors,
  };
}
