import { execFileSync } from 'node:child_process';

/** Browser tests run against the built extension: build both targets once per run. */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
}
