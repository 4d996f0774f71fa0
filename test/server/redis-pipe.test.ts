import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { encodeCommand, RedisCommandError, redisConnectionOptions, RedisScriptPipe, ReplyReader } from '../../src/server/store/redis-pipe';
import { REDIS_SERVER } from '../../scripts/support/system-programs';
import { freePort } from './support/ports';
import { startRedis } from './support/redis';

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = new Socket();
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => (s.destroy(), resolve(false)));
    s.connect(port, '127.0.0.1');
  });

const ECHO = "return {ARGV[1], tonumber(ARGV[2]), redis.call('INCR', KEYS[1])}";

describe('RESP encoding and decoding', () => {
  it('counts bulk string lengths in UTF-8 bytes', () => {
    expect(encodeCommand(['SET', 'k', 'é€', 42])).toBe('*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\né€\r\n$2\r\n42\r\n');
  });

  it('reads every reply type, also when a reply arrives split at any byte', () => {
    const wire = Buffer.from('+OK\r\n-ERR wrong\r\n:-12\r\n$5\r\né€\r\n$-1\r\n*3\r\n$7\r\ncharged\r\n:7\r\n*1\r\n$0\r\n\r\n*-1\r\n');
    const expected = ['OK', 'ERR wrong', -12, 'é€', null, ['charged', 7, ['']], null];
    for (let cut = 1; cut < wire.length; cut++) {
      const reader = new ReplyReader();
      const got: unknown[] = [];
      for (const chunk of [wire.subarray(0, cut), wire.subarray(cut)]) {
        reader.push(chunk);
        for (let r = reader.next(); typeof r !== 'symbol'; r = reader.next()) got.push(r instanceof RedisCommandError ? r.message : r);
      }
      expect(got, `split at ${cut}`).toEqual(expected);
    }
  });

  it('takes host, port, credentials, database and TLS from the URL', () => {
    expect(redisConnectionOptions('redis://127.0.0.1:6380/2')).toEqual({
      host: '127.0.0.1',
      port: 6380,
      tls: false,
      username: undefined,
      password: undefined,
      db: 2,
    });
    expect(redisConnectionOptions('rediss://user:p%40ss@[::1]')).toMatchObject({
      host: '::1',
      port: 6379,
      tls: true,
      username: 'user',
      password: 'p@ss',
      db: 0,
    });
    expect(redisConnectionOptions('redis://:secret@localhost:7000')).toMatchObject({ username: undefined, password: 'secret' });
    expect(() => redisConnectionOptions('http://localhost')).toThrow(/Not a Redis URL/);
  });
});

describe('a script pipe against redis-server', () => {
  it('pipelines many calls of the script and answers each its own reply, in order', async () => {
    const redis = await startRedis();
    const pipe = new RedisScriptPipe(redis.url, ECHO);
    try {
      const replies = await Promise.all(Array.from({ length: 200 }, (_, i) => pipe.run(['counter'], [`call-${i}-${'ü'.repeat(i)}`, i])));
      replies.forEach((r, i) => expect(r).toEqual([`call-${i}-${'ü'.repeat(i)}`, i, i + 1]));
    } finally {
      await pipe.close();
      await redis.stop();
    }
  });

  it('sends the script itself when Redis has lost it (NOSCRIPT), then runs it by hash again', async () => {
    const redis = await startRedis();
    const pipe = new RedisScriptPipe(redis.url, ECHO);
    const admin = new Redis(redis.url);
    try {
      expect(await pipe.run(['c'], ['a', 1])).toEqual(['a', 1, 1]); // a fresh Redis: NOSCRIPT, then EVAL
      const evals = async () => Number(/cmdstat_eval:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0);
      const before = await evals();
      await admin.script('FLUSH');
      expect(await pipe.run(['c'], ['b', 2])).toEqual(['b', 2, 2]);
      expect(await pipe.run(['c'], ['c', 3])).toEqual(['c', 3, 3]);
      expect((await evals()) - before).toBe(1);
    } finally {
      admin.disconnect();
      await pipe.close();
      await redis.stop();
    }
  });

  it('rejects the calls waiting on a connection that breaks, and reconnects for the next call', async () => {
    const redis = await startRedis();
    const pipe = new RedisScriptPipe(redis.url, 'return redis.call("PING")');
    const admin = new Redis(redis.url);
    try {
      expect(await pipe.run([], [])).toBe('PONG');
      await admin.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      // Until the pipe notices, a call may go out on the dead socket: it fails, it is never silently retried.
      const outcome = await pipe.run([], []).then(
        (r) => r,
        (e: Error) => e,
      );
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(RedisCommandError);
      expect(await pipe.run([], [])).toBe('PONG');
    } finally {
      admin.disconnect();
      await pipe.close();
      await redis.stop();
    }
  });

  it('fails a call at once when Redis is not there', async () => {
    const pipe = new RedisScriptPipe(`redis://127.0.0.1:${await freePort()}`, ECHO);
    await expect(pipe.run(['k'], ['x', 1])).rejects.toThrow(/closed before it answered \(connect ECONNREFUSED/);
    await pipe.close();
  });

  it('authenticates and selects the database from the URL', async () => {
    const port = await freePort();
    const child = spawn(REDIS_SERVER.path, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--requirepass', 's3cret'], {
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    const admin = new Redis(`redis://:s3cret@127.0.0.1:${port}/3`, { lazyConnect: true });
    try {
      for (let i = 0; !(await portOpen(port)); i++) {
        if (i > 100) throw new Error('redis-server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
      await admin.connect();
      const pipe = new RedisScriptPipe(`redis://:s3cret@127.0.0.1:${port}/3`, ECHO);
      expect(await pipe.run(['in-db-3'], ['x', 1])).toEqual(['x', 1, 1]);
      expect(await admin.get('in-db-3')).toBe('1');
      await pipe.close();
      const wrong = new RedisScriptPipe(`redis://:wrong@127.0.0.1:${port}/3`, ECHO);
      await expect(wrong.run(['k'], ['x', 1])).rejects.toThrow(/WRONGPASS|invalid password|NOAUTH/i);
      await wrong.close();
    } finally {
      admin.disconnect();
      child.kill('SIGTERM');
      await exited;
    }
  });
});
