/**
 * remote/usage: the API key's month on the service, for the popup, read when the popup opens.
 * Answers are kept for KEY_MONTH_CACHE_MS, so reopening the popup does not ask again; only in
 * memory (a stopped worker asks again), and only successes (a failure is asked again next time).
 */
import type { KeyMonthAnswer } from '../domain/usage';
import { parseBaseUrl } from '../remote/config';
import { getKeyMonth } from '../remote/usage';
import type { LedgerContext } from './context';

const KEY_MONTH_CACHE_MS = 60_000;

export function createKeyUsage(ctx: LedgerContext) {
  let cached: { url: string; apiKey: string; answer: KeyMonthAnswer & { status: 'ok' } } | null = null;

  async function keyMonth(): Promise<KeyMonthAnswer> {
    const { remote } = await ctx.storage.settings.read();
    if (!remote.enabled) return { status: 'off' };
    const endpoint = parseBaseUrl(remote.baseUrl);
    if (!endpoint.ok) return { status: 'off' };
    const apiKey = await ctx.deps.remote.keyStore.get().catch(() => null);
    if (!apiKey || !(await ctx.deps.remote.hasPermission(endpoint.value.originPattern))) return { status: 'off' };
    const now = ctx.now();
    const { usageUrl } = endpoint.value;
    if (cached && cached.url === usageUrl && cached.apiKey === apiKey && now - cached.answer.at < KEY_MONTH_CACHE_MS) return cached.answer;
    const result = await getKeyMonth({ usageUrl, apiKey, timeoutMs: ctx.deps.remote.timeoutMs, fetch: ctx.deps.remote.fetch });
    if (!result.ok) return { status: 'failed', code: result.error.code, unreachable: result.error.unreachable };
    const answer = { status: 'ok' as const, usage: result.value, at: now };
    cached = { url: usageUrl, apiKey, answer };
    return answer;
  }

  return { keyMonth };
}
