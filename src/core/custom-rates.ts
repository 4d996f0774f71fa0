/**
 * Rates for models the model table does not have (data/custom-rates.json): each a published
 * estimate, its derivation and its uncertainty. A turn counted with one sends it as
 * custom_wh_per_1k; docs/methodology.md explains each choice.
 */
import ratesData from '../../data/custom-rates.json';

export interface CustomRateRow {
  id: string;
  models: string;
  /** Wh per 1,000 tokens. */
  wh_per_1k: number;
  low: number;
  high: number;
  source: string;
  derivation: string;
  uncertainty: string;
  /**
   * The model's own vocabulary, where its provider publishes one and a package ships it
   * (src/domain/tokenizers.ts); without it the model's turns count in o200k, marked approximate.
   */
  tokenizer?: string;
}

export const CUSTOM_RATES: readonly CustomRateRow[] = ratesData.rates as CustomRateRow[];

const byId = new Map(CUSTOM_RATES.map((r) => [r.id, r]));

/** The rate named `id`; a name data/ does not have is a data error, never a guess. */
export function customRate(id: string): CustomRateRow {
  const row = byId.get(id);
  if (!row) throw new Error(`data/custom-rates.json has no rate ${id}`);
  return row;
}
