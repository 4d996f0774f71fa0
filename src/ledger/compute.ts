/** A counted turn -> a ledger entry, through the shared core (locally) or the service's answer (remote). */
import { footprint, footprintOfEnergy, parseCalculation, resolveRegion, type CalculationResponse, type CoreError, type Result } from '../core';
import type { ComputedBy, LedgerEntry } from '../domain/ledger';
import { calculationBody, type RemoteRequest } from '../domain/remote';
import type { Settings } from '../domain/settings';
import type { CountedTurn } from '../domain/turns';
import { CUSTOM_KEY, siteCustomRate } from '../sites/site-models';
import { attachmentsUnderSettings } from '../features/attachments/price';
import { requestTokens } from '../features/part';
import { partsOf } from '../features/pricing';
import { hiddenWorkUnderSettings } from '../features/work/price';

/**
 * The turn as recorded under the user's settings, with its record of parts: without the reasoning
 * estimate when estimates are off, without attached files when they are not counted, nor the
 * out-of-sight work switched off. The one place the Counting settings apply.
 */
export function turnUnderSettings(counted: CountedTurn, settings: Settings): CountedTurn {
  const turn = hiddenWorkUnderSettings(attachmentsUnderSettings(counted, settings), settings);
  const kept = settings.estimateReasoning || !turn.estimatedReasoningTokens ? { ...turn } : withoutReasoningEstimate(turn);
  return { ...kept, parts: partsOf(kept, settings) };
}

function withoutReasoningEstimate(turn: CountedTurn): CountedTurn {
  const without = { ...turn };
  delete without.estimatedReasoningTokens;
  return without;
}

/** The turn as the calculation sees it: its parts under the settings, the user's model override, the current region. */
export function requestFor(turn: CountedTurn, settings: Settings): RemoteRequest {
  const override = settings.modelOverrides[turn.site];
  const model = override ?? turn.modelKey;
  const { input, output } = requestTokens(turnUnderSettings(turn, settings).parts ?? {});
  return {
    model,
    input_tokens: input,
    output_tokens: output,
    region: settings.region,
    ...customRateOf(model, override ? siteCustomRate(turn.site) : turn.customWhPer1k),
  };
}

/** `custom_wh_per_1k` for a custom model (the turn's own rate, or the site's for an override); nothing for any other key. */
function customRateOf(model: string, rate: number | null | undefined): Pick<RemoteRequest, 'custom_wh_per_1k'> {
  return model === CUSTOM_KEY && rate ? { custom_wh_per_1k: rate } : {};
}

function entry(
  turn: CountedTurn,
  req: RemoteRequest,
  r: Pick<CalculationResponse, 'energy_kwh' | 'carbon_gco2e' | 'region'> & { water: Pick<CalculationResponse['water'], 'liters' | 'stress_level'> },
  computedBy: ComputedBy,
  plan: string,
): LedgerEntry {
  return {
    ...countedFields(turn, req.model, req.custom_wh_per_1k),
    inputTokens: req.input_tokens,
    outputTokens: req.output_tokens,
    region: r.region,
    energyKwh: r.energy_kwh,
    carbonG: r.carbon_gco2e,
    waterL: r.water.liters,
    stressLevel: r.water.stress_level,
    computedBy,
    plan,
  };
}

/** Computes with the core. A turn with no tokens at all costs nothing (the core rejects a zero total): its region's zero footprint. */
export function computeLocally(turn: CountedTurn, req: RemoteRequest, computedBy: ComputedBy = 'local'): Result<LedgerEntry, CoreError> {
  if (req.input_tokens + req.output_tokens === 0) {
    const region = resolveRegion(req.region);
    if (!region) return { ok: false, error: { status: 400, code: 'INVALID_REGION', message: `Unknown region ${req.region}.` } };
    const zero = footprintOfEnergy(0, region.row);
    const priced = {
      region: region.row.key,
      energy_kwh: zero.energy_kwh,
      carbon_gco2e: zero.carbon_gco2e,
      water: { liters: zero.water_liters, stress_level: region.row.stress_level },
    };
    return { ok: true, value: entry(turn, req, priced, computedBy, 'local') };
  }
  const valid = parseCalculation(calculationBody(req));
  if (!valid.ok) return valid;
  return { ok: true, value: entry(turn, req, footprint(valid.value, { plan: 'local' }), computedBy, 'local') };
}

export function entryFromRemote(turn: CountedTurn, req: RemoteRequest, response: CalculationResponse): LedgerEntry {
  return entry(turn, req, response, 'remote', response.plan);
}

/** The counted turn an entry came from (for recompute and retries). */
export function turnOf(e: LedgerEntry): CountedTurn {
  return countedFields(e, e.modelKey, e.customWhPer1k);
}

/** What a counted turn and its ledger entry share, from either, with the model it is priced as; optional fields only where set. */
function countedFields(from: CountedTurn | LedgerEntry, modelKey: string, customWhPer1k: number | undefined): CountedTurn {
  return {
    turnId: from.turnId,
    time: from.time,
    site: from.site,
    conversationId: from.conversationId,
    modelKey,
    ...(customWhPer1k === undefined ? {} : { customWhPer1k }),
    promptTokens: from.promptTokens,
    historyTokens: from.historyTokens,
    answerTokens: from.answerTokens,
    tokenizer: from.tokenizer,
    ...(from.reasoningTokens ? { reasoningTokens: from.reasoningTokens } : {}),
    ...(from.estimatedReasoningTokens ? { estimatedReasoningTokens: from.estimatedReasoningTokens } : {}),
    ...(from.extras ? { extras: from.extras } : {}),
    ...(from.context ? { context: from.context } : {}),
    ...(from.parts ? { parts: from.parts } : {}),
  };
}

/** The stored entry's counts with another region: inputs stay as recorded (history setting, model and tokenizer at the time); nothing is tokenized again. */
export function recomputeEntry(e: LedgerEntry, region: string): Result<LedgerEntry, CoreError> {
  const req: RemoteRequest = {
    model: e.modelKey,
    input_tokens: e.inputTokens,
    output_tokens: e.outputTokens,
    region,
    ...customRateOf(e.modelKey, e.customWhPer1k),
  };
  return computeLocally(turnOf(e), req, 'local');
}
