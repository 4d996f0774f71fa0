/**
 * Every error code the extension's worker reports (remote mode, ledger,
 * settings), and the ONE place that turns a code into a sentence for the user.
 * The popup imports `userMessage` from here; the worker uses it for
 * RemoteStatus.message and for its answers to the popup.
 */

export const WORKER_ERROR_SENTENCES = {
  // Remote configuration
  REMOTE_URL_INVALID: 'The service address is not a valid URL. Enter something like https://footprint.example.com.',
  REMOTE_URL_INSECURE: 'The service address must use https:// (plain http:// is allowed only for localhost and 127.0.0.1).',
  REMOTE_NO_KEY: 'Remote mode is on but no API key is saved. Enter your key, or turn remote mode off.',
  REMOTE_NO_URL: 'Remote mode is on but no service address is saved.',
  REMOTE_PERMISSION_MISSING: 'The extension has no permission to reach the service. Save the settings again and allow access when the browser asks.',
  REMOTE_OFF: 'Remote mode is off: footprints are computed on this device.',
  // Remote calls
  REMOTE_UNAUTHORIZED:
    'The service rejected your API key. Remote mode is paused until you enter a valid key; footprints are computed on this device meanwhile.',
  REMOTE_QUOTA: "Your plan's monthly quota is used up. Footprints are computed on this device until the quota resets.",
  REMOTE_TIMEOUT: 'The service did not answer within 5 seconds. The footprint was computed on this device and will be sent again later.',
  REMOTE_NETWORK: 'The service could not be reached. The footprint was computed on this device and will be sent again later.',
  REMOTE_SERVER_ERROR: 'The service had an internal error. The footprint was computed on this device and will be sent again later.',
  REMOTE_INVALID_ANSWER: 'The service sent an answer the extension could not use. The footprint was computed on this device and will be sent again later.',
  REMOTE_REJECTED: 'The service refused the request. The footprint was computed on this device.',
  // Ledger and settings
  INVALID_REGION: 'That region is not one of the 14 regions the extension knows.',
  INVALID_MODEL: 'That model key is not in the model table.',
  INVALID_PLAN: 'That site publishes no context window for that plan.',
  INVALID_TOKENS: 'The turn had token counts the calculation cannot use.',
  LEDGER_CORRUPT: 'Stored usage data could not be read. Export what you can and delete all data to start again.',
  STORAGE_FAILED: 'The browser refused to store usage data (storage may be full).',
} as const;

export type WorkerErrorCode = keyof typeof WORKER_ERROR_SENTENCES;

/** A sentence for the user. Unknown codes fall back to the detail (or a generic sentence); never throws. */
export function userMessage(code: string | null | undefined, detail?: string | null): string {
  if (code && code in WORKER_ERROR_SENTENCES) return WORKER_ERROR_SENTENCES[code as WorkerErrorCode];
  return detail || 'Something went wrong.';
}

/** An error value with a code; thrown only at the message boundary, where messaging.ts turns it back into a value. */
export class CodedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
