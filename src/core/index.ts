/**
 * The calculation core: pure (no browser, no Node APIs), shared by the
 * extension's worker, its remote client, its popup and the service.
 */
export {
  calculate,
  parseCalculation,
  footprint,
  footprintV1,
  footprintOfEnergy,
  catalog,
  energyWh,
  equivalentsFor,
  waterNote,
  DEFAULT_PLAN,
  INPUT_WEIGHT,
  OUTPUT_WEIGHT,
  type CalculateOptions,
} from './calculate';
export * from './errors';
export * from './schemas';
export * from './tables';
export * from './reasoning';
export * from './custom-rates';
