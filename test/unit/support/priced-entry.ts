/** A ledger entry of alpha-4o in the global average region, priced by the core from its counts: what a label or the popup is given. */
import { calculate } from '../../../src/core/calculate';
import type { LedgerEntry } from '../../../src/domain/ledger';
import type { TurnExtras } from '../../../src/domain/turns';

export interface EntryCounts {
  promptTokens: number;
  historyTokens: number;
  answerTokens: number;
  /** What the calculation read: prompt + history unless the test says otherwise (files, estimated work). */
  inputTokens?: number;
  extras?: TurnExtras;
}

export function pricedEntry({ promptTokens, historyTokens, answerTokens, inputTokens = promptTokens + historyTokens, extras }: EntryCounts): LedgerEntry {
  const r = calculate({ model: 'alpha-4o', input_tokens: inputTokens, output_tokens: answerTokens, region: 'global-avg' });
  if (!r.ok) throw new Error(r.error.message);
  return {
    turnId: 't',
    time: 0,
    site: 'chatgpt',
    conversationId: 'c',
    modelKey: 'alpha-4o',
    promptTokens,
    historyTokens,
    answerTokens,
    tokenizer: 'o200k',
    ...(extras ? { extras } : {}),
    inputTokens,
    outputTokens: answerTokens,
    region: 'global-avg',
    energyKwh: r.value.energy_kwh,
    carbonG: r.value.carbon_gco2e,
    waterL: r.value.water.liters,
    stressLevel: 'moderate',
    computedBy: 'local',
    plan: 'local',
  };
}
