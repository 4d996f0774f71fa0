import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_DIR } from './support/firefox-driver';

describe('the Firefox build', () => {
  // The PDF reader module (1.6 MB of PDF.js) is most of what the linter reads: minutes on a busy machine.
  it('passes web-ext lint with no errors and no warnings', { timeout: 300_000 }, () => {
    const out = execFileSync('npx', ['web-ext', 'lint', '--source-dir', FIREFOX_EXTENSION_DIR, '--output', 'json', '--no-config-discovery'], {
      encoding: 'utf8',
    });
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { errors: unknown[]; warnings: unknown[]; summary: { errors: number; warnings: number } };
    expect(report.errors, JSON.stringify(report.errors, null, 2)).toEqual([]);
    expect(report.warnings, JSON.stringify(report.warnings, null, 2)).toEqual([]);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0 });
  });
});
