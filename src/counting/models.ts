/**
 * Which model a turn is counted with: the user's override, else the page's label, else the site's
 * default. A model the model table does not have is counted as `custom` with a rate of
 * data/custom-rates.json (sent as custom_wh_per_1k), named by the label or by the site.
 */
import siteModels from '../../data/site-models.json';
import { customRate, type CustomRateRow } from '../core/custom-rates';
import { TokenizerIdSchema, tokenizerForModel, type TokenizerId } from '../domain/tokenizers';
import type { SiteId } from '../domain/site-ids';
import { CUSTOM_KEY, siteCustomRateId } from '../sites/site-models';

interface SiteModels {
  default: string;
  labels: Array<{ pattern: string; key: string; custom_rate?: string }>;
}

/** A model as a turn is counted with it: a key of the model table, and for `custom` its rate. */
export interface ResolvedModel {
  modelKey: string;
  /** Wh per 1,000 tokens, only when `modelKey` is `custom`. */
  customWhPer1k?: number;
}

const SITES = (siteModels as { sites: Record<SiteId, SiteModels> }).sites;
const compiled = new Map<SiteId, Array<{ re: RegExp; key: string; rate?: string }>>();

function patternsOf(site: SiteId) {
  let list = compiled.get(site);
  if (!list) {
    list = SITES[site].labels.map(({ pattern, key, custom_rate }) => ({ re: new RegExp(pattern, 'i'), key, rate: custom_rate }));
    compiled.set(site, list);
  }
  return list;
}

/** The model key in use and, for `custom`, the rate of data/custom-rates.json it is counted at. */
function pick(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): { modelKey: string; rate: CustomRateRow | null } {
  const override = overrides[site];
  const match = override || !label ? undefined : patternsOf(site).find(({ re }) => re.test(label));
  const modelKey = override || (match?.key ?? SITES[site].default);
  if (modelKey !== CUSTOM_KEY) return { modelKey, rate: null };
  const id = match?.rate ?? siteCustomRateId(site);
  if (!id) throw new Error(`data/site-models.json: ${site} counts custom without a custom_rate`);
  return { modelKey, rate: customRate(id) };
}

/** The user's override, else the first of the site's patterns the page label matches, else the site's default. */
export function resolveModel(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): ResolvedModel {
  const { modelKey, rate } = pick(site, label, overrides);
  return rate ? { modelKey, customWhPer1k: rate.wh_per_1k } : { modelKey };
}

/**
 * The vocabulary a new conversation is counted in: the model key's (src/domain/tokenizers.ts), or for
 * `custom` the one its rate names (a provider that publishes its tokenizer), else o200k.
 */
export function resolveTokenizer(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): TokenizerId {
  const { modelKey, rate } = pick(site, label, overrides);
  return rate ? customTokenizer(rate) : tokenizerForModel(modelKey).tokenizer;
}

/** The vocabulary a custom rate's model counts in: its own where data names one, else o200k. */
function customTokenizer(row: CustomRateRow): TokenizerId {
  const parsed = TokenizerIdSchema.safeParse(row.tokenizer ?? 'o200k');
  if (!parsed.success) throw new Error(`data/custom-rates.json: ${row.id} names an unknown tokenizer ${row.tokenizer}`);
  return parsed.data;
}

/**
 * The page's label when no rule of the site knows it (and the user picked no model): its turn counts
 * with the site's default model, which the site's health says. Null when the label is known or absent.
 */
export function unknownModelLabel(site: SiteId, label: string | null, overrides: Partial<Record<SiteId, string>>): string | null {
  if (overrides[site] || !label?.trim()) return null;
  return patternsOf(site).some(({ re }) => re.test(label)) ? null : label;
}

export function warmUpModelPatterns(): void {
  for (const site of Object.keys(SITES) as SiteId[]) patternsOf(site);
}
