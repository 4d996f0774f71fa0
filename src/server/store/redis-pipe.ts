/**
 * The metered hot path's own Redis connection: RESP2 over one socket. Every
 * command issued in one event-loop turn goes out in one write (pipelined) and
 * replies are matched to commands in order. It runs one kind of command, a
 * cached Lua script (EVALSHA, falling back to EVAL when Redis lost the script),
 * which every metered request sends once; ioredis (the rest of the store)
 * spends about 40 µs of CPU per command in its generic machinery, a quarter of
 * a request's cost.
 *
 * Failures are answers, never retries: a command on a connection that breaks
 * is rejected (the request gets a 500 and the client may retry with its
 * Idempotency-Key), since resending a script that may have run could charge
 * twice. The next command opens a new connection.
 */
import { createHash } from 'node:crypto';
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export type RedisReply = string | number | null | RedisReply[];

/** An error reply from Redis (`-ERR ...`), or the connection failing under a command. */
export class RedisCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisCommandError';
  }
}

interface ConnectionOptions {
  host: string;
  port: number;
  tls: boolean;
  username: string | undefined;
  password: string | undefined;
  db: number;
}

/** redis://[[user]:password@]host[:port][/db], or rediss:// for TLS (the forms ioredis accepts for the rest of the store). */
export function redisConnectionOptions(url: string): ConnectionOptions {
  const u = new URL(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`Not a Redis URL: ${u.protocol}`);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new Error(`Not a Redis database number: ${u.pathname.slice(1)}`);
  return {
    host: u.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    tls: u.protocol === 'rediss:',
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db,
  };
}

/** A command in RESP: an array of bulk strings (lengths in UTF-8 bytes). */
export function encodeCommand(args: ReadonlyArray<string | number>): string {
  let out = `*${args.length}\r\n`;
  for (const arg of args) {
    const s = typeof arg === 'number' ? String(arg) : arg;
    out += `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
  }
  return out;
}

const INCOMPLETE = Symbol('incomplete');
const CR = 13;

/** Reads RESP2 replies from the chunks a socket delivers; a reply split across chunks waits for the rest. */
export class ReplyReader {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;

  push(chunk: Buffer): void {
    this.buf = this.pos < this.buf.length ? Buffer.concat([this.buf.subarray(this.pos), chunk]) : chunk;
    this.pos = 0;
  }

  /** The next whole reply (an error reply as a RedisCommandError), or INCOMPLETE until more has arrived. */
  next(): RedisReply | RedisCommandError | typeof INCOMPLETE {
    const start = this.pos;
    const reply = this.read();
    if (reply === INCOMPLETE) this.pos = start;
    return reply;
  }

  private line(): { from: number; to: number } | typeof INCOMPLETE {
    const from = this.pos + 1;
    const to = this.buf.indexOf(CR, from);
    if (to === -1 || to + 1 >= this.buf.length) return INCOMPLETE;
    this.pos = to + 2;
    return { from, to };
  }

  private int(from: number, to: number): number {
    let n = 0;
    let sign = 1;
    let i = from;
    if (this.buf[i] === 45) {
      sign = -1;
      i++;
    }
    for (; i < to; i++) n = n * 10 + (this.buf[i] - 48);
    return sign * n;
  }

  private read(): RedisReply | RedisCommandError | typeof INCOMPLETE {
    if (this.pos >= this.buf.length) return INCOMPLETE;
    const type = this.buf[this.pos];
    const line = this.line();
    if (line === INCOMPLETE) return INCOMPLETE;
    switch (type) {
      case 43: // + simple string
        return this.buf.toString('utf8', line.from, line.to);
      case 45: // - error
        return new RedisCommandError(this.buf.toString('utf8', line.from, line.to));
      case 58: // : integer
        return this.int(line.from, line.to);
      case 36: {
        // $ bulk string
        const length = this.int(line.from, line.to);
        if (length < 0) return null;
        if (this.pos + length + 2 > this.buf.length) return INCOMPLETE;
        const s = this.buf.toString('utf8', this.pos, this.pos + length);
        this.pos += length + 2;
        return s;
      }
      case 42: {
        // * array
        const length = this.int(line.from, line.to);
        if (length < 0) return null;
        const items: RedisReply[] = [];
        for (let i = 0; i < length; i++) {
          const item = this.read();
          if (item === INCOMPLETE) return INCOMPLETE;
          if (item instanceof RedisCommandError) return item;
          items.push(item);
        }
        return items;
      }
      default:
        throw new RedisCommandError(`Unexpected byte ${type} in a Redis reply`);
    }
  }
}

interface Waiting {
  resolve(reply: RedisReply): void;
  reject(error: Error): void;
}

const CONNECT_TIMEOUT_MS = 5000;

/** A pipelined connection for one Lua script. */
export class RedisScriptPipe {
  private readonly options: ConnectionOptions;
  private readonly sha: string;
  private socket: Socket | null = null;
  private connected = false;
  private waiting: Waiting[] = [];
  private head = 0;
  private outgoing = '';
  private flushScheduled = false;
  private closed = false;
  private reader = new ReplyReader();

  constructor(
    url: string,
    private readonly script: string,
  ) {
    this.options = redisConnectionOptions(url);
    this.sha = createHash('sha1').update(script).digest('hex');
  }

  /** Runs the script with these keys and arguments; resolves to its reply. */
  run(keys: readonly string[], args: ReadonlyArray<string | number>): Promise<RedisReply> {
    return this.send(['EVALSHA', this.sha, keys.length, ...keys, ...args]).catch((error: unknown) => {
      // Redis restarted or flushed its script cache: send the script itself, once.
      if (error instanceof RedisCommandError && error.message.startsWith('NOSCRIPT')) return this.send(['EVAL', this.script, keys.length, ...keys, ...args]);
      throw error;
    });
  }

  /** Stops after the commands already sent are answered. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.head < this.waiting.length) await this.send(['PING']).catch(() => undefined);
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    socket?.end();
  }

  private send(args: ReadonlyArray<string | number>): Promise<RedisReply> {
    if (this.closed && args[0] !== 'PING') return Promise.reject(new RedisCommandError('The Redis connection is closed.'));
    return new Promise<RedisReply>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.outgoing += encodeCommand(args);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    if (!this.socket) this.open();
    if (!this.connected || !this.outgoing) return; // written once connected
    this.socket!.write(this.outgoing);
    this.outgoing = '';
  };

  private open(): void {
    const { host, port, tls, username, password, db } = this.options;
    // SNI names a host, never an address (RFC 6066).
    const socket = tls ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }) }) : netConnect({ host, port });
    this.socket = socket;
    this.reader = new ReplyReader();
    socket.setNoDelay(true);
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error(`Redis at ${host}:${port} did not answer within ${CONNECT_TIMEOUT_MS} ms`)));
    // The handshake goes first, ahead of the commands already waiting.
    let hello = '';
    const handshake: Waiting[] = [];
    const fail = (e: Error) => socket.destroy(e);
    if (password !== undefined) {
      hello += encodeCommand(username !== undefined ? ['AUTH', username, password] : ['AUTH', password]);
      handshake.push({ resolve: () => undefined, reject: fail });
    }
    if (db !== 0) {
      hello += encodeCommand(['SELECT', db]);
      handshake.push({ resolve: () => undefined, reject: fail });
    }
    this.waiting = [...handshake, ...this.waiting.slice(this.head)];
    this.head = 0;
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      this.connected = true;
      socket.write(hello + this.outgoing);
      this.outgoing = '';
    });
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    let failure: Error | undefined;
    socket.on('error', (e) => (failure = e)); // 'close' follows and fails what was waiting
    socket.once('close', () => this.broken(socket, failure));
  }

  private received(chunk: Buffer): void {
    this.reader.push(chunk);
    for (;;) {
      const reply = this.reader.next();
      if (reply === INCOMPLETE) return;
      const w = this.waiting[this.head++];
      if (!w) return void this.socket?.destroy(new Error('Redis sent a reply nobody asked for'));
      if (reply instanceof RedisCommandError) w.reject(reply);
      else w.resolve(reply);
      if (this.head === this.waiting.length) {
        this.waiting = [];
        this.head = 0;
      } else if (this.head >= 1024) {
        // Under constant load the queue may never run empty: drop the answered part now and then.
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
    }
  }

  private broken(socket: Socket, cause: Error | undefined): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.connected = false;
    const failed = this.waiting.slice(this.head);
    this.waiting = [];
    this.head = 0;
    this.outgoing = '';
    const error = new RedisCommandError(`The connection to Redis closed before it answered${cause ? ` (${cause.message})` : ''}.`);
    for (const w of failed) w.reject(error);
  }
}
