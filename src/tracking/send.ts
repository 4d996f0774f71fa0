/**
 * The content script's sender. Same envelope and result values as `sendMessage` in
 * src/messaging/messaging.ts, without validating answers with the protocol's zod schemas: zod
 * would multiply the content script's size (budget: README, Performance), and the content script
 * only needs to know whether the worker acknowledged. The worker validates every request.
 */
import { browser } from 'wxt/browser';
import type { MessageResult } from '../messaging/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../messaging/protocol';

export async function sendToWorker<T extends MessageType>(type: T, data: RequestOf<T>): Promise<MessageResult<ResponseOf<T>>> {
  try {
    const answer = (await browser.runtime.sendMessage({ type, data })) as MessageResult<ResponseOf<T>> | undefined;
    if (!answer || typeof answer !== 'object' || typeof answer.ok !== 'boolean') {
      return { ok: false, error: { code: 'NO_RECEIVER', message: `No answer to ${type}.` } };
    }
    return answer;
  } catch (e) {
    return { ok: false, error: { code: 'SEND_FAILED', message: e instanceof Error ? e.message : String(e) } };
  }
}

/**
 * Answers the popup's `page/report` (src/messaging/protocol.ts) with the report `build` makes; the
 * popup validates it. `build` runs only when asked (it loads the report's module then), so the report
 * costs nothing otherwise; the answer goes once it is made, the channel kept open until then.
 */
export function answerPageReports(build: (extensionVersion: string) => Promise<unknown>): void {
  browser.runtime.onMessage.addListener((message, _sender, sendResponse) => {
    if ((message as { type?: unknown } | null)?.type !== 'page/report') return undefined;
    Promise.resolve(browser.runtime.getManifest().version)
      .then(build)
      .then(
        (report) => sendResponse({ ok: true, value: { report: JSON.stringify(report, null, 1) } }),
        (e: unknown) => sendResponse({ ok: false, error: { code: 'REPORT_FAILED', message: e instanceof Error ? e.message : String(e) } }),
      );
    return true;
  });
}
