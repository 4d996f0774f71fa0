/**
 * Remote mode of the built extension in Chromium against the project's own
 * service, started in this process on 127.0.0.1.
 *
 * Host permission: the extension asks for the service origin as an optional
 * host permission from the popup (a user gesture), and Playwright cannot
 * answer the browser's prompt. So the remote tests load a COPY of the build
 * whose manifest lists http://127.0.0.1/* under host_permissions, i.e. the
 * permission already granted; the real build is used unchanged to check the
 * "permission missing" error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PopupState, RemoteStatus } from '../../src/domain';
import { userMessage } from '../../src/domain/errors';
import { startService, type RunningService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { launchWithExtension, serveChatPage, type LaunchedExtension } from './support/launch';
import { BUILT_EXTENSION, evaluateInContentScript, openExtensionPage, patchedExtension, type ChromeGlobal, type ExtensionPage } from './support/extension-page';

let service: RunningService;
let dbDir: string;
let key: string;

const turn = (turnId: string) => ({
  site: 'chatgpt',
  conversationId: 'remote-e2e',
  turnId,
  modelLabel: 'GPT-4o',
  promptText: 'What is the carbon intensity of the Swedish grid?',
  answerText: 'About 40 gCO2e per kWh, mostly hydro and nuclear.',
  finishedAt: Date.now(),
});

async function state(page: ExtensionPage): Promise<PopupState> {
  const r = await page.send<PopupState>('popup/state', {});
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

beforeAll(async () => {
  dbDir = mkdtempSync(join(tmpdir(), 'footprint-remote-e2e-'));
  service = await startService({ host: '127.0.0.1', port: 0, dbPath: join(dbDir, 'keys.sqlite') });
  key = (await createApiKey(service.store, 'basic', 'e2e')).key;
});
afterAll(async () => {
  await service?.close();
  rmSync(dbDir, { recursive: true, force: true });
});

describe('remote mode with the origin permitted', () => {
  let ext: LaunchedExtension;
  let page: ExtensionPage;
  let build: { dir: string; remove(): void };

  beforeAll(async () => {
    build = patchedExtension((m) => {
      m.host_permissions = [...((m.host_permissions as string[]) ?? []), 'http://127.0.0.1/*'];
    });
    ext = await launchWithExtension({ extensionDir: build.dir });
    page = await openExtensionPage(ext.context, ext.extensionId);
  });
  afterAll(async () => {
    await ext?.close();
    build?.remove();
  });

  it('saves the configuration and keeps the key out of every storage area content scripts can read', async () => {
    const r = await page.send<RemoteStatus>('remote/configure', { enabled: true, baseUrl: service.url, apiKey: key });
    expect(r).toMatchObject({ ok: true, value: { enabled: true, baseUrl: service.url, hasKey: true, state: 'ok' } });
    const areas = await page.page.evaluate(async () => {
      const { chrome } = globalThis as unknown as ChromeGlobal;
      return JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.sync.get(null), await chrome.storage.session.get(null)]);
    });
    expect(areas).not.toContain(key);
    // It is in the extension origin's IndexedDB, which pages and content scripts (page origin) cannot open.
    const stored = await page.page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('footprint-secrets');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('secrets').objectStore('secrets').get('remote-api-key');
            get.onsuccess = () => resolve(get.result);
          };
        }),
    );
    expect(stored).toBe(key);
  });

  it("cannot be read from the content script's world on a chat page", async () => {
    await serveChatPage(ext.context, 'https://chatgpt.com', '<!doctype html><html><body><main></main></body></html>');
    const chat = await ext.context.newPage();
    await chat.goto('https://chatgpt.com/c/remote-e2e');
    await expect.poll(() => evaluateInContentScript(chat, ext.extensionId, '1').catch(() => null)).toBe(1);
    const seen = await evaluateInContentScript(
      chat,
      ext.extensionId,
      `Promise.all([
        chrome.storage.local.get(null).then(JSON.stringify),
        new Promise((resolve) => {
          const open = indexedDB.open('footprint-secrets');
          open.onsuccess = () => resolve([...open.result.objectStoreNames].join(','));
          open.onerror = () => resolve('error');
        }),
      ])`,
    );
    const [storageText, stores] = seen as [string, string];
    expect(storageText).toContain('settings'); // the content script does read storage.local...
    expect(storageText).not.toContain(key); // ...where the key is not
    expect(stores).toBe(''); // the page origin's IndexedDB, not the extension's: no secrets store
    await chat.close();
  });

  it('remote/test shows the plan and the remaining monthly quota', async () => {
    const r = await page.send('remote/test', {});
    expect(r).toMatchObject({ ok: true, value: { ok: true, plan: 'basic', limit: 100, remaining: 99 } });
  });

  it('computes turns on the service and records the plan', async () => {
    await page.send('turn/completed', turn('remote-1'));
    const s = await state(page);
    expect(s.lastTurn).toMatchObject({ turnId: 'remote-1', computedBy: 'remote', plan: 'basic' });
    expect(s.remote).toMatchObject({ state: 'ok', plan: 'basic', remaining: 98, queued: 0 });
  });

  it('falls back to a local number when the service is down, and sends it again when it is back', async () => {
    const port = new URL(service.url).port;
    await service.close();
    await page.send('turn/completed', turn('remote-2'));
    let s = await state(page);
    expect(s.lastTurn).toMatchObject({ turnId: 'remote-2', computedBy: 'local-fallback', plan: 'local' });
    expect(s.remote).toMatchObject({ state: 'degraded', queued: 1, message: userMessage('REMOTE_NETWORK') });

    service = await startService({ host: '127.0.0.1', port: Number(port), dbPath: join(dbDir, 'keys.sqlite') });
    // The retry alarm fires after the first backoff (30 s, Chrome's minimum alarm delay).
    await expect.poll(async () => (await state(page)).lastTurn?.computedBy, { timeout: 75_000, interval: 2_000 }).toBe('remote');
    s = await state(page);
    expect(s.remote).toMatchObject({ state: 'ok', queued: 0 });
    expect(s.totals.allTime.turns).toBe(2);
  }, 100_000);

  it('pauses remote mode when the key is rejected and says so', async () => {
    await page.send('remote/configure', { enabled: true, baseUrl: service.url, apiKey: 'fp_revoked-or-wrong' });
    await page.send('turn/completed', turn('remote-3'));
    const s = await state(page);
    expect(s.lastTurn).toMatchObject({ turnId: 'remote-3', computedBy: 'local' });
    expect(s.remote).toMatchObject({ state: 'unauthorized', message: userMessage('REMOTE_UNAUTHORIZED') });
  });

  it('refuses a plain-http service that is not on this machine', async () => {
    const r = await page.send('remote/configure', { enabled: true, baseUrl: 'http://footprint.example.com' });
    expect(r).toMatchObject({ ok: false, error: { code: 'REMOTE_URL_INSECURE' } });
  });
});

describe('remote mode without the host permission (the build as shipped)', () => {
  it('reports the missing permission and computes locally', async () => {
    const ext = await launchWithExtension({ extensionDir: BUILT_EXTENSION });
    try {
      const page = await openExtensionPage(ext.context, ext.extensionId);
      const r = await page.send<RemoteStatus>('remote/configure', { enabled: true, baseUrl: service.url, apiKey: key });
      expect(r).toMatchObject({ ok: true, value: { state: 'degraded', message: userMessage('REMOTE_PERMISSION_MISSING') } });
      expect(await page.send('remote/test', {})).toMatchObject({ ok: true, value: { ok: false, code: 'REMOTE_PERMISSION_MISSING' } });
      await page.send('turn/completed', turn('no-permission'));
      expect((await state(page)).lastTurn).toMatchObject({ computedBy: 'local' });
    } finally {
      await ext.close();
    }
  });
});
