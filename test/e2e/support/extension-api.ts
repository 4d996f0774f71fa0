/**
 * What the shared scenarios ask the extension, from one of its own pages (a popup tab), the way
 * the popup does: runtime messages to the worker, storage, the toolbar badge, permissions. The
 * functions passed to evaluate() run in the page, so they take everything they use as arguments.
 */
import type { PopupState } from '../../../src/domain/popup';
import type { DriverPage } from './driver';

type Api = {
  runtime: { sendMessage(m: unknown): Promise<unknown> };
  storage: { local: { get(k: string | null): Promise<Record<string, unknown>> } };
  action?: { getBadgeText(d: object): Promise<string>; getBadgeBackgroundColor(d: object): Promise<number[]> };
  browserAction?: { getBadgeText(d: object): Promise<string>; getBadgeBackgroundColor(d: object): Promise<number[]> };
  permissions: { contains(p: { origins: string[] }): Promise<boolean>; getAll(): Promise<{ data_collection?: string[] }> };
};
/** Firefox pages have `browser` (promises); Chromium's MV3 `chrome` returns promises too. */
declare const browser: Api | undefined;
declare const chrome: Api;

export type MessageResult<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

export function send<T = unknown>(page: DriverPage, type: string, data: unknown): Promise<MessageResult<T>> {
  return page.evaluate(([t, d]) => (typeof browser !== 'undefined' ? browser : chrome).runtime.sendMessage({ type: t, data: d }) as Promise<MessageResult<T>>, [
    type,
    data,
  ] as const);
}

export async function popupState(page: DriverPage): Promise<PopupState> {
  const r = await send<PopupState>(page, 'popup/state', {});
  if (!r.ok) throw new Error(`popup/state: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function badgeText(page: DriverPage): Promise<string> {
  return page.evaluate(() => {
    const api = typeof browser !== 'undefined' ? browser : chrome;
    return (api.action ?? api.browserAction)!.getBadgeText({});
  }, null);
}

/**
 * Whether the badge's text shows `wh` Wh as far as its digits go: "3.5" is 3.45 to 3.55, "12" 11.5
 * to 12.5, "1.2k" 1,150 to 1,250, "<.1" under 0.05.
 */
export function badgeShowsWh(text: string, wh: number): boolean {
  if (text === '<.1') return wh > 0 && wh < 0.05;
  const m = /^(\d*)(?:\.(\d))?(k?)$/.exec(text);
  if (!m || text === '') return false;
  const scale = m[3] ? 1000 : 1;
  const shown = Number(`${m[1] || '0'}.${m[2] ?? '0'}`) * scale;
  const half = (m[2] !== undefined ? 0.05 : 0.5) * scale;
  return Math.abs(wh - shown) <= half + 1e-9;
}

/** The badge's background as [r, g, b, alpha]. */
export function badgeBackground(page: DriverPage): Promise<number[]> {
  return page.evaluate(() => {
    const api = typeof browser !== 'undefined' ? browser : chrome;
    return (api.action ?? api.browserAction)!.getBadgeBackgroundColor({});
  }, null);
}

export function storedValues(page: DriverPage): Promise<Record<string, unknown>> {
  return page.evaluate(() => (typeof browser !== 'undefined' ? browser : chrome).storage.local.get(null), null);
}

/**
 * One stored value: what a poll for one conversation needs. Polled several times a second, reading
 * the whole of storage instead made the browser serialize every conversation and total each time.
 */
export async function storedValue<T>(page: DriverPage, key: string): Promise<T | undefined> {
  const all = await page.evaluate((k) => (typeof browser !== 'undefined' ? browser : chrome).storage.local.get(k), key);
  return all[key] as T | undefined;
}

export function hasOrigin(page: DriverPage, pattern: string): Promise<boolean> {
  return page.evaluate((p) => (typeof browser !== 'undefined' ? browser : chrome).permissions.contains({ origins: [p] }), pattern);
}

/** The digits of a number as the popup shows it ("1,234" and "1 234" are 1234). */
export const digits = (text: string) => text.replace(/\D/g, '');

/** Firefox's granted data-collection categories (permissions.getAll().data_collection). */
export function grantedDataCollection(page: DriverPage): Promise<string[]> {
  return page.evaluate(async () => (await (typeof browser !== 'undefined' ? browser : chrome).permissions.getAll()).data_collection ?? [], null);
}
