/**
 * DriverBrowser for Debian's firefox-esr through puppeteer-core over WebDriver BiDi, with the
 * Firefox build installed as a temporary add-on (every non-optional permission granted).
 *
 * Nothing leaves this machine: network.dns.forceResolve sends every host name to 127.0.0.1,
 * Firefox's own background services are off, and chat pages are answered by request
 * interception (set per page; BiDi has no resourceType(), so isNavigationRequest() decides).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type KeyInput, type Page } from 'puppeteer-core';
import { FIREFOX_ESR } from '../../../scripts/support/system-programs';
import type { DriverBrowser, DriverPage } from './driver';
import { screenshotPath } from './screenshots';

export const FIREFOX_EXTENSION_DIR = resolve(process.env.FOOTPRINT_FIREFOX_EXTENSION_DIR ?? '.output/firefox-mv2');

/** Firefox's own traffic, off: remote settings, telemetry, captive portal, updates, safe browsing, DNS over HTTPS. */
export const QUIET_FIREFOX_PREFS: Record<string, string | number | boolean> = {
  'network.dns.forceResolve': '127.0.0.1',
  'network.trr.mode': 5,
  'network.dns.disablePrefetch': true,
  'network.prefetch-next': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'services.settings.server': 'http://127.0.0.1:9/',
  'extensions.blocklist.enabled': false,
  'extensions.update.enabled': false,
  'extensions.systemAddon.update.enabled': false,
  'extensions.getAddons.cache.enabled': false,
  'app.update.auto': false,
  'app.update.checkInstallTime': false,
  'app.normandy.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.unified': false,
  'toolkit.telemetry.archive.enabled': false,
  'toolkit.telemetry.server': '',
  'datareporting.healthreport.uploadEnabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'browser.ping-centre.telemetry': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'browser.safebrowsing.downloads.enabled': false,
  'browser.safebrowsing.downloads.remote.enabled': false,
  'browser.safebrowsing.blockedURIs.enabled': false,
  'browser.safebrowsing.provider.google4.updateURL': '',
  'browser.safebrowsing.provider.mozilla.updateURL': '',
  'browser.search.update': false,
  'browser.region.update.enabled': false,
  'browser.region.network.url': '',
  'geo.provider.network.url': '',
  'media.gmp-manager.updateEnabled': false,
  'messaging-system.rsexperimentloader.enabled': false,
  'browser.newtabpage.enabled': false,
};

/** Grants the optional permissions permissions.request asks for, without a doorhanger (still needs a real click). */
const EXTENSION_PREFS = { 'extensions.webextOptionalPermissionPrompts': false };

/** The page each chat origin serves (serveChatPage). */
type Served = Map<string, string>;

async function intercept(page: Page, served: Served): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (req: HTTPRequest) => {
    if (req.isInterceptResolutionHandled()) return;
    let origin: string;
    try {
      origin = new URL(req.url()).origin;
    } catch {
      return void req.continue();
    }
    const html = served.get(origin);
    if (html === undefined) return void req.continue(); // e.g. the loopback service; anything else fails at 127.0.0.1
    if (req.isNavigationRequest()) return void req.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return void req.respond({ status: 404, body: '' });
  });
}

function firefoxPage(page: Page, isExtensionUrl: (url: string) => boolean): DriverPage {
  let current = 'about:blank';
  // BiDi sends no navigation events for moz-extension:// pages: navigate the browsing context itself.
  const navigate = async (url: string) => {
    current = url;
    await page.bringToFront();
    if (isExtensionUrl(url)) {
      const context = (page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: string): Promise<unknown> } }).browsingContext;
      await context.navigate(url, 'complete');
    } else {
      await page.goto(url, { waitUntil: 'load' });
    }
  };
  return {
    goto: navigate,
    reload: () => navigate(current),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    async waitForSelector(selector, timeout = 15_000) {
      await page.bringToFront(); // background tabs are throttled to a poll every ~2 s
      await page.waitForSelector(selector, { timeout });
    },
    async waitForFunction(fn, timeout = 15_000) {
      await page.bringToFront();
      await page.waitForFunction(fn, { timeout, polling: 100 });
    },
    async fill(selector, text) {
      await page.bringToFront();
      await page.locator(selector).fill(text);
    },
    async setInputFile(selector, path) {
      await page.bringToFront();
      const input = await page.waitForSelector(selector);
      // WebDriver BiDi input.setFiles: the file as chosen in the file picker.
      await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(path);
    },
    async click(selector) {
      await page.bringToFront();
      await page.locator(selector).click();
    },
    runScript: async (source) => void (await page.evaluate(source)),
    async press(key) {
      await page.bringToFront();
      // Puppeteer names a chord's keys one by one: 'Shift+Tab' is Shift held down around Tab.
      const keys = key.split('+').map((k) => (k === 'Space' ? ' ' : k)) as KeyInput[];
      for (const k of keys.slice(0, -1)) await page.keyboard.down(k);
      await page.keyboard.press(keys.at(-1)!);
      for (const k of keys.slice(0, -1).reverse()) await page.keyboard.up(k);
    },
    text: async (selector) => ((await page.$eval(selector, (el) => el.textContent).catch(() => null)) ?? '').replace(/\s+/g, ' ').trim(),
    setViewport: (width, height) => page.setViewport({ width, height }),
    screenshot: async (name, opts) => void (await page.screenshot({ path: screenshotPath(name), fullPage: opts?.fullPage ?? false })),
    close: () => page.close(),
  };
}

export async function launchFirefoxDriver(): Promise<DriverBrowser> {
  const manifest = JSON.parse(readFileSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const uuid = randomUUID();
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_ESR.path,
    headless: true,
    args: ['--remote-allow-system-access'], // without it Firefox 153 refuses to open extension pages for automation
    extraPrefsFirefox: {
      ...QUIET_FIREFOX_PREFS,
      ...EXTENSION_PREFS,
      // Pins the moz-extension:// origin, so the tests know it before the add-on is installed.
      'extensions.webextensions.uuids': JSON.stringify({ [manifest.browser_specific_settings.gecko.id]: uuid }),
    },
  });
  try {
    await browser.installExtension(FIREFOX_EXTENSION_DIR);
  } catch (err) {
    await browser.close();
    throw err;
  }
  const extensionOrigin = `moz-extension://${uuid}`;
  const isExtensionUrl = (url: string) => url.startsWith(`${extensionOrigin}/`);
  const served: Served = new Map();
  return {
    name: 'firefox',
    extensionOrigin,
    async serveChatPage(origin, html) {
      served.set(origin, html);
    },
    async open(url) {
      const page = await browser.newPage();
      if (!isExtensionUrl(url)) await intercept(page, served);
      const driverPage = firefoxPage(page, isExtensionUrl);
      await driverPage.goto(url);
      return driverPage;
    },
    close: () => browser.close(),
  };
}
