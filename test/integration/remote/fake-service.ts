/**
 * A small real HTTP server on loopback for the failures the project's service
 * never produces on purpose: 5xx, hangs, invalid or mismatched answers. Its
 * successful answers come from the shared core, like the real service's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculate } from '../../../src/core';

export type Mode = 'ok' | 'other-rates' | '401' | '429' | '500' | '503' | 'hang' | 'invalid' | 'mismatch' | 'not-json' | 'redirect';

export interface FakeService {
  url: string;
  mode: Mode;
  requests: Array<{ auth: string | undefined; body: unknown; path: string }>;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

export async function startFakeService(): Promise<FakeService> {
  const hung: ServerResponse[] = [];
  const svc: FakeService = { url: '', mode: 'ok', requests: [], close: async () => {} };
  const problem = (res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
    res.end(JSON.stringify({ type: 'about:blank', title: code, status, detail: `${code} from the fake service`, code }));
  };
  const server: Server = createServer(async (req, res) => {
    const parsed = await body(req);
    svc.requests.push({ auth: req.headers.authorization, body: parsed, path: req.url ?? '' });
    switch (svc.mode) {
      case '401':
        return problem(res, 401, 'UNAUTHORIZED');
      case '429':
        return problem(res, 429, 'RATE_LIMIT_EXCEEDED', { 'retry-after': '3600', 'ratelimit-limit': '100', 'ratelimit-remaining': '0' });
      case '500':
        return problem(res, 500, 'INTERNAL');
      case '503':
        res.writeHead(503);
        return res.end('busy');
      case 'hang':
        hung.push(res);
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"energy_kwh": 0.1');
      case 'redirect':
        res.writeHead(307, { location: 'http://localhost:1/elsewhere' });
        return res.end();
    }
    const result = calculate(parsed, { plan: 'pro' });
    if (!result.ok) return problem(res, result.error.status, result.error.code);
    let answer: Record<string, unknown> = result.value;
    if (svc.mode === 'invalid') answer = { ...result.value, water: undefined, energy_kwh: 'lots' };
    if (svc.mode === 'mismatch') answer = { ...result.value, region: 'eu-sweden' };
    // A deployment with other (still valid) figures: twice the energy, carbon and water.
    if (svc.mode === 'other-rates') {
      const v = result.value;
      answer = { ...v, energy_kwh: v.energy_kwh * 2, carbon_gco2e: v.carbon_gco2e * 2, water: { ...v.water, liters: v.water.liters * 2 } };
    }
    res.writeHead(200, { 'content-type': 'application/json', 'ratelimit-limit': '5000', 'ratelimit-remaining': '4321' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  svc.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc.close = () =>
    new Promise<void>((resolve) => {
      for (const r of hung) r.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return svc;
}
