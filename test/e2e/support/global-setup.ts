import { execFileSync } from 'node:child_process';

/**
 * Browser tests run against the built extension: build both targets once per run, as the stores
 * get them. NODE_ENV is set because vitest sets it to `test`, which Vite would take over into the
 * build (Preact's devtools hooks included, which would make the popup chunk larger than the stores'
 * build and its size checks wrong).
 */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit', env });
}
