/**
 * The Debian programs the tests and the image scripts run, and the packages that provide them:
 * the one place their paths are written (browser drivers, the redis test helper, the environment
 * check that npm test runs first, .ci/run's package list mirrors it).
 */
export interface SystemProgram {
  /** The Debian package to install. */
  pkg: string;
  /** A file that package installs: the program, or a data file for packages without one. */
  path: string;
}

export const CHROMIUM: SystemProgram = { pkg: 'chromium', path: '/usr/bin/chromium' };
/** Chromium's UI strings for the extension's other languages (the popup in de, fr, ja...). */
export const CHROMIUM_L10N: SystemProgram = { pkg: 'chromium-l10n', path: '/usr/lib/chromium/locales/de.pak' };
export const FIREFOX_ESR: SystemProgram = { pkg: 'firefox-esr', path: '/usr/bin/firefox-esr' };
export const REDIS_SERVER: SystemProgram = { pkg: 'redis-server', path: '/usr/bin/redis-server' };
/** Joins test redis-servers into a cluster (redis-server depends on redis-tools). */
export const REDIS_CLI: SystemProgram = { pkg: 'redis-tools', path: '/usr/bin/redis-cli' };
