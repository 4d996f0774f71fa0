import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';
import { SUMMARY_FILE_ENV, summaryLine, type Summary } from './summary';

/** Ends the run with one plain line, "N passed, N failed, N skipped", that any CI can read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const summary: Summary = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) summary.failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') summary.passed++;
        else if (state === 'failed') summary.failed++;
        else summary.skipped++;
      }
    }
    const file = process.env[SUMMARY_FILE_ENV];
    if (file) writeFileSync(file, JSON.stringify(summary));
    else console.log(`\n${summaryLine(summary)}`);
  }
}
