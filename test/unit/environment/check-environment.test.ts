import { describe, expect, it } from 'vitest';
import { installLine, missingPackages, NEEDS } from '../../support/check-environment';

describe('the check npm test runs first', () => {
  it('names the Debian package of every program a selected project needs that is missing', () => {
    const none = () => false;
    expect(missingPackages(['e2e', 'server', 'unit'], none)).toEqual(['chromium', 'chromium-l10n', 'firefox-esr', 'redis-server', 'redis-tools']);
    expect(missingPackages(['unit'], none)).toEqual([]);
    expect(missingPackages(['server'], (p) => p !== NEEDS.server![0]!.path)).toEqual(['redis-server']);
    expect(missingPackages(['e2e', 'server'], () => true)).toEqual([]);
  });

  it('says what to install in one line', () => {
    const line = installLine(['firefox-esr', 'redis-server', 'redis-tools']);
    expect(line).not.toContain('\n');
    expect(line).toContain('apt-get install -y firefox-esr redis-server');
  });
});
