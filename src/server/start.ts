import { getRequestListener, RequestError } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { createApp } from './app';
import { CONFIG_DEFAULTS, type ServiceConfig } from './config';
import { silentLog, type ServiceLog } from './log';
import { methodologyPage } from './methodology-page';
import { createMetrics } from './metrics';
import { internalErrorResponse, problemBody, problemResponse, PROBLEM_CONTENT_TYPE } from './problem';
import { openStore } from './store/open';
import { withTimeout, type Store } from './store/store';

export type { Store } from './store/store';

/**
 * The settings of ServiceConfig, each optional (default: CONFIG_DEFAULTS, except EMBEDDED's), and what an
 * embedding process may add.
 */
export type StartOptions = Partial<Omit<ServiceConfig, 'logLevel'>> & {
  /** An open store to use (embedding); the service closes it when it stops. Default: opened from the settings. */
  store?: Store;
  /** Open connections beyond this are refused (default 10,000). */
  maxConnections?: number;
  /** The clock quotas and usage months are counted by (calendar month, UTC). */
  now?: () => Date;
  methodologyPath?: string;
  /** Where request lines and faults go; default: nowhere (embedded in tests). `npm run serve` logs JSON to stdout. */
  log?: ServiceLog;
};

export interface RunningService {
  url: string;
  store: Store;
  /** Graceful: stops accepting, answers every request already received, then closes the store. */
  close(): Promise<void>;
}

/** Embedded (tests, another process), the service takes any free port and a throwaway store unless told otherwise. */
const EMBEDDED = { port: 0, dbPath: ':memory:' } as const;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
const MAX_HEADER_BYTES = 16 * 1024;
/** After a stop: keep-alive connections may still bring a request (answered with Connection: close) this long. */
const IDLE_DRAIN_MS = 500;
/** After a stop, open connections get this long to finish what they sent. */
const CLOSE_GRACE_MS = 3000;

const displayHost = (host: string) => {
  const h = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return h.includes(':') ? `[${h}]` : h;
};

/**
 * Requests so malformed that the app never sees them still get
 * problem+json: headers too large (431), too slow (408), or bytes Node's
 * parser rejects (400). A connection the client reset needs no answer.
 */
function answerClientErrors(server: Server, baseUrl: () => string): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const problem =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? problemBody('REQUEST_HEADER_FIELDS_TOO_LARGE', `The request headers must be at most ${MAX_HEADER_BYTES} bytes.`, baseUrl())
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? problemBody('REQUEST_TIMEOUT', 'The request headers and body did not arrive in time.', baseUrl())
          : problemBody('BAD_REQUEST', 'The HTTP request is malformed.', baseUrl());
    const body = JSON.stringify(problem);
    socket.end(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Starts the service in this process; used by `npm run serve` and by tests. */
export async function startService(opts: StartOptions = {}): Promise<RunningService> {
  const { store: embeddedStore, maxConnections, now, methodologyPath, log: givenLog, ...given } = opts;
  const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const settings: ServiceConfig = { ...CONFIG_DEFAULTS, ...EMBEDDED, ...set };
  const { host, storeTimeoutMs, requestTimeoutMs } = settings;
  const log = givenLog ?? silentLog();
  const methodologyHtml = await methodologyPage(methodologyPath);
  const store = embeddedStore ? withTimeout(embeddedStore, storeTimeoutMs) : await openStore(settings, { ...settings, now });
  const metrics = createMetrics(store.kind);
  // The default base URL depends on the port picked, so the app is built once the server listens.
  let fetch: (request: Request, env: unknown) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  let baseUrl = settings.baseUrl ?? '';
  // A URL or Host header the adapter cannot make a Request of never reaches the app: answered, counted and logged here.
  const malformed = (error: unknown) => {
    const requestId = randomUUID();
    const bad = error instanceof RequestError;
    metrics.requests.inc({ route: 'unmatched', status: bad ? '400' : '500' });
    if (bad) log.logger.info({ req_id: requestId, route: 'unmatched', status: 400, err: error.message }, 'malformed request');
    else log.logger.error({ req_id: requestId, err: error }, 'unexpected fault');
    const headers = { 'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
    return bad
      ? problemResponse('BAD_REQUEST', `The request URL or Host header is malformed (${error.message}).`, baseUrl, headers)
      : internalErrorResponse(baseUrl);
  };
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      maxHeaderSize: MAX_HEADER_BYTES,
      // How often Node checks the two timeouts above (its default, 30 s, would let a slow client run three times over).
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
    },
    getRequestListener((request, env) => fetch(request, env), { errorHandler: malformed }),
  );
  server.maxConnections = maxConnections ?? 10_000;
  answerClientErrors(server, () => baseUrl);
  try {
    const info = await new Promise<AddressInfo>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, host, () => resolve(server.address() as AddressInfo));
    });
    const url = `http://${displayHost(host)}:${info.port}`;
    baseUrl = (settings.baseUrl ?? url).replace(/\/+$/, '');
    const app = createApp({
      store,
      clock: now ?? (() => new Date()),
      config: { ...settings, baseUrl, methodologyHtml },
      metrics,
      logger: log.logger,
    });
    let closing: Promise<void> | undefined;
    fetch = async (request, env) => {
      const response = await app.fetch(request, env);
      if (closing) response.headers.set('Connection', 'close');
      return response;
    };
    return {
      url,
      store,
      // Stop listening at once; answer what arrives on open connections with Connection: close (so a keep-alive
      // client is not reset while its request is on the wire); after IDLE_DRAIN_MS close idle connections, after
      // CLOSE_GRACE_MS all; then close the store. (http.Server#close would close idle keep-alive connections at
      // once, racing requests already sent on them: net.Server#close only stops listening.)
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
