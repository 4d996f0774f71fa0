/** Remote mode's records: what is sent (counts only), its last known state, and the retry queue. */
import { findModel } from '../core/tables';

/** One calculation request to the service. Only counts ever leave the browser. */
export interface RemoteRequest {
  model: string;
  input_tokens: number;
  output_tokens: number;
  region: string;
  /** Wh per 1,000 tokens, sent only with model `custom` (the specification requires it there). */
  custom_wh_per_1k?: number;
}

/**
 * The request body the calculation takes, locally and on the service: image models count images in
 * `tokens` (the image-gen record keeps its image count in `output_tokens`), every other model takes
 * input and output tokens.
 */
export function calculationBody(req: RemoteRequest): Record<string, string | number> {
  if (findModel(req.model)?.unit === 'wh_per_image') return { model: req.model, tokens: req.output_tokens, region: req.region };
  return { ...req };
}

/** Remote mode's last known state (persisted: the worker may stop at any time). */
export interface RemoteState {
  /** idle: configured, no call yet. */
  state: 'idle' | 'ok' | 'unauthorized' | 'quota' | 'degraded';
  code: string | null;
  detail: string | null;
  plan: string | null;
  limit: number | null;
  remaining: number | null;
  /** Quota: remote calls resume at this time (ms since epoch). */
  pausedUntil: number | null;
  at: number;
}

export const INITIAL_REMOTE_STATE: RemoteState = {
  state: 'idle',
  code: null,
  detail: null,
  plan: null,
  limit: null,
  remaining: null,
  pausedUntil: null,
  at: 0,
};

/** A turn computed locally because the service failed, waiting to be sent again. */
export interface RetryItem {
  turnId: string;
  /** The turn's revision the request is of (each revision has its own Idempotency-Key); absent for the first. */
  revision?: number;
  /** The ledger day holding the turn. */
  day: string;
  request: RemoteRequest;
  /** Sends so far, the first (failed) one included. */
  attempts: number;
  nextAt: number;
}

export interface RetryQueue {
  items: RetryItem[];
  /** Items dropped (queue full or too many attempts): they keep their local numbers. */
  dropped: number;
}

export const EMPTY_RETRY_QUEUE: RetryQueue = { items: [], dropped: 0 };
