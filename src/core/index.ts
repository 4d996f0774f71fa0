/**
 * The calculation core: pure (no browser, no Node APIs), shared by the
 * extension's worker, its remote client, its popup and the service.
 */
export {
  calculate,
  calculateV1,
  catalog,
  energyWh,
  equivalentsFor,
  waterNote,
  round6,
  MAX_TOTAL_TOKENS,
  MAX_CUSTOM_RATE,
  DEFAULT_PLAN,
  DEFAULT_METHODOLOGY_URL,
  INPUT_WEIGHT,
  OUTPUT_WEIGHT,
  type CalculateOptions,
} from './calculate';
export * from './errors';
export * from './schemas';
export * from './tables';
export * from './reasoning';
export * from './custom-rates';
export * from './hidden-work';
