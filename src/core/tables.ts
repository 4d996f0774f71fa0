/**
 * Typed views of the specification's tables in `data/`. Nothing here restates
 * a number: every figure comes from the JSON files.
 */
import modelsData from '../../data/models.json';
import regionsData from '../../data/regions.json';
import gridData from '../../data/grid-keys.json';
import equivalentsData from '../../data/equivalents.json';
import sourcesData from '../../data/sources.json';
import plansData from '../../data/plans.json';

export const STRESS_LEVELS = ['low', 'moderate', 'high', 'critical'] as const;
export type StressLevel = (typeof STRESS_LEVELS)[number];

export type ModelUnit = 'wh_per_1k_tokens' | 'wh_per_image' | 'caller_wh_per_1k_tokens';

export interface ModelRow {
  key: string;
  /** Wh per 1,000 tokens (Wh per image for image-gen); null for custom. */
  rate: number | null;
  unit: ModelUnit;
  legacy: boolean;
}

export interface RegionRow {
  key: string;
  label: string;
  carbon_gco2_per_kwh: number;
  wue_liters_per_kwh: number;
  stress_level: StressLevel;
}

export interface StressClassRow {
  level: StressLevel;
  meaning: string;
  aqueduct_baseline_stress: string;
}

export type EquivalentField =
  'smartphones_charged' | 'km_driven' | 'led_hours' | 'netflix_hours_sd' | 'google_searches' | 'water_bottles_500ml' | 'emails_equivalent';

export interface EquivalentRow {
  field: EquivalentField;
  basis: 'energy_kwh' | 'carbon_gco2e' | 'water_liters';
  per_unit: number;
  unit_text: string;
  source: string;
}

export interface SourceRow {
  id: string;
  name: string;
  citation: string;
}

export interface PlanRow {
  key: string;
  label: string;
  price_usd_per_month: number;
  requests_per_month: number;
}

export const MODELS: readonly ModelRow[] = modelsData.models as ModelRow[];
export const REGIONS: readonly RegionRow[] = regionsData.regions as RegionRow[];
const STRESS_CLASSES: readonly StressClassRow[] = regionsData.stress_classes as StressClassRow[];
export const GRID_KEYS: readonly RegionRow[] = gridData.grid_keys as RegionRow[];
export const V1_MODEL_KEYS: readonly string[] = gridData.v1_models;
export const EQUIVALENTS: readonly EquivalentRow[] = equivalentsData.equivalents as EquivalentRow[];
const SOURCES: readonly SourceRow[] = sourcesData.sources;
export const PLANS: readonly PlanRow[] = plansData.plans;

export const DEFAULT_REGION = 'global-avg';

const byKey = <T extends { key: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.key, r]));

const modelIndex = byKey(MODELS);
const regionIndex = byKey(REGIONS);
const gridIndex = byKey(GRID_KEYS);
const stressIndex = new Map(STRESS_CLASSES.map((s) => [s.level, s]));
const sourceIndex = new Map(SOURCES.map((s) => [s.id, s]));
const planIndex = byKey(PLANS);

export const findModel = (key: string): ModelRow | undefined => modelIndex.get(key);
export const findRegion = (key: string): RegionRow | undefined => regionIndex.get(key);
export const findGridKey = (key: string): RegionRow | undefined => gridIndex.get(key);
export const findPlan = (key: string): PlanRow | undefined => planIndex.get(key);

export function stressClass(level: StressLevel): StressClassRow {
  const row = stressIndex.get(level);
  if (!row) throw new Error(`data/regions.json has no stress class ${level}`);
  return row;
}

export function sourceName(id: string): string {
  const row = sourceIndex.get(id);
  if (!row) throw new Error(`data/sources.json has no source ${id}`);
  return row.name;
}

/** A region key, or a version 1 grid key accepted in its place. Region rows win. */
export function resolveRegion(key: string): { row: RegionRow; isGridKey: boolean } | undefined {
  const region = findRegion(key);
  if (region) return { row: region, isGridKey: false };
  const grid = findGridKey(key);
  return grid ? { row: grid, isGridKey: true } : undefined;
}
