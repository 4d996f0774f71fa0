/**
 * Structured logs: one JSON line per request on stdout (pino), plus start,
 * stop and faults. Never a key or its hash: requests are identified by their
 * key id.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './log-levels';

export interface ServiceLog {
  logger: Logger;
  /** Writes what is buffered (before exiting). */
  flush(): void;
}

/** JSON lines on stdout (or `destination`), written asynchronously by pino's own destination. */
export function createLog(level: LogLevel = 'info', destination?: DestinationStream): ServiceLog {
  const stream = destination ?? pino.destination({ dest: 1, sync: false });
  const logger = pino({ level, base: { pid: process.pid }, messageKey: 'msg' }, stream);
  return {
    logger,
    flush: () => {
      try {
        (stream as { flushSync?: () => void }).flushSync?.();
      } catch {
        // Not ready yet (nothing was written): nothing to flush.
      }
    },
  };
}

/** A logger that writes nothing (embedded services, tests). */
export const silentLog = (): ServiceLog => ({ logger: pino({ level: 'silent' }), flush: () => undefined });
