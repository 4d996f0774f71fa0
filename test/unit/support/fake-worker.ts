/**
 * A stand-in for the background worker in component tests: WXT's fake browser
 * does not pass a listener's promised answer back to runtime.sendMessage, so
 * the tests replace `sendMessage` with this. Requests and answers are still
 * validated with the real protocol schemas, as the real transport does.
 */
import { protocol, type MessageType, type RequestOf, type ResponseOf } from '../../../src/messaging/protocol';
import type { MessageError, MessageResult } from '../../../src/messaging/messaging';

type Handler<T extends MessageType> = (data: RequestOf<T>) => ResponseOf<T> | { error: MessageError } | Promise<ResponseOf<T> | { error: MessageError }>;
export type FakeHandlers = { [T in MessageType]?: Handler<T> };

export interface FakeWorker {
  calls: { type: MessageType; data: unknown }[];
  handlers: FakeHandlers;
  sendMessage<T extends MessageType>(type: T, data: RequestOf<T>): Promise<MessageResult<ResponseOf<T>>>;
  callsOf(type: MessageType): unknown[];
}

export function createFakeWorker(handlers: FakeHandlers): FakeWorker {
  const calls: FakeWorker['calls'] = [];
  return {
    calls,
    handlers,
    callsOf: (type) => calls.filter((c) => c.type === type).map((c) => c.data),
    async sendMessage(type, data) {
      const request = protocol[type].request.safeParse(data);
      if (!request.success) throw new Error(`popup sent an invalid ${type}: ${request.error.message}`);
      calls.push({ type, data: request.data });
      const handler = handlers[type] as Handler<typeof type> | undefined;
      if (!handler) return { ok: false, error: { code: 'NO_RECEIVER', message: `No answer to ${type}.` } };
      const answer = await handler(request.data as never);
      if (answer && typeof answer === 'object' && 'error' in answer) return { ok: false, error: answer.error };
      const parsed = protocol[type].response.safeParse(answer);
      if (!parsed.success) throw new Error(`fake worker answered ${type} with an invalid value: ${parsed.error.message}`);
      return { ok: true, value: parsed.data as ResponseOf<typeof type> };
    },
  };
}
