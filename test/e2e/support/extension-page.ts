import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { EXTENSION_DIR } from './launch';

/** The build under test: the global setup's, or another one (FOOTPRINT_EXTENSION_DIR) when several builds run side by side. */
export const BUILT_EXTENSION = process.env.FOOTPRINT_EXTENSION_DIR ?? EXTENSION_DIR;

/** The slice of the extension API the tests call inside pages and the worker. */
export interface ChromeGlobal {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    action: { getBadgeText(details: object): Promise<string> };
    storage: Record<'local' | 'sync' | 'session', { get(keys: null): Promise<Record<string, unknown>> }>;
    permissions: { contains(p: { origins: string[] }): Promise<boolean> };
  };
}

/** An extension page from which tests talk to the worker the way the popup does. */
export interface ExtensionPage {
  page: Page;
  /** chrome.runtime.sendMessage({ type, data }): the worker's MessageResult. */
  send<T = unknown>(type: string, data: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
}

export async function openExtensionPage(context: BrowserContext, extensionId: string, path = 'popup.html'): Promise<ExtensionPage> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/${path}`);
  return {
    page,
    send: (type, data) =>
      page.evaluate(([t, d]) => (globalThis as unknown as ChromeGlobal).chrome.runtime.sendMessage({ type: t, data: d }), [type, data] as const) as never,
  };
}

/**
 * A copy of the built extension whose manifest is changed by `patch`, in a
 * throwaway directory (the build itself is never touched). Returns the
 * directory and a cleanup.
 */
export function patchedExtension(patch: (manifest: Record<string, unknown>) => void, from = BUILT_EXTENSION): { dir: string; remove(): void } {
  const dir = join(mkdtempSync(join(tmpdir(), 'footprint-ext-')), 'chrome-mv3');
  cpSync(from, dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  patch(manifest);
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  return { dir, remove: () => rmSync(join(dir, '..'), { recursive: true, force: true }) };
}

/** Stops the extension's service worker, as Chrome does when it is idle; the next event starts a fresh one. */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser for this context');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
    if (!sw) throw new Error('the extension has no running service worker');
    await cdp.send('Target.closeTarget', { targetId: sw.targetId });
  } finally {
    await cdp.detach();
  }
}

/**
 * Evaluates `expression` (a promise-returning JS expression) in the extension's content-script
 * world of `page` (the isolated world Chrome creates for the content script), through CDP.
 */
export async function evaluateInContentScript(page: Page, extensionId: string, expression: string): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const contexts: Array<{ id: number; origin: string; auxData?: { type?: string } }> = [];
    cdp.on('Runtime.executionContextCreated', (e) => contexts.push(e.context as (typeof contexts)[number]));
    await cdp.send('Runtime.enable'); // reports the contexts that already exist
    const world = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin === `chrome-extension://${extensionId}`);
    if (!world) throw new Error('the content script is not running in this page');
    const r = await cdp.send('Runtime.evaluate', { contextId: world.id, expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  } finally {
    await cdp.detach();
  }
}
