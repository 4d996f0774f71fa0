/** The run's counts, as the summary line gives them. */
export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * When set, the summary reporter writes its counts as JSON to this file instead of printing its line:
 * `npm test` runs two Vitest processes and prints one line for both (scripts/test.ts).
 */
export const SUMMARY_FILE_ENV = 'FOOTPRINT_TEST_SUMMARY_FILE';

/** The line any CI can read, last in the output. */
export const summaryLine = (s: Summary): string => `${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped`;
