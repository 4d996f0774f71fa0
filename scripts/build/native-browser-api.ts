/**
 * Content scripts and extension pages get the browser's own extension API object instead of
 * webextension-polyfill; only the worker keeps it (its message listeners answer with promises).
 *
 * WXT's content-script context (`ctx`) reads `browser.runtime.id` through `wxt/browser`, which the
 * polyfill module points at webextension-polyfill: about 9 KB of the content script's size budget,
 * for one property read. Firefox's `browser` and Chrome MV3's `chrome` both expose `runtime.id`,
 * and our own sender (src/tracking/send.ts) already uses the native promise API. The pages (popup,
 * welcome, methodology) call only promise-returning or synchronous APIs (storage, i18n, tabs,
 * runtime.sendMessage, permissions), and where Chrome has a native `browser` the polyfill hands
 * that back anyway, after its CommonJS wrapper has copied every API namespace (building each one):
 * about 2 ms of the popup's start.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const NATIVE = fileURLToPath(new URL('../../src/tracking/native-browser.ts', import.meta.url));

export function nativeBrowserApi(): Plugin {
  return {
    name: 'native-browser-api',
    enforce: 'pre',
    resolveId: (id) => (id === 'webextension-polyfill' ? NATIVE : null),
  };
}
