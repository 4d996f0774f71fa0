import { execFileSync } from 'node:child_process';

/**
 * Builds the Chrome extension into .output/chrome-mv3 before a bench measures
 * it, so a fresh clone can run any bench on its own. Skipped when the bench
 * was given another build's directory, or with SKIP_BUILD=1 (run-all builds
 * once and sets it for the benches it starts).
 */
export function buildExtensionUnlessGiven(givenDir: string | undefined): void {
  if (givenDir !== undefined || process.env.SKIP_BUILD === '1') return;
  // Hidden source maps: the scripts are the same bytes, and the CPU profiles can name our functions.
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, FOOTPRINT_SOURCEMAPS: '1' } });
}
