/**
 * PopupState fixtures built with the real core, so every number is what the
 * worker would compute for the same counts and region.
 */
import { calculate, findRegion } from '../../../src/core';
import { PopupStateSchema, type LedgerEntry, type PopupState, type RemoteStatus, type Totals } from '../../../src/domain';
import type { SiteId } from '../../../src/domain/site-ids';

export function ledgerEntry(o: {
  turnId?: string;
  site?: SiteId;
  modelKey?: string;
  promptTokens: number;
  historyTokens: number;
  answerTokens: number;
  region?: string;
  time?: number;
  computedBy?: LedgerEntry['computedBy'];
  plan?: string;
}): LedgerEntry {
  const region = o.region ?? 'global-avg';
  const modelKey = o.modelKey ?? 'alpha-5.5';
  const input = o.promptTokens + o.historyTokens;
  const res = calculate({ model: modelKey, input_tokens: input, output_tokens: o.answerTokens, region });
  if (!res.ok) throw new Error(res.error.message);
  return {
    turnId: o.turnId ?? `turn-${input}-${o.answerTokens}`,
    time: o.time ?? Date.UTC(2026, 10, 22, 10, 30),
    site: o.site ?? 'chatgpt',
    conversationId: 'c1',
    modelKey,
    promptTokens: o.promptTokens,
    historyTokens: o.historyTokens,
    answerTokens: o.answerTokens,
    tokenizer: 'o200k',
    inputTokens: input,
    outputTokens: o.answerTokens,
    region,
    energyKwh: res.value.energy_kwh,
    carbonG: res.value.carbon_gco2e,
    waterL: res.value.water.liters,
    stressLevel: findRegion(region)!.stress_level,
    computedBy: o.computedBy ?? 'local',
    plan: o.plan ?? 'local',
  };
}

export function totalsOf(entries: readonly LedgerEntry[]): Totals {
  return entries.reduce<Totals>(
    (t, e) => ({
      turns: t.turns + 1,
      inputTokens: t.inputTokens + e.inputTokens,
      outputTokens: t.outputTokens + e.outputTokens,
      energyKwh: t.energyKwh + e.energyKwh,
      carbonG: t.carbonG + e.carbonG,
      waterL: t.waterL + e.waterL,
    }),
    { turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 },
  );
}

export const REMOTE_OFF: RemoteStatus = {
  enabled: false,
  baseUrl: '',
  hasKey: false,
  state: 'off',
  code: null,
  message: null,
  plan: null,
  remaining: null,
  queued: 0,
};

/** 30 days ending 2026-11-22; each day `day % 4` turns (some days empty). */
export function popupState(overrides: Partial<PopupState> = {}): PopupState {
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) days.push(new Date(Date.UTC(2026, 10, 22 - i)).toISOString().slice(0, 10));
  const entries: LedgerEntry[] = [];
  days.forEach((day, i) => {
    for (let k = 0; k < i % 4; k++) {
      entries.push(
        ledgerEntry({
          turnId: `${day}-${k}`,
          time: Date.parse(`${day}T09:00:00Z`) + k * 60_000,
          site: k % 2 === 0 ? 'chatgpt' : 'claude',
          modelKey: k % 2 === 0 ? 'alpha-5.5' : 'beta-sonnet-5',
          promptTokens: 120 + i,
          historyTokens: 800 + 10 * i,
          answerTokens: 450 + k,
        }),
      );
    }
  });
  const inDays = (n: number) => entries.filter((e) => days.slice(-n).includes(new Date(e.time).toISOString().slice(0, 10)));
  const daily = days.map((day) => {
    const t = totalsOf(entries.filter((e) => new Date(e.time).toISOString().slice(0, 10) === day));
    return { day, energyKwh: t.energyKwh, carbonG: t.carbonG, waterL: t.waterL, turns: t.turns };
  });
  const sites = [...new Set(entries.map((e) => e.site))];
  const models = [...new Set(entries.map((e) => e.modelKey))];
  const state: PopupState = {
    settings: { region: 'global-avg', countHistory: true, estimateReasoning: true, modelOverrides: {} },
    totals: { today: totalsOf(inDays(1)), last7: totalsOf(inDays(7)), last30: totalsOf(inDays(30)), allTime: totalsOf(entries) },
    daily,
    bySite: sites.map((site) => ({ site, totals: totalsOf(entries.filter((e) => e.site === site)) })),
    byModel: models.map((modelKey) => ({ modelKey, totals: totalsOf(entries.filter((e) => e.modelKey === modelKey)) })),
    lastTurn: entries[entries.length - 1] ?? null,
    lastImages: null,
    health: [
      { site: 'chatgpt', status: 'ok', reason: null, at: 1 },
      { site: 'claude', status: 'not-recognized', reason: 'no-messages', at: 2 },
    ],
    remote: REMOTE_OFF,
    ...overrides,
  };
  // The fixture must itself satisfy the contract.
  return PopupStateSchema.parse(state);
}

export const EMPTY_TOTALS: Totals = { turns: 0, inputTokens: 0, outputTokens: 0, energyKwh: 0, carbonG: 0, waterL: 0 };
