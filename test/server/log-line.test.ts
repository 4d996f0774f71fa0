import { pino } from 'pino';
import { expect, it } from 'vitest';
import { BlockStream, requestLineWriter, type RequestLine } from '../../src/server/log';

/** A pino logger as the service makes one, writing into an array. */
function capture(level = 'info') {
  const lines: string[] = [];
  const logger = pino({ level, base: { pid: 4242 }, messageKey: 'msg' }, { write: (s: string) => void lines.push(s) });
  return { logger, lines };
}

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

const SAMPLES: RequestLine[] = [
  { req_id: 'find-me-42', method: 'POST', route: '/api/v2/calculate', status: 200, ms: 1.234, key_id: 'key_0123456789ab', ip: '127.0.0.1' },
  { req_id: '6f1c3a5e-0000-4000-8000-000000000000', method: 'GET', route: 'unmatched', status: 404, ms: 0.05, key_id: null, ip: undefined },
  { req_id: 'a/b+c=d@e:f', method: undefined, route: '/problems/:slug', status: 500, ms: 12, key_id: null, ip: '::ffff:10.0.0.1' },
  { req_id: 'x', method: 'PO"ST\\', route: '/metrics', status: 401, ms: 0, key_id: 'key_"odd"', ip: '2001:db8::1' },
];

it("writes each request line exactly as pino's logger.info writes the same fields", () => {
  for (const sample of SAMPLES) {
    const viaPino = capture();
    viaPino.logger.info({ ...sample });
    const direct = capture();
    requestLineWriter(direct.logger)!(sample);
    expect(direct.lines).toHaveLength(1);
    expect(withoutTime(direct.lines[0])).toBe(withoutTime(viaPino.lines[0]));
    expect(JSON.parse(direct.lines[0]).time).toBeGreaterThan(0);
  }
});

it('writes no request lines when the level is above info', () => {
  expect(requestLineWriter(capture('warn').logger)).toBeNull();
});

it('hands lines to the file stream in blocks, in order, and the rest on flush', () => {
  const written: string[] = [];
  let synced = 0;
  const block = new BlockStream({ write: (s: string) => void written.push(s), flushSync: () => void synced++ }, 100);
  const lines = Array.from({ length: 25 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 7)}"}\n`);
  for (const line of lines) block.write(line);
  expect(written.length).toBeGreaterThan(1);
  expect(written.every((w) => w.length >= 100)).toBe(true);
  expect(written.join('')).toBe(lines.join('').slice(0, written.join('').length));
  block.flushSync();
  expect(written.join('')).toBe(lines.join(''));
  expect(synced).toBe(1);
  block.pass(); // nothing left: nothing written
  expect(written.join('')).toBe(lines.join(''));
});
