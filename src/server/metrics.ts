/**
 * GET /metrics in the Prometheus text format (prom-client). Labels are route
 * templates, status codes and store kinds only: never a key, its hash or id.
 * Each service has its own registry, so several can run in one process (tests).
 *
 * Requests and their latencies are tallied here, a few array slots per
 * request, and handed to prom-client's registry when /metrics is scraped.
 * prom-client's own inc() and observe() check and hash their labels on every
 * call: in the running service that cost 6-11 µs per request, 5-8% of its
 * CPU (same-run A/B of the service on SQLite, 2026-11-24).
 */
import { collectDefaultMetrics, Counter, Registry, type Metric } from 'prom-client';

export interface ServiceMetrics {
  readonly registry: Registry;
  request(route: string, status: number, seconds: number): void;
  quotaRefused(route: string): void;
  replayed(route: string): void;
  storeError(): void;
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5] as const;

interface LatencyTally {
  route: string;
  /** Observations per bucket, not cumulative; the last slot is above the largest bound. */
  counts: Float64Array;
  sum: number;
}

/**
 * A histogram of request latency by route, as prom-client's registry reads a
 * metric: `get()` returns the cumulative `_bucket` series (with `le`), `_sum`
 * and `_count`, exactly as prom-client's Histogram writes them.
 */
function latencyHistogram(name: string, help: string) {
  const tallies = new Map<string, LatencyTally>();
  const observe = (route: string, seconds: number) => {
    let tally = tallies.get(route);
    if (!tally) tallies.set(route, (tally = { route, counts: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0 }));
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    tally.counts[i]++;
    tally.sum += seconds;
  };
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const { route, counts, sum } of tallies.values()) {
        let cumulative = 0;
        for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
          cumulative += counts[i];
          values.push({ labels: { le: LATENCY_BUCKETS[i], route }, value: cumulative, metricName: `${name}_bucket` });
        }
        cumulative += counts[LATENCY_BUCKETS.length];
        values.push({ labels: { le: '+Inf', route }, value: cumulative, metricName: `${name}_bucket` });
        values.push({ labels: { route }, value: sum, metricName: `${name}_sum` });
        values.push({ labels: { route }, value: cumulative, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset: () => tallies.clear(),
  };
  // The registry reads every metric through get() and reset(); its types name only prom-client's own classes.
  return { observe, metric: metric as unknown as Metric };
}

export function createMetrics(storeKind: string): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'footprint_' });

  // Requests by route and status since the last scrape, added to the counter when it is read.
  const answered = new Map<string, { labels: { route: string; status: string }; count: number }>();
  new Counter({
    name: 'footprint_http_requests_total',
    help: 'HTTP requests answered, by route template and status code.',
    labelNames: ['route', 'status'],
    registers,
    collect() {
      for (const entry of answered.values()) {
        if (entry.count === 0) continue;
        this.inc(entry.labels, entry.count);
        entry.count = 0;
      }
    },
  });
  const latency = latencyHistogram('footprint_http_request_duration_seconds', 'Time from the request to its answer, by route template.');
  registry.registerMetric(latency.metric);
  const refusals = new Counter({
    name: 'footprint_quota_refusals_total',
    help: 'Requests refused with 429 because the monthly quota was used up.',
    labelNames: ['route'],
    registers,
  });
  const replays = new Counter({
    name: 'footprint_idempotent_replays_total',
    help: 'Repeats of an Idempotency-Key answered from the stored answer (no quota taken).',
    labelNames: ['route'],
    registers,
  });
  const storeErrors = new Counter({
    name: 'footprint_store_errors_total',
    help: 'Failed calls to the key and quota store (each answered 500).',
    labelNames: ['store'],
    registers,
  });
  storeErrors.inc({ store: storeKind }, 0);

  return {
    registry,
    request(route, status, seconds) {
      const id = route + status;
      let entry = answered.get(id);
      if (!entry) answered.set(id, (entry = { labels: { route, status: String(status) }, count: 0 }));
      entry.count++;
      latency.observe(route, seconds);
    },
    quotaRefused: (route) => refusals.inc({ route }),
    replayed: (route) => replays.inc({ route }),
    storeError: () => storeErrors.inc({ store: storeKind }),
  };
}
