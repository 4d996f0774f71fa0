/**
 * One test layout: tests live under test/, mirroring src/ (test/unit/ledger/ for src/ledger/), their
 * helpers in their project's support/ folder (test/unit/support/, test/e2e/support/, ...), and the
 * unit project (`npm run test:unit`) starts no server, browser or Redis, so it runs anywhere, with
 * none of them installed. Tests that need sockets go to test/integration/, test/server/ or test/e2e/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** What a unit test may not import (a statement at the start of a line, or import()): each starts or reaches a server, a browser or Redis. */
const NOT_IN_UNIT = [/(node:)?(http|https|net|child_process)/, /playwright-core|puppeteer-core|ioredis|better-sqlite3/, /[./]+\/src\/server\/[^'"]*/].map(
  (module) => new RegExp(`(^(import|export)\\b[^'"]*from\\s*|\\bimport\\()['"](${module.source})['"/]`, 'm'),
);

describe('test layout', () => {
  it('keeps no test beside the code', () => {
    const beside = ['src', 'entrypoints'].flatMap(filesUnder).filter((f) => /\.test\.tsx?$/.test(f));
    expect(beside).toEqual([]);
  });

  it('keeps test helpers in support/ folders, and e2e scenarios in test/e2e/scenarios/', () => {
    const elsewhere = filesUnder('test')
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test/fixtures/'))
      .filter((f) => !f.split('/').includes('support') && !/^test\/e2e\/scenarios\/[^/]+\.scenario\.ts$/.test(f));
    expect(elsewhere).toEqual([]);
  });

  it('keeps servers, browsers and Redis out of the unit project', () => {
    const offending = filesUnder('test/unit')
      .filter((f) => /\.tsx?$/.test(f) && f !== 'test/unit/lint/test-layout.test.ts')
      .filter((f) => NOT_IN_UNIT.some((pattern) => pattern.test(readFileSync(join(root, f), 'utf8'))));
    expect(offending).toEqual([]);
  });
});
