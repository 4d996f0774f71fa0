/**
 * A small real HTTP server on loopback for the failures the project's service
 * never produces on purpose: 5xx, hangs, invalid or mismatched answers. Its
 * successful answers come from the shared core, like the real service's.
 *
 * It also answers `GET /api/v2/usage` as the service's contract says (docs/service.md): each
 * key's month of the calculations it answered, summed per model, with the quota its
 * RateLimit-Limit header states. The modes apply to it too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculate } from '../../../src/core';

export type Mode = 'ok' | 'other-rates' | '401' | '429' | '500' | '503' | 'hang' | 'invalid' | 'mismatch' | 'not-json' | 'redirect';

export interface FakeService {
  url: string;
  mode: Mode;
  requests: Array<{ auth: string | undefined; body: unknown; path: string }>;
  /** Per Authorization header: the month's calculations, per model. */
  usage: Map<string, Map<string, ModelMonth>>;
  close(): Promise<void>;
}

export interface ModelMonth {
  requests: number;
  energy_kwh: number;
  carbon_gco2e: number;
  water_liters: number;
}

/** The plan quota the fake states (RateLimit-Limit) and counts against. */
export const FAKE_QUOTA = 5000;

const monthOfNow = () => new Date().toISOString().slice(0, 7);

function usageAnswer(models: Map<string, ModelMonth> | undefined, month: string): Record<string, unknown> {
  const rows = [...(models ?? new Map<string, ModelMonth>()).entries()].map(([model, m]) => ({ model, ...m })).sort((a, b) => b.energy_kwh - a.energy_kwh);
  const sum = (k: keyof ModelMonth) => rows.reduce((s, r) => s + r[k], 0);
  const [y, m] = month.split('-').map(Number);
  return {
    plan: 'pro',
    month,
    requests: sum('requests'),
    quota: FAKE_QUOTA,
    remaining: Math.max(0, FAKE_QUOTA - sum('requests')),
    resets_at: new Date(Date.UTC(y!, m!, 1)).toISOString(),
    energy_kwh: sum('energy_kwh'),
    carbon_gco2e: sum('carbon_gco2e'),
    water_liters: sum('water_liters'),
    models: rows,
  };
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

/** `port`: listen there (to come back on the address a client was given after close); 0, the default: any free port. */
export async function startFakeService(opts: { port?: number } = {}): Promise<FakeService> {
  const hung: ServerResponse[] = [];
  const svc: FakeService = { url: '', mode: 'ok', requests: [], usage: new Map(), close: async () => {} };
  const problem = (res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
    res.end(JSON.stringify({ type: 'about:blank', title: code, status, detail: `${code} from the fake service`, code }));
  };
  /** A calculation answered: added to its key's month. */
  const count = (auth: string, answer: Record<string, unknown>) => {
    const a = answer as { model: string; energy_kwh: number; carbon_gco2e: number; water: { liters: number } };
    const models = svc.usage.get(auth) ?? new Map<string, ModelMonth>();
    svc.usage.set(auth, models);
    const m = models.get(a.model) ?? { requests: 0, energy_kwh: 0, carbon_gco2e: 0, water_liters: 0 };
    models.set(a.model, {
      requests: m.requests + 1,
      energy_kwh: m.energy_kwh + a.energy_kwh,
      carbon_gco2e: m.carbon_gco2e + a.carbon_gco2e,
      water_liters: m.water_liters + a.water.liters,
    });
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
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/api/v2/usage') {
      const auth = req.headers.authorization;
      if (!auth?.startsWith('Bearer ')) return problem(res, 401, 'UNAUTHORIZED');
      const month = url.searchParams.get('month') ?? monthOfNow();
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return problem(res, 400, 'INVALID_MONTH');
      if (month !== monthOfNow()) return problem(res, 404, 'MONTH_NOT_KEPT');
      const answer = usageAnswer(svc.usage.get(auth), month);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(svc.mode === 'invalid' ? { ...answer, requests: 'many' } : answer));
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
    if (svc.mode === 'ok' || svc.mode === 'other-rates') count(req.headers.authorization ?? '', answer);
    res.writeHead(200, { 'content-type': 'application/json', 'ratelimit-limit': String(FAKE_QUOTA), 'ratelimit-remaining': '4321' });
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  svc.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc.close = () =>
    new Promise<void>((resolve) => {
      for (const r of hung) r.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return svc;
}
