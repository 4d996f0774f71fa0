/**
 * The Chrome manifest check (the Firefox build has web-ext lint, firefox-lint.test.ts): what the
 * Chrome Web Store and AMO require of the built packages, read from .output/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_HOST_MATCHES } from '../../src/sites/hosts';
import {
  EXTENSION_PAGES_CSP,
  FIREFOX_DATA_COLLECTION,
  ICON_SIZES,
  MINIMUM_CHROME_VERSION,
  OPTIONAL_API_PERMISSIONS,
  REMOTE_ORIGIN_PATTERNS,
} from '../../src/manifest/facts';
import { BUILT_EXTENSION } from './support/extension-page';
import { FIREFOX_EXTENSION_DIR } from './support/firefox-driver';

/** The languages the extension ships (its UI and its store texts). */
const SHIPPED_LOCALES = ['de', 'en', 'es', 'fr', 'ja', 'pt_BR', 'zh_CN'];
const CHROME_DESCRIPTION_MAX = 132;
const CHROME_NAME_MAX = 75;

type Manifest = Record<string, unknown> & {
  icons: Record<string, string>;
  permissions: string[];
  default_locale: string;
  name: string;
  description: string;
};

const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
const builds = [
  { name: 'Chrome (MV3)', dir: BUILT_EXTENSION, action: 'action', csp: { extension_pages: EXTENSION_PAGES_CSP } },
  { name: 'Firefox (MV2)', dir: FIREFOX_EXTENSION_DIR, action: 'browser_action', csp: EXTENSION_PAGES_CSP },
];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

const listing = readFileSync(resolve('docs/store-listing.md'), 'utf8');
const privacy = readFileSync(resolve('docs/privacy.md'), 'utf8');

describe.each(builds)('the $name build', ({ dir, action, csp }) => {
  const manifest = read(dir);

  it('has every icon size, each a PNG of that size, for the extension and the toolbar button', () => {
    expect(Object.keys(manifest.icons).map(Number)).toEqual([...ICON_SIZES]);
    for (const [size, path] of Object.entries(manifest.icons)) expect(pngSize(join(dir, path))).toEqual([Number(size), Number(size)]);
    expect((manifest[action] as { default_icon: unknown }).default_icon).toEqual(manifest.icons);
  });

  it('takes its name and description from _locales, in every shipped language, within the store limits', () => {
    expect(manifest.name).toBe('__MSG_extName__');
    expect(manifest.description).toBe('__MSG_extDescription__');
    expect(manifest.default_locale).toBe('en');
    expect(readdirSync(join(dir, '_locales')).sort()).toEqual(SHIPPED_LOCALES);
    for (const lang of SHIPPED_LOCALES) {
      const messages = JSON.parse(readFileSync(join(dir, '_locales', lang, 'messages.json'), 'utf8')) as Record<string, { message: string }>;
      expect(messages.extName?.message.length, `${lang} extName`).toBeLessThanOrEqual(CHROME_NAME_MAX);
      expect(messages.extDescription?.message.length, `${lang} extDescription`).toBeLessThanOrEqual(CHROME_DESCRIPTION_MAX);
      expect(messages.extDescription!.message.length, `${lang} extDescription`).toBeGreaterThan(40);
    }
  });

  it('asks only for permissions the store listing justifies, each under its own heading', () => {
    const hosts = (manifest.host_permissions as string[] | undefined) ?? manifest.permissions.filter((p) => p.includes('://'));
    const apis = manifest.permissions.filter((p) => !p.includes('://'));
    // Chrome: origins in optional_host_permissions, APIs in optional_permissions; Firefox MV2: both in optional_permissions.
    const optionalAll = [
      ...((manifest.optional_host_permissions as string[] | undefined) ?? []),
      ...((manifest.optional_permissions as string[] | undefined) ?? []),
    ];
    const optional = optionalAll.filter((p) => p.includes('://'));
    const optionalApis = optionalAll.filter((p) => !p.includes('://'));
    expect(apis.sort()).toEqual(['alarms', 'storage']);
    expect(hosts).toEqual(CHAT_HOST_MATCHES);
    expect(optional).toEqual(REMOTE_ORIGIN_PATTERNS);
    expect(optionalApis).toEqual([...OPTIONAL_API_PERMISSIONS]);
    for (const p of [...apis, ...hosts, ...optional, ...optionalApis])
      expect(listing, `docs/store-listing.md justifies ${p}`).toMatch(new RegExp(`^#{3,4} .*\`${p.replace(/[.*]/g, (c) => `\\${c}`)}\``, 'm'));
  });

  it('runs no remote code: every script is a file in the package, and nothing evaluates strings', () => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    for (const html of files.filter((f) => f.endsWith('.html'))) {
      const text = readFileSync(join(dir, html), 'utf8');
      expect(text, html).not.toMatch(/<script[^>]+src=["'](https?:)?\/\//i);
    }
    for (const js of files.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(dir, js), 'utf8');
      expect(text, js).not.toMatch(/\beval\(|new Function\(|\bFunction\(`|import\(["'`]https?:/);
    }
    // The default policy, plus WebAssembly compiled from a file of the package.
    expect(manifest.content_security_policy).toEqual(csp);
  });
});

describe('the Chrome build', () => {
  const manifest = read(BUILT_EXTENSION);
  it('is MV3 with a background service worker and the minimum Chrome version the code needs', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.minimum_chrome_version).toBe(MINIMUM_CHROME_VERSION);
    expect(manifest.background).toEqual({ service_worker: 'background.js' });
  });
});

describe('the Firefox build', () => {
  const manifest = read(FIREFOX_EXTENSION_DIR);
  const gecko = (manifest.browser_specific_settings as { gecko: Record<string, unknown> }).gecko;
  it('declares its data collection as the privacy policy describes it', () => {
    expect(gecko.data_collection_permissions).toEqual(FIREFOX_DATA_COLLECTION);
    for (const category of FIREFOX_DATA_COLLECTION.optional) {
      expect(listing).toContain(`\`${category}\``);
      expect(privacy).toContain(`\`${category}\``);
    }
  });
  it('has a fixed add-on id', () => {
    expect(gecko.id).toMatch(/^[\w.-]+@[\w.-]+$/);
    expect(existsSync(join(FIREFOX_EXTENSION_DIR, 'background.js'))).toBe(true);
  });
});
