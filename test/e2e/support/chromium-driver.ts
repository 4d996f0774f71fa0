/** DriverBrowser for Debian's Chromium (playwright-core), on top of launch.ts. */
import type { Page } from 'playwright-core';
import type { DriverBrowser, DriverPage, LaunchOptions } from './driver';
import { BUILT_EXTENSION, patchedExtension } from './extension-page';
import { launchWithExtension, serveChatPage } from './launch';
import { screenshotPath } from './screenshots';

function chromiumPage(page: Page): DriverPage {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    waitForSelector: async (selector, timeout = 15_000) => void (await page.waitForSelector(selector, { timeout })),
    waitForFunction: async (fn, timeout = 15_000) => void (await page.waitForFunction(fn, null, { timeout })),
    fill: (selector, text) => page.locator(selector).fill(text),
    setInputFile: (selector, path) => page.locator(selector).setInputFiles(path),
    click: (selector) => page.locator(selector).click(),
    runScript: async (source) => void (await page.evaluate(source)),
    press: (key) => page.keyboard.press(key),
    text: async (selector) =>
      (
        (await page
          .locator(selector)
          .first()
          .textContent({ timeout: 1_000 })
          .catch(() => null)) ?? ''
      )
        .replace(/\s+/g, ' ')
        .trim(),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    screenshot: async (name, opts) => void (await page.screenshot({ path: screenshotPath(name), fullPage: opts?.fullPage ?? false })),
    close: () => page.close(),
  };
}

export async function launchChromiumDriver(opts: LaunchOptions = {}): Promise<DriverBrowser> {
  const extensionDir = BUILT_EXTENSION;
  // Chromium's permission prompt cannot be answered headless: a copy of the build lists the
  // origins as granted, so the popup's permissions.request resolves at once, as after "Allow".
  const patched = opts.preGrantedOrigins?.length
    ? patchedExtension((m) => {
        m.host_permissions = [...((m.host_permissions as string[]) ?? []), ...opts.preGrantedOrigins!];
      }, extensionDir)
    : null;
  const ext = await launchWithExtension({ extensionDir: patched?.dir ?? extensionDir });
  return {
    name: 'chromium',
    extensionOrigin: `chrome-extension://${ext.extensionId}`,
    serveChatPage: (origin, html) => serveChatPage(ext.context, origin, html),
    async open(url) {
      const page = await ext.context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return chromiumPage(page);
    },
    async close() {
      await ext.close();
      patched?.remove();
    },
  };
}
