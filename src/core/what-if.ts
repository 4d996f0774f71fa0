/**
 * The arithmetic behind the figures that point somewhere: how much of a turn's input was re-read
 * history, what the next turn would cost in a new chat, what the same tokens would have cost with
 * another model or in another region, and how a period compares with the one before. Every figure
 * comes from counts a ledger export holds (docs/export-format.md) and from `calculate`, so it can be
 * redone by hand; nothing here reads a table the core does not already have.
 */
import { calculate, INPUT_WEIGHT, OUTPUT_WEIGHT } from './calculate';
import { countedHistoryTokens, relativeChange } from './shares';
import { MODELS, type ModelRow } from './tables';

/** A turn's counts as it was computed: the fields of a ledger entry (and of an export row) this arithmetic needs. */
export interface ComputedTurn {
  modelKey: string;
  /** The rate a `custom` model was computed with (Wh per 1,000 tokens). */
  customWhPer1k?: number;
  region: string;
  promptTokens: number;
  answerTokens: number;
  /** Prompt plus the history counted (history only when "count history" was on). */
  inputTokens: number;
  outputTokens: number;
  energyKwh: number;
  carbonG: number;
  waterL: number;
}

export { historyShare } from './shares';

/** The share of a turn's energy that went to re-reading history, 0..1: input and output weighed as `calculate` weighs them. */
function historyEnergyShare(t: Pick<ComputedTurn, 'promptTokens' | 'inputTokens' | 'outputTokens'>): number {
  const weighted = INPUT_WEIGHT * t.inputTokens + OUTPUT_WEIGHT * t.outputTokens;
  return weighted > 0 ? (INPUT_WEIGHT * countedHistoryTokens(t)) / weighted : 0;
}

/** A model family: the key's prefix before its first hyphen (`gamma` of `gamma-3.5-flash-lite`); keys without one are their own. */
const familyOf = (key: string): string => key.split('-')[0];

/**
 * The smallest step a person can take by choosing a lighter model of the same family: over the
 * families of the current token-priced models, the heaviest rate over the lightest, and of those
 * ratios the smallest. Families with one model offer no step and are left out.
 */
function smallestModelStep(models: readonly ModelRow[]): number {
  const families = new Map<string, number[]>();
  for (const m of models) {
    if (m.legacy || m.unit !== 'wh_per_1k_tokens' || m.rate === null) continue;
    const rates = families.get(familyOf(m.key)) ?? [];
    rates.push(m.rate);
    families.set(familyOf(m.key), rates);
  }
  const steps = [...families.values()].filter((r) => r.length > 1).map((r) => Math.max(...r) / Math.min(...r));
  return Math.min(...steps);
}

/**
 * When the label suggests a new chat: once re-reading the history takes at least this share of a
 * turn's energy, a new chat makes the next turn cheaper by at least the smallest model step of the
 * table (1 - 1/step; see docs/methodology.md), so starting over is advice as strong as switching to
 * the family's lightest model. Short chats stay below it: their history is small next to the answer.
 */
const NEW_CHAT_HISTORY_SHARE = 1 - 1 / smallestModelStep(MODELS);

export interface NewChatTip {
  /** The history's share of this turn's energy (at least NEW_CHAT_HISTORY_SHARE). */
  historyEnergyShare: number;
  /** The next turn here, with a prompt and an answer as long as this one's: the history grows by both. */
  hereKwh: number;
  /** The same next turn in a new chat: only its prompt as input. */
  newChatKwh: number;
}

function tokenEnergyKwh(t: Pick<ComputedTurn, 'modelKey' | 'customWhPer1k' | 'region'>, input: number, output: number): number | null {
  if (input + output === 0) return 0;
  const r = calculate({
    model: t.modelKey,
    input_tokens: input,
    output_tokens: output,
    region: t.region,
    ...(t.customWhPer1k === undefined ? {} : { custom_wh_per_1k: t.customWhPer1k }),
  });
  return r.ok ? r.value.energy_kwh : null;
}

/** The new-chat suggestion for a turn, or null while its history stays under the threshold (or its model is not priced per token). */
export function newChatTip(t: ComputedTurn, threshold = NEW_CHAT_HISTORY_SHARE): NewChatTip | null {
  const share = historyEnergyShare(t);
  if (share < threshold) return null;
  const hereKwh = tokenEnergyKwh(t, t.inputTokens + t.promptTokens + t.answerTokens, t.outputTokens);
  const newChatKwh = tokenEnergyKwh(t, t.promptTokens, t.outputTokens);
  if (hereKwh === null || newChatKwh === null) return null;
  return { historyEnergyShare: share, hereKwh, newChatKwh };
}

export interface FootprintSums {
  energyKwh: number;
  carbonG: number;
  waterL: number;
}

/** What to price the same tokens with: another model (token-priced), another region, or both. */
export interface WhatIfChoice {
  modelKey?: string;
  region?: string;
}

export interface WhatIf {
  /** The sums as recorded. */
  actual: FootprintSums;
  /** The same turns under the choice. */
  instead: FootprintSums;
  /** instead / actual - 1 for energy (null when nothing was recorded). */
  energyChange: number | null;
  /** Turns the choice left as recorded: images (priced per image, no text model makes them) with a model choice. */
  unchanged: number;
}

const isImages = (t: Pick<ComputedTurn, 'modelKey'>): boolean => MODELS.find((m) => m.key === t.modelKey)?.unit === 'wh_per_image';

/**
 * The turns priced again, each with `calculate` as it was recorded but with the chosen model and/or
 * region: the same input and output tokens (counted with the tokenizer of the time). A custom model
 * keeps its rate when no model is chosen.
 */
export function whatIf(turns: readonly ComputedTurn[], choice: WhatIfChoice): WhatIf {
  const actual: FootprintSums = { energyKwh: 0, carbonG: 0, waterL: 0 };
  const instead: FootprintSums = { energyKwh: 0, carbonG: 0, waterL: 0 };
  let unchanged = 0;
  for (const t of turns) {
    actual.energyKwh += t.energyKwh;
    actual.carbonG += t.carbonG;
    actual.waterL += t.waterL;
    const images = isImages(t);
    if (images && choice.modelKey !== undefined) unchanged++;
    const model = images || choice.modelKey === undefined ? t.modelKey : choice.modelKey;
    const region = choice.region ?? t.region;
    const body: Record<string, string | number> = images
      ? { model, tokens: t.outputTokens, region }
      : { model, input_tokens: t.inputTokens, output_tokens: t.outputTokens, region };
    if (model === t.modelKey && t.customWhPer1k !== undefined) body.custom_wh_per_1k = t.customWhPer1k;
    if ((images ? t.outputTokens : t.inputTokens + t.outputTokens) === 0) continue;
    const r = calculate(body);
    if (!r.ok) {
      // A turn the choice cannot price (a key the table lost) counts as recorded.
      instead.energyKwh += t.energyKwh;
      instead.carbonG += t.carbonG;
      instead.waterL += t.waterL;
      unchanged++;
      continue;
    }
    instead.energyKwh += r.value.energy_kwh;
    instead.carbonG += r.value.carbon_gco2e;
    instead.waterL += r.value.water.liters;
  }
  return { actual, instead, energyChange: relativeChange(instead.energyKwh, actual.energyKwh), unchanged };
}
