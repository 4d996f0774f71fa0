/** remote/configure, remote/test and the popup's view of remote mode. */
import { MODELS } from '../core';
import { CodedError, userMessage } from '../domain/errors';
import type { RemoteConfig, RemoteStatus, RemoteTestResult } from '../domain/popup';
import { INITIAL_REMOTE_STATE, type RemoteState } from '../domain/remote';
import type { Settings } from '../domain/settings';
import { postCalculation } from '../remote/client';
import { parseBaseUrl } from '../remote/config';
import { stateAfterFailure, stateAfterSuccess, stateNotSent } from '../remote/state';
import { remoteStateItem, STORAGE_ITEMS } from '../storage/items';
import type { LedgerContext } from './context';
import { readRemoteStatus } from './popup-state';
import { commit } from './store';

/** The model `remote/test` asks about: the first current per-token model of the table. */
const TEST_MODEL = MODELS.find((m) => !m.legacy && m.unit === 'wh_per_1k_tokens')!.key;

export function createRemoteSettings(ctx: LedgerContext) {
  const remoteStatus = (settings: Settings): Promise<RemoteStatus> => readRemoteStatus(settings, ctx.deps.remote.keyStore, ctx.now());

  async function configureRemote(cfg: RemoteConfig): Promise<RemoteStatus> {
    const baseUrl = cfg.baseUrl.trim();
    let normalized = '';
    if (baseUrl !== '' || cfg.enabled) {
      const parsed = parseBaseUrl(baseUrl);
      if (!parsed.ok) throw new CodedError(parsed.error.code, parsed.error.message);
      normalized = parsed.value.baseUrl;
    }
    const key = cfg.apiKey?.trim();
    // A key goes only to the service it was entered for: a new origin without a new key forgets the old one.
    // No service configured: no key kept either (and the popup need not open the key store to know).
    const previous = (await ctx.storage.settings.read()).remote.baseUrl;
    const originOf = (url: string) => (url === '' ? '' : new URL(url).origin);
    const otherService = originOf(previous) !== originOf(normalized);
    if (normalized === '' || key === '' || (key === undefined && otherService)) await ctx.deps.remote.keyStore.clear();
    else if (key !== undefined) await ctx.deps.remote.keyStore.set(key);
    await ctx.storage.writes.run(async () => {
      const s = structuredClone(await ctx.storage.settings.read());
      s.remote = { enabled: cfg.enabled, baseUrl: normalized };
      await ctx.storage.settings.write(s);
      // A new configuration lifts a pause (rejected key) and forgets the old service's plan.
      await commit([STORAGE_ITEMS.remoteState.write({ ...INITIAL_REMOTE_STATE, at: ctx.now() })]);
    });
    const settings = await ctx.storage.settings.read();
    if (settings.remote.enabled) {
      const parsed = parseBaseUrl(settings.remote.baseUrl);
      if (parsed.ok && !(await ctx.deps.remote.hasPermission(parsed.value.originPattern))) {
        const state = stateNotSent({ ...INITIAL_REMOTE_STATE }, 'REMOTE_PERMISSION_MISSING', null, ctx.now());
        await ctx.storage.writes.run(() => commit([STORAGE_ITEMS.remoteState.write(state)]));
      }
      await ctx.scheduleNextRetry();
    }
    return remoteStatus(settings);
  }

  async function testRemote(): Promise<RemoteTestResult> {
    const settings = await ctx.storage.settings.read();
    const fail = (code: string, limit: number | null = null, remaining: number | null = null) => ({
      ok: false,
      code,
      message: userMessage(code),
      plan: null,
      remaining,
      limit,
    });
    const parsed = parseBaseUrl(settings.remote.baseUrl);
    if (!parsed.ok) return fail(parsed.error.code);
    const apiKey = await ctx.deps.remote.keyStore.get().catch(() => null);
    if (!apiKey) return fail('REMOTE_NO_KEY');
    if (!(await ctx.deps.remote.hasPermission(parsed.value.originPattern))) return fail('REMOTE_PERMISSION_MISSING');
    // A real (tiny) calculation: it proves the key works and costs one unit of the plan's quota.
    const request = { model: TEST_MODEL, input_tokens: 1, output_tokens: 1, region: settings.region };
    const result = await postCalculation({
      calculateUrl: parsed.value.calculateUrl,
      apiKey,
      request,
      timeoutMs: ctx.deps.remote.timeoutMs,
      fetch: ctx.deps.remote.fetch,
      now: ctx.now,
    });
    const prev = await remoteStateItem.getValue();
    let state: RemoteState;
    let answer: RemoteTestResult;
    if (result.ok) {
      const { plan, limit, remaining } = result.value;
      state = stateAfterSuccess(prev, result.value, ctx.now());
      const quota = remaining !== null && limit !== null ? ` ${remaining} of ${limit} requests left this month.` : '';
      answer = { ok: true, code: null, message: `Connected. Plan: ${plan}.${quota}`, plan, remaining, limit };
    } else {
      const f = result.error;
      state = stateAfterFailure(prev, f, ctx.now());
      answer = { ok: false, code: f.code, message: userMessage(f.code, f.message), plan: null, remaining: f.remaining, limit: f.limit };
    }
    await ctx.storage.writes.run(() => commit([STORAGE_ITEMS.remoteState.write(state)]));
    if (result.ok) await ctx.scheduleNextRetry();
    return answer;
  }

  return { remoteStatus, configureRemote, testRemote };
}
