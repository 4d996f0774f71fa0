/**
 * The popup's messages to the worker. The transport validates answers with
 * zod, the popup's largest dependency, so it is loaded on the first action,
 * not before the numbers are shown (those are read from storage).
 */
import type { MessageResult } from '../messaging/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../messaging/protocol';

export async function askWorker<T extends MessageType>(type: T, data: RequestOf<T>): Promise<MessageResult<ResponseOf<T>>> {
  const { sendMessage } = await import('../messaging/messaging');
  return sendMessage(type, data);
}
