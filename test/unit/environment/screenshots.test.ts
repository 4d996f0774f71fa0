/** Where the browser tests save screenshots (test/e2e/support/screenshots.ts): a test run leaves the committed pictures alone. */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const load = () => import('../../e2e/support/screenshots');

describe('the screenshot folder', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is an ignored folder by default, so a test run changes no tracked file', async () => {
    vi.stubEnv('UPDATE_SCREENSHOTS', '');
    const { SCREENSHOTS, SCRATCH_SCREENSHOTS, COMMITTED_SCREENSHOTS, screenshotPath } = await load();
    expect(SCREENSHOTS).toBe(SCRATCH_SCREENSHOTS);
    expect(SCREENSHOTS).not.toBe(COMMITTED_SCREENSHOTS);
    const ignored = readFileSync('.gitignore', 'utf8').split('\n');
    expect(ignored).toContain(`${relative(resolve('.'), SCRATCH_SCREENSHOTS)}/`);
    expect(screenshotPath('popup-light.png')).toBe(resolve(SCRATCH_SCREENSHOTS, 'popup-light.png'));
    // A path written the old way still lands in the folder this run uses.
    expect(screenshotPath('test/e2e/screenshots/popup-light.png')).toBe(resolve(SCRATCH_SCREENSHOTS, 'popup-light.png'));
  });

  it('is the committed folder the README shows when UPDATE_SCREENSHOTS=1 (npm run screenshots)', async () => {
    vi.stubEnv('UPDATE_SCREENSHOTS', '1');
    const { SCREENSHOTS, COMMITTED_SCREENSHOTS, screenshotPath } = await load();
    expect(SCREENSHOTS).toBe(COMMITTED_SCREENSHOTS);
    const readme = readFileSync('README.md', 'utf8');
    const picture = /<img src="(test\/e2e\/screenshots\/[^"]+)"/.exec(readme)![1];
    expect(screenshotPath(picture.split('/').at(-1)!)).toBe(resolve(picture));
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.screenshots).toMatch(/^UPDATE_SCREENSHOTS=1 vitest run --project e2e/);
  });
});
