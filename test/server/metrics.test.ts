import { Counter, Histogram, Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { createMetrics } from '../../src/server/metrics';

/** The request series as prom-client's own Counter and Histogram write them, for the same observations. */
async function referenceText(observations: readonly (readonly [string, number, number])[]): Promise<string> {
  const registry = new Registry();
  const requests = new Counter({
    name: 'footprint_http_requests_total',
    help: 'HTTP requests answered, by route template and status code.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'footprint_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route template.',
    labelNames: ['route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  for (const [route, status, seconds] of observations) {
    requests.inc({ route, status: String(status) });
    latency.observe({ route }, seconds);
  }
  return registry.metrics();
}

const requestSeries = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.includes('footprint_http_request'))
    .join('\n');

it("writes request counts and latencies exactly as prom-client's Counter and Histogram do, across scrapes", async () => {
  const metrics = createMetrics('sqlite');
  // Bounds themselves, values between them, above the largest, and several routes and statuses.
  const first = [
    ['/api/v2/calculate', 200, 0.0005],
    ['/api/v2/calculate', 200, 0.00051],
    ['/api/v2/calculate', 429, 0.003],
    ['/healthz', 200, 0.00001],
    ['/api/v2/calculate', 200, 3.5],
    ['/api/v1/calculate', 400, 2.5],
    ['unmatched', 404, 0.02],
  ] as const;
  for (const [route, status, seconds] of first) metrics.request(route, status, seconds);
  expect(requestSeries(await metrics.registry.metrics())).toBe(requestSeries(await referenceText(first)));

  const second = [
    ['/api/v2/calculate', 200, 0.001],
    ['/metrics', 200, 0.0002],
  ] as const;
  for (const [route, status, seconds] of second) metrics.request(route, status, seconds);
  const text = await metrics.registry.metrics();
  expect(requestSeries(text)).toBe(requestSeries(await referenceText([...first, ...second])));
  expect(text).toContain('footprint_http_requests_total{route="/api/v2/calculate",status="200"} 4');
  expect(text).toContain('footprint_http_request_duration_seconds_bucket{le="+Inf",route="/api/v2/calculate"} 5');
});

it('writes no request series before the first request, and the process metrics from the start', async () => {
  const text = await createMetrics('redis').registry.metrics();
  expect(text).not.toMatch(/^footprint_http_request\w*\{/m);
  expect(text).toContain('# TYPE footprint_http_request_duration_seconds histogram');
  expect(text).toContain('footprint_store_errors_total{store="redis"} 0');
  expect(text).toMatch(/^footprint_process_cpu_seconds_total \d/m);
});
