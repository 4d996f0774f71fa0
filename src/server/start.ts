import { getRequestListener, RequestError } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { createApp } from './app';
import { createListener, createObserver, REQUEST_ID } from './listener';
import { silentLog, type ServiceLog } from './log';
import { createMetrics } from './metrics';
import { incomingOf } from './node-request';
import { problemBody, problemResponse, PROBLEM_CONTENT_TYPE } from './problem';
import { openStore } from './store/open';
import type { Store } from './store/store';

export { createApiKey } from './store/api-keys';
export type { Store } from './store/store';

export interface StartOptions {
  /** Default 0: any free port. */
  port?: number;
  host?: string;
  /** An open store to use (embedding); the service closes it when it stops. Default: opened from redisUrl or dbPath. */
  store?: Store;
  /** SQLite file; default ':memory:' (a throwaway store) unless redisUrl is given. */
  dbPath?: string;
  redisUrl?: string;
  /** The clock quotas are counted by (calendar month, UTC). */
  now?: () => Date;
  /** Public base URL; default the address the service listens on. */
  baseUrl?: string;
  corsOrigins?: string[];
  methodologyPath?: string;
  /** Where request lines and faults go; default: nowhere (embedded in tests). `npm run serve` logs JSON to stdout. */
  log?: ServiceLog;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken?: string;
  /** Behind a reverse proxy: log the client address from the last X-Forwarded-For entry. */
  trustProxy?: boolean;
}

export interface RunningService {
  url: string;
  store: Store;
  /** Graceful: stops accepting, answers every request already received, then closes the store. */
  close(): Promise<void>;
}

/** After a stop: keep-alive connections may still bring a request (answered with Connection: close) this long. */
const IDLE_DRAIN_MS = 500;
const CLOSE_GRACE_MS = 3000;

const displayHost = (host: string) => {
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return h.includes(':') ? `[${h}]` : h;
};

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Requests so malformed that no app sees them still get problem+json: a URL
 * the adapter cannot build a Request from, or bytes Node's parser rejects.
 */
function answerMalformedRequests(server: Server, baseUrl: () => string) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? problemBody('PAYLOAD_TOO_LARGE', 'The request headers are too large.', baseUrl())
        : problemBody('BAD_REQUEST', 'The HTTP request is malformed.', baseUrl());
    const body = JSON.stringify(problem);
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Starts the service in this process; used by `npm run serve` and by tests. */
export async function startService(opts: StartOptions = {}): Promise<RunningService> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? silentLog();
  const store = opts.store ?? (await openStore({ redisUrl: opts.redisUrl, dbPath: opts.dbPath ?? ':memory:' }));
  const metrics = createMetrics(store.kind);
  const observer = createObserver(log.logger, metrics, opts.trustProxy ?? false);
  let closing: Promise<void> | undefined;
  // The default base URL depends on the port picked, so the app is built once the server listens.
  let baseUrl = opts.baseUrl ?? '';
  let listener: (req: IncomingMessage, res: ServerResponse) => unknown = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  answerMalformedRequests(server, () => baseUrl);
  try {
    const info = await listen(server, opts.port ?? 0, host);
    const url = `http://${displayHost(host)}:${info.port}`;
    baseUrl = (opts.baseUrl ?? url).replace(/\/+$/, '');
    const clock = opts.now ?? (() => new Date());
    const app = createApp({
      store,
      clock,
      config: { baseUrl, corsOrigins: opts.corsOrigins ?? [], methodologyPath: opts.methodologyPath, metricsToken: opts.metricsToken },
      metrics,
      onFault: (error, requestId) => observer.fault(error, requestId),
      onAnswer: (route, answer) => observer.event(route, answer),
      requestIdOf: (c) => (incomingOf(c) as { [REQUEST_ID]?: string } | undefined)?.[REQUEST_ID],
    });
    const fallback = getRequestListener(app.fetch, {
      errorHandler: (error) =>
        error instanceof RequestError
          ? problemResponse('BAD_REQUEST', `The request URL or Host header is malformed (${error.message}).`, baseUrl)
          : problemResponse('INTERNAL', 'The service failed unexpectedly. Please try again later.', baseUrl),
    });
    listener = createListener({
      metering: { store, clock, baseUrl, methodologyUrl: `${baseUrl}/methodology` },
      fallback,
      observer,
      corsOrigins: opts.corsOrigins ?? [],
      isClosing: () => closing !== undefined,
    });
    return {
      url,
      store,
      // Graceful: stop listening at once; answer what arrives on open connections with Connection: close (so a
      // keep-alive client is not reset while its request is on the wire); after IDLE_DRAIN_MS close idle
      // connections, after CLOSE_GRACE_MS all; then close the store. (http.Server#close would close idle
      // keep-alive connections at once, racing requests already sent on them: net.Server#close only stops listening.)
      close: () =>
        (closing ??= new Promise<void>((resolve) => {
          NetServer.prototype.close.call(server, () => resolve());
          setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS).unref();
          setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
        }).then(() => store.close())),
    };
  } catch (error) {
    server.close();
    await store.close();
    throw error;
  }
}
