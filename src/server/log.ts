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

const LOG_CHUNK_BYTES = 4096;

/** JSON lines on stdout (or `destination`), written asynchronously by pino's own destination. */
export function createLog(level: LogLevel = 'info', destination?: DestinationStream): ServiceLog {
  // Lines waiting for a write in progress are joined into one string, whose byte length the destination
  // measures (and so copies) at every line: chunks of at most 4 KiB keep that copy short at the cost of a
  // write per about 16 request lines instead of 64.
  const stream = destination ?? pino.destination({ dest: 1, sync: false, maxWrite: LOG_CHUNK_BYTES });
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
