/** Remote mode's last known state (persisted: the worker may stop at any time) and the popup's view of it. */
import { storage } from 'wxt/utils/storage';
import type { RemoteStatus } from '../messaging/protocol';
import type { Settings } from '../storage/settings';
import { userMessage } from './errors';

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

export const remoteStateItem = storage.defineItem<RemoteState>('local:remote-state', { fallback: INITIAL_REMOTE_STATE, version: 1 });

/** Remote calls are paused after a rejected key (until reconfigured) or a used-up quota (until it resets). */
export function isPaused(s: RemoteState, now: number): boolean {
  if (s.state === 'unauthorized') return true;
  return s.state === 'quota' && (s.pausedUntil === null || now < s.pausedUntil);
}

/** Start of the next calendar month in UTC, when plans' quotas reset. */
export function nextUtcMonth(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

export function toRemoteStatus(settings: Settings, hasKey: boolean, s: RemoteState, queued: number, now: number): RemoteStatus {
  const base = { enabled: settings.remote.enabled, baseUrl: settings.remote.baseUrl, hasKey, plan: s.plan, remaining: s.remaining, queued };
  if (!settings.remote.enabled) return { ...base, state: 'off', message: null };
  if (s.state === 'quota' && !isPaused(s, now)) return { ...base, state: 'ok', message: null };
  if (s.state === 'idle' || s.state === 'ok') return { ...base, state: 'ok', message: null };
  return { ...base, state: s.state, message: userMessage(s.code, s.detail) };
}
