/**
 * Typed transport over runtime messages. Envelopes are `{ type, data }`;
 * answers are result values, never thrown errors, so a failed handler reaches
 * the sender as `{ ok: false, error: { code, message } }`.
 */
import { browser } from 'wxt/browser';
import { CONTENT_SCRIPT_MESSAGES, protocol, type MessageType, type RequestOf, type ResponseOf } from './protocol';

export interface MessageError {
  code: string;
  message: string;
}
export type MessageResult<T> = { ok: true; value: T } | { ok: false; error: MessageError };

/** Who sent a message: the frame's URL and, for a content script, its tab and the tab's URL. */
export interface Sender {
  tabId?: number;
  url?: string;
  tabUrl?: string;
  /** The sender is one of the extension's own pages (it runs only this extension's code). */
  extensionPage?: boolean;
}

export type Handlers = { [T in MessageType]?: (data: RequestOf<T>, sender: Sender) => Promise<ResponseOf<T>> };

/** Told about every content-script message refused before any handler saw it (invalid, or over a limit of the schemas). */
export type OnRefused = (type: MessageType, data: unknown, error: MessageError, sender: Sender) => void;

/** Sends one message to the worker and validates the answer. Never throws. */
export async function sendMessage<T extends MessageType>(type: T, data: RequestOf<T>): Promise<MessageResult<ResponseOf<T>>> {
  try {
    return checkedAnswer(type, await browser.runtime.sendMessage({ type, data }));
  } catch (e) {
    return { ok: false, error: { code: 'SEND_FAILED', message: e instanceof Error ? e.message : String(e) } };
  }
}

/** Sends one message to the content script of the active tab and validates the answer. Never throws. */
export async function sendToActiveTab<T extends MessageType>(type: T, data: RequestOf<T>): Promise<MessageResult<ResponseOf<T>>> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    if (tab?.id === undefined) return { ok: false, error: { code: 'NO_RECEIVER', message: 'No active tab.' } };
    return checkedAnswer(type, await browser.tabs.sendMessage(tab.id, { type, data }));
  } catch (e) {
    // No content script in that tab: it is not a chat page the extension reads.
    return { ok: false, error: { code: 'NO_RECEIVER', message: e instanceof Error ? e.message : String(e) } };
  }
}

function checkedAnswer<T extends MessageType>(type: T, answer: unknown): MessageResult<ResponseOf<T>> {
  if (!answer || typeof answer !== 'object' || !('ok' in answer)) {
    return { ok: false, error: { code: 'NO_RECEIVER', message: `No answer to ${type}.` } };
  }
  const result = answer as MessageResult<unknown>;
  if (!result.ok) return result;
  const parsed = protocol[type].response.safeParse(result.value);
  if (!parsed.success) return { ok: false, error: { code: 'BAD_RESPONSE', message: `Invalid answer to ${type}.` } };
  return { ok: true, value: parsed.data as ResponseOf<T> };
}

/**
 * Registers the worker's listener. Call synchronously at start-up: `ready`
 * gates handlers until storage migrations have run, so no message is lost
 * while the worker wakes up.
 */
export function registerHandlers(handlers: Handlers, ready: Promise<unknown> = Promise.resolve(), onRefused?: OnRefused): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (!message || typeof message !== 'object' || !('type' in message)) return undefined;
    const { type, data } = message as { type: string; data: unknown };
    if (!(type in protocol)) return undefined;
    const handler = handlers[type as MessageType] as ((d: unknown, s: Sender) => Promise<unknown>) | undefined;
    if (!handler) return undefined;
    // Answered through sendResponse, kept open by returning true: Chrome takes a listener's promise
    // as its answer only from version 144 (MINIMUM_CHROME_VERSION is lower); Firefox takes both.
    void (async (): Promise<MessageResult<unknown>> => {
      const extensionPage = sender.url?.startsWith(browser.runtime.getURL('/')) ?? false;
      // A chat page (even a compromised one) must not export, wipe or repoint the ledger.
      if (!CONTENT_SCRIPT_MESSAGES.has(type) && !extensionPage) {
        return { ok: false, error: { code: 'FORBIDDEN_SENDER', message: `${type} is accepted only from the extension's own pages.` } };
      }
      const from: Sender = { tabId: sender.tab?.id, url: sender.url, tabUrl: sender.tab?.url, extensionPage };
      const parsed = protocol[type as MessageType].request.safeParse(data);
      if (!parsed.success) {
        // Over a limit of the schemas (src/domain/turns.ts MESSAGE_LIMITS): refused, never handled.
        const overLimit = parsed.error.issues.some((i) => i.code === 'too_big');
        const error = {
          code: overLimit ? 'OVER_LIMIT' : 'INVALID_MESSAGE',
          message: `${type}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        };
        if (CONTENT_SCRIPT_MESSAGES.has(type)) onRefused?.(type as MessageType, data, error, from);
        return { ok: false, error };
      }
      try {
        await ready;
        return { ok: true, value: await handler(parsed.data, from) };
      } catch (e) {
        const err = e as { code?: string; message?: string };
        return { ok: false, error: { code: err.code ?? 'HANDLER_FAILED', message: err.message ?? String(e) } };
      }
    })().then(sendResponse);
    return true;
  });
}
