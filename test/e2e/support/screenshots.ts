/**
 * Where the browser tests save their screenshots: the one place that decides it. By default in
 * test/e2e/.screenshots/ (ignored by git), so a test run leaves the tree clean; with
 * UPDATE_SCREENSHOTS=1 (`npm run screenshots`) in test/e2e/screenshots/, the committed pictures
 * (the README shows one), refreshed on purpose.
 */
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMMITTED_SCREENSHOTS = fileURLToPath(new URL('../screenshots', import.meta.url));
export const SCRATCH_SCREENSHOTS = fileURLToPath(new URL('../.screenshots', import.meta.url));

/** True when this run refreshes the committed screenshots. */
export const UPDATING_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** The folder this run saves screenshots in (created if missing). */
export const SCREENSHOTS = UPDATING_SCREENSHOTS ? COMMITTED_SCREENSHOTS : SCRATCH_SCREENSHOTS;
mkdirSync(SCREENSHOTS, { recursive: true });

/** The path to save screenshot `name` (a file name such as `popup-light.png`; any folder in it is dropped). */
export function screenshotPath(name: string): string {
  return resolve(SCREENSHOTS, basename(name));
}
