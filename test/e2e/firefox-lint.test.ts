import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the Firefox build', () => {
  it('passes web-ext lint with no errors', () => {
    const out = execFileSync('npx', ['web-ext', 'lint', '--source-dir', '.output/firefox-mv2', '--output', 'json', '--no-config-discovery'], {
      encoding: 'utf8',
    });
    const report = JSON.parse(out.slice(out.indexOf('{')));
    expect(report.errors, JSON.stringify(report.errors, null, 2)).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });
});
