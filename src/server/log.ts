/**
 * Structured logs: one JSON line per request on stdout (pino, no pretty
 * printing, only pino's error serializer), plus start, stop and faults.
 * Never a key or its hash: requests are identified by their key id.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

import type { LogLevel } from './log-levels';

/** The fields of a request's log line. */
export interface RequestLine {
  req_id: string;
  method: string | undefined;
  route: string;
  status: number;
  ms: number;
  key_id: string | null;
  ip: string | undefined;
}

const str = (s: string | undefined) => (s === undefined ? undefined : JSON.stringify(s));

/**
 * Writes request lines straight to the logger's stream, formatted here: the
 * same JSON line pino writes for `logger.info(fields)` (its level number, time
 * and base bindings first; an undefined field left out), without pino's
 * generic serializer on every request. Null when info lines are off.
 */
export function requestLineWriter(logger: Logger): ((line: RequestLine) => void) | null {
  if (!logger.isLevelEnabled('info')) return null;
  const stream = (logger as unknown as Record<symbol, { write(s: string): unknown }>)[pino.symbols.streamSym];
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
  const head = `{"level":${logger.levels.values.info},"time":`;
  return (l) => {
    const method = str(l.method);
    const ip = str(l.ip);
    stream.write(
      `${head}${Date.now()}${bindings},"req_id":${str(l.req_id)}${method === undefined ? '' : `,"method":${method}`},"route":${str(l.route)},"status":${l.status},"ms":${l.ms},"key_id":${l.key_id === null ? 'null' : str(l.key_id)}${ip === undefined ? '' : `,"ip":${ip}`}}\n`,
    );
  };
}

export interface ServiceLog {
  logger: Logger;
  /** Writes what is buffered (before exiting). */
  flush(): void;
}

/** Lines are written in blocks of this many bytes (about 70 request lines), and at least once a second. */
const BLOCK_BYTES = 16 * 1024;
const FLUSH_EVERY_MS = 1000;

type Target = DestinationStream & { flushSync?: () => void };

/**
 * Collects lines into blocks before they reach the file stream (sonic-boom):
 * its cost per write (it measures the bytes of the block it is adding to) is
 * then paid once per block, not once per request. Every line the logger
 * writes passes here, so lines keep their order.
 */
export class BlockStream {
  private parts: string[] = [];
  private size = 0;

  constructor(
    private readonly target: Target,
    private readonly blockBytes = BLOCK_BYTES,
  ) {}

  write(line: string): boolean {
    this.parts.push(line);
    this.size += line.length;
    if (this.size >= this.blockBytes) this.pass();
    return true;
  }

  /** Hands what is collected to the file stream, which writes it asynchronously. */
  pass(): void {
    if (this.size === 0) return;
    const block = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.size = 0;
    this.target.write(block);
  }

  /** Writes everything now (before exiting). */
  flushSync(): void {
    this.pass();
    this.target.flushSync?.();
  }
}

/**
 * Lines are collected and written asynchronously in blocks, so logging costs
 * no system call per request; what is collected is written at least once a
 * second, so a quiet service's lines still appear. A SIGKILL can lose the
 * last second of lines, never a counted request.
 */
export function createLog(level: LogLevel = 'info', destination?: DestinationStream): ServiceLog {
  const file: Target | null = destination ? null : pino.destination({ dest: 1, sync: false, minLength: 0 });
  const stream: Target = file ? new BlockStream(file) : destination!;
  const logger = pino({ level, base: { pid: process.pid }, messageKey: 'msg' }, stream);
  if (file) {
    setInterval(() => {
      try {
        (stream as BlockStream).pass();
      } catch {
        // Destroyed (the process is exiting): nothing to write to.
      }
    }, FLUSH_EVERY_MS).unref();
  }
  return {
    logger,
    flush: () => {
      try {
        stream.flushSync?.();
      } catch {
        // Not ready yet (nothing was written): nothing to flush.
      }
    },
  };
}

/** A logger that writes nothing (embedded services, tests). */
export const silentLog = (): ServiceLog => ({ logger: pino({ level: 'silent' }), flush: () => undefined });
