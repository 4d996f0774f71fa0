/**
 * Remote mode's state machine: what a call's outcome makes of the last known
 * state (persisted as the `remoteState` item: the worker may stop at any time),
 * and the popup's view of it. The one failure -> state mapping lives here.
 */
import type { RemoteStatus } from '../domain/popup';
import type { RemoteState } from '../domain/remote';
import type { Settings } from '../domain/settings';
import { userMessage } from '../domain/errors';
import type { RemoteFailure, RemoteSuccess } from './client';

/** Remote calls are paused after a rejected key (until reconfigured) or a used-up quota (until it resets). */
export function isPaused(s: RemoteState, now: number): boolean {
  if (s.state === 'unauthorized') return true;
  return s.state === 'quota' && (s.pausedUntil === null || now < s.pausedUntil);
}

/** Start of the next calendar month in UTC, when plans' quotas reset. */
function nextUtcMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function toRemoteStatus(settings: Settings, hasKey: boolean, s: RemoteState, queued: number, now: number): RemoteStatus {
  const base = { enabled: settings.remote.enabled, baseUrl: settings.remote.baseUrl, hasKey, plan: s.plan, remaining: s.remaining, queued };
  const fine = { ...base, code: null, message: null };
  if (!settings.remote.enabled) return { ...fine, state: 'off' };
  if (s.state === 'quota' && !isPaused(s, now)) return { ...fine, state: 'ok' };
  if (s.state === 'idle' || s.state === 'ok') return { ...fine, state: 'ok' };
  return { ...base, state: s.state, code: s.code, message: userMessage(s.code, s.detail) };
}

/** After a call the service answered. Quota figures the answer lacks keep their last known values. */
export function stateAfterSuccess(prev: RemoteState, s: Pick<RemoteSuccess, 'plan' | 'limit' | 'remaining'>, now: number): RemoteState {
  return {
    state: 'ok',
    code: null,
    detail: null,
    plan: s.plan,
    limit: s.limit ?? prev.limit,
    remaining: s.remaining ?? prev.remaining,
    pausedUntil: null,
    at: now,
  };
}

/** Not sent because the configuration cannot be used (address, key, permission): degraded, computing locally. */
export function stateNotSent(prev: RemoteState, code: string, detail: string | null, now: number): RemoteState {
  return { ...prev, state: 'degraded', code, detail, pausedUntil: null, at: now };
}

/**
 * After a failed call: a rejected key pauses until reconfigured, a used-up
 * quota until it resets (the service's time, else the next UTC month), any
 * other failure degrades to local computing.
 */
export function stateAfterFailure(prev: RemoteState, f: RemoteFailure, now: number): RemoteState {
  const base = { ...prev, code: f.code, detail: f.message, limit: f.limit ?? prev.limit, remaining: f.remaining ?? prev.remaining, pausedUntil: null, at: now };
  if (f.code === 'REMOTE_UNAUTHORIZED') return { ...base, state: 'unauthorized' };
  if (f.code === 'REMOTE_QUOTA') return { ...base, state: 'quota', remaining: 0, pausedUntil: f.retryAt ?? nextUtcMonth(now) };
  return { ...base, state: 'degraded' };
}
