import { defineConfig, type Entrypoint } from 'wxt';
import preact from '@preact/preset-vite';
import { CHAT_HOST_MATCHES } from './src/sites/hosts';
import { storeSafeBundle } from './scripts/build/store-safe-bundle';
import { inlinePageCss } from './scripts/build/inline-page-css';
import { shippedVocabularies } from './scripts/build/vocabularies';
import { buildLazyModules, LAZY_MODULES } from './scripts/build/lazy-modules';
import {
  EXTENSION_PAGES_CSP,
  FIREFOX_DATA_COLLECTION,
  FIREFOX_MIN_VERSION,
  MANIFEST_ICONS,
  MINIMUM_CHROME_VERSION,
  OPTIONAL_API_PERMISSIONS,
  REMOTE_ORIGIN_PATTERNS,
} from './src/manifest/facts';

export default defineConfig({
  imports: false,
  // Benches ask for source maps (FOOTPRINT_SOURCEMAPS=1) to name the functions in their CPU profiles; `hidden` leaves the scripts unchanged.
  vite: () => ({
    build: { sourcemap: process.env.FOOTPRINT_SOURCEMAPS === '1' ? 'hidden' : false },
    plugins: [storeSafeBundle(), preact(), inlinePageCss()],
  }),
  hooks: {
    // The tokenizer engine and vocabularies, as files the worker reads when a family first needs one (src/counting/tokens.ts).
    // And the modules content scripts import only when used (the attachment and PDF readers: scripts/build/lazy-modules.ts).
    'build:publicAssets': async (wxt, files) => {
      files.push(...shippedVocabularies(), ...(await buildLazyModules(wxt.config.root, wxt.config.mode)));
    },
    // The popup is built on its own, so its page loads one module file instead of chunks shared with the
    // welcome and methodology pages: each extra file is one more fetch before the first numbers show.
    'entrypoints:grouped': (_wxt, groups) => {
      const pages = groups.find((g): g is Entrypoint[] => Array.isArray(g) && g.some((e) => e.type === 'popup'));
      if (!pages || pages.length === 1) return;
      const popup = pages.findIndex((e) => e.type === 'popup');
      groups.push(pages.splice(popup, 1));
    },
  },
  zip: { excludeSources: ['var/**', 'bench/results/**', 'test/e2e/screenshots/**', 'test/e2e/.screenshots/**', 'docs/store-assets/**', '.ci/**'] },
  manifest: ({ browser }) => ({
    // Name and description in every language the extension ships: public/_locales/<lang>/messages.json.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    icons: MANIFEST_ICONS,
    // No unlimitedStorage: ten years of heavy use stay under the default quota (test/unit/manifest/storage-quota.test.ts).
    permissions: ['storage', 'alarms'],
    host_permissions: CHAT_HOST_MATCHES,
    // The user's own Footprint Calculation Service origin is asked for at the moment they enable remote mode.
    optional_host_permissions: REMOTE_ORIGIN_PATTERNS,
    action: { default_title: '__MSG_extName__', default_icon: MANIFEST_ICONS },
    // The lazily imported modules, for the chat pages only: a page can tell the extension is installed
    // by fetching one, as with any web-accessible file; they hold no data.
    web_accessible_resources:
      browser === 'firefox' ? LAZY_MODULES.map((m) => m.file) : [{ resources: LAZY_MODULES.map((m) => m.file), matches: CHAT_HOST_MATCHES }],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'ai-chat-footprint@footprint.example',
              strict_min_version: FIREFOX_MIN_VERSION,
              data_collection_permissions: FIREFOX_DATA_COLLECTION,
            },
          },
          // Firefox MV2 has no optional_host_permissions: origins go in optional_permissions, with the optional APIs.
          optional_permissions: [...REMOTE_ORIGIN_PATTERNS, ...OPTIONAL_API_PERMISSIONS],
          browser_action: { default_title: '__MSG_extName__', default_icon: MANIFEST_ICONS },
          content_security_policy: EXTENSION_PAGES_CSP,
        }
      : {
          minimum_chrome_version: MINIMUM_CHROME_VERSION,
          optional_permissions: [...OPTIONAL_API_PERMISSIONS],
          content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
        }),
  }),
});
