import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Each case plants one import in a file that does not exist, inside the layer's folder, and lints it
// with the project's own eslint.config.js: the layer rules are judged by folder, not by the files there.
const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('', { filePath: `${root}/src/core/warm-up.ts` }); // loads the config and parsers once
}, 60_000);

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${file}` });
  // The planted imports are never used; that finding is not the one under test.
  return result.messages.filter((m) => m.ruleId !== '@typescript-eslint/no-unused-vars').map((m) => ({ rule: m.ruleId, message: m.message }));
}

type Case = [file: string, code: string];
type Violation = [file: string, code: string, broken: string, layer?: string];

const OUTSIDE_CORE = 'outside src/core and data/';
const OUTSIDE_SERVER = 'outside the service, src/core, data/, the methodology renderer and the service packages';
const TOKENIZER = 'the tokenizer and counting code';
const RULES_LAYER = 'src/features/*/rules.ts';

// [file, planted code, the part of the rule it breaks (quoted in the message)]
const violations: Record<string, Violation[]> = {
  'src/core imports only src/core, data/ and zod': [
    ['src/core/planted.ts', "import { browser } from 'wxt/browser';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { storage } from '#imports';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { defineBackground } from 'wxt/utils/define-background';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { readFileSync } from 'node:fs';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import path from 'path';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { encode } from 'gpt-tokenizer';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { ADAPTERS } from '../sites';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { countTokens } from '../counting/tokens';", OUTSIDE_CORE],
    ['src/core/deeper/planted.ts', "import { view } from '../../popup/view';", OUTSIDE_CORE],
    ['src/core/planted.ts', "export * from '../server/problem';", OUTSIDE_CORE],
    ['src/core/planted.ts', "export const later = () => import('../ledger/ledger');", OUTSIDE_CORE],
    ['src/core/planted.ts', "import readme from '../../README.md';", OUTSIDE_CORE],
    ['src/core/planted.ts', "import { x } from '@/src/storage/items';", OUTSIDE_CORE],
  ],
  'src/sites imports no tokenizer, storage or messaging': [
    ['src/sites/planted.ts', "import { encode } from 'gpt-tokenizer/encoding/o200k_base';", TOKENIZER],
    ['src/sites/planted.ts', "import { countTokens } from '../counting/tokens';", TOKENIZER],
    ['src/sites/planted.ts', "import { items } from '../storage/items';", 'storage'],
    ['src/sites/planted.ts', "import { storage } from 'wxt/utils/storage';", 'storage'],
    ['src/sites/planted.ts', "import { PROTOCOL } from '../messaging/protocol';", 'messaging'],
    ['src/sites/planted.ts', "import { browser } from 'wxt/browser';", 'extension APIs: storage and messaging'],
    ['src/sites/chatgpt/planted.ts', "import { send } from '../../messaging/messaging';", 'messaging'],
  ],
  'src/features/attachments/page imports no tokenizer, storage, messaging or extension API': [
    ['src/features/attachments/page/planted.ts', "import { encode } from 'gpt-tokenizer';", TOKENIZER],
    ['src/features/attachments/page/planted.ts', "import { countTokens } from '../../../counting/tokens';", TOKENIZER],
    ['src/features/attachments/page/planted.ts', "import { countPromptAttachments } from '../count';", TOKENIZER],
    ['src/features/attachments/page/planted.ts', "import { items } from '../../../storage/items';", 'storage'],
    ['src/features/attachments/page/planted.ts', "import { PROTOCOL } from '../../../messaging/protocol';", 'messaging'],
    ['src/features/attachments/page/planted.ts', "import { browser } from 'wxt/browser';", 'extension APIs: storage and messaging'],
  ],
  "a feature's rules are pure as the core is": [
    ['src/features/search/rules.ts', "import { browser } from 'wxt/browser';", OUTSIDE_CORE, RULES_LAYER],
    ['src/features/video/rules.ts', "import { countTokens } from '../../counting/tokens';", OUTSIDE_CORE, RULES_LAYER],
    ['src/features/voice/rules.ts', "import { hiddenWorkParts } from '../work/describe';", OUTSIDE_CORE, RULES_LAYER],
    ['src/features/attachments/codes.ts', "import { readFileSync } from 'node:fs';", OUTSIDE_CORE, RULES_LAYER],
    ['src/core/planted.ts', "import { requestFor } from '../features/work/price';", OUTSIDE_CORE],
  ],
  'src/server imports only itself, src/core, data/, the methodology renderer and its packages': [
    ...[
      'sites',
      'tracking',
      'counting',
      'ledger',
      'remote',
      'popup',
      'storage',
      'messaging',
      'worker',
      'domain',
      'i18n',
      'manifest',
      'display',
      'label',
      'welcome',
    ].map((folder): Violation => ['src/server/planted.ts', `import { x } from '../${folder}/anything';`, OUTSIDE_SERVER]),
    ['src/server/planted.ts', "import { CONTENTS } from '../methodology/contents';", OUTSIDE_SERVER],
    ['src/server/routes/planted.ts', "import { ADAPTERS } from '../../sites';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import background from '../../entrypoints/background';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import messages from '../../public/_locales/en/messages.json';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import { browser } from 'wxt/browser';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import { storage } from '#imports';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import { h } from 'preact';", OUTSIDE_SERVER],
    ['src/server/planted.ts', "import { encode } from 'gpt-tokenizer';", OUTSIDE_SERVER],
  ],
  'src/popup imports no tokenizer or counting code': [
    ['src/popup/planted.ts', "import { encode } from 'gpt-tokenizer';", TOKENIZER],
    ['src/popup/planted.ts', "import { Kitoken } from 'kitoken/web';", TOKENIZER],
    ['src/popup/planted.ts', "import { countTokens } from '../counting/tokens';", TOKENIZER],
    ['src/popup/components/Planted.tsx', "import { countTurn } from '../../counting/count-turn';", TOKENIZER],
    ['src/popup/planted.ts', "import { countHiddenWork } from '../features/work/count';", TOKENIZER],
    ['src/popup/planted.ts', "const tokens = () => import('../counting/tokens');", TOKENIZER],
  ],
};

const legal: Record<string, Case[]> = {
  'src/core': [
    ['src/core/planted.ts', "import { z } from 'zod';\nimport models from '../../data/models.json';\nimport { ok } from './errors';"],
    ['src/core/deeper/planted.ts', "import { MODELS } from '../tables';"],
  ],
  'src/sites': [
    ['src/sites/planted.ts', "import { visibleText } from './dom';\nimport { MODELS } from '../core';\nimport type { SiteId } from '../domain/site-ids';"],
  ],
  'src/server': [
    [
      'src/server/planted.ts',
      "import { Hono } from 'hono';\nimport { createServer } from 'node:http';\nimport { calculate } from '../core';\nimport { render } from '../methodology/render';\nimport plans from '../../data/plans.json';\nimport { Redis } from 'ioredis';\nimport { serve } from '@hono/node-server';",
    ],
  ],
  'src/features/attachments/page': [
    [
      'src/features/attachments/page/planted.ts',
      "import { imageSize } from 'image-size';\nimport { getDocumentProxy } from 'unpdf';\nimport { attachmentKind } from '../rules';",
    ],
  ],
  "a feature's rules": [
    [
      'src/features/search/rules.ts',
      "import { z } from 'zod';\nimport data from '../../../data/hidden-work.json';\nimport { ok } from '../../core/errors';\nimport { refuse } from '../work/rules';",
    ],
    ['src/core/planted.ts', "import { estimateSearch } from '../features/search/rules';"],
  ],
  'src/popup': [
    [
      'src/popup/planted.ts',
      "import { useState } from 'preact/hooks';\nimport { MODELS } from '../core/tables';\nimport { PROTOCOL } from '../messaging/protocol';",
    ],
  ],
};

describe('layer rules (npm run lint)', () => {
  for (const [rule, cases] of Object.entries(violations)) {
    describe(rule, () => {
      it.each(cases)('%s: fails on %s', async (file, code, broken, named) => {
        const layer = named ?? (file.startsWith('src/features/attachments/page/') ? 'src/features/attachments/page' : file.split('/').slice(0, 2).join('/'));
        const problems = await lint(file, code);
        expect(problems).toHaveLength(1);
        expect(problems[0].rule).toBe('project/layer-imports');
        expect(problems[0].message).toContain(`${layer} must not import`);
        expect(problems[0].message).toContain(`(${broken})`);
      });
    });
  }

  for (const [layer, cases] of Object.entries(legal)) {
    it.each(cases)(`${layer}: %s passes with %s`, async (file, code) => {
      expect(await lint(file, code)).toEqual([]);
    });
  }

  it('holds a test file in src/ to its layer too: tests live under test/, mirroring src/', async () => {
    const rules = (await lint('src/core/planted.test.ts', "import { it } from 'vitest';\nimport fc from 'fast-check';")).map((p) => p.rule);
    expect(rules).toContain('project/layer-imports');
  });

  describe('production code imports only `dependencies` (npm ci --omit=dev)', () => {
    it.each([
      ['scripts/keys.ts', "import { it } from 'vitest';"],
      ['src/sites/planted.ts', "import fc from 'fast-check';"],
      ['src/popup/planted.ts', "import { Window } from 'happy-dom';"],
      ['entrypoints/planted.ts', "import { chromium } from 'playwright-core';"],
    ])('%s: fails on %s', async (file, code) => {
      expect((await lint(file, code)).map((p) => p.rule)).toEqual(['project/declared-dependencies']);
    });

    it('the extension may import the WXT helpers it bundles, tests and benchmarks any devDependency', async () => {
      expect(await lint('src/popup/planted.ts', "import { browser } from 'wxt/browser';")).toEqual([]);
      expect(await lint('test/unit/planted.test.ts', "import { Window } from 'happy-dom';")).toEqual([]);
      expect(await lint('bench/planted.ts', "import { buildSync } from 'esbuild';")).toEqual([]);
    });

    it('no code imports a package that package.json does not declare', async () => {
      // `globals` is installed (ESLint needs it) but not declared: it would vanish with a dependency update.
      expect((await lint('test/unit/planted.test.ts', "import globals from 'globals';")).map((p) => p.rule)).toEqual(['project/declared-dependencies']);
    });
  });

  describe("a site's reader is imported only by its own folder and its own content script", () => {
    it.each([
      ['src/sites/claude/reader.ts', "import { readImages } from '../chatgpt/images';"],
      ['src/sites/index.ts', "import { chatgpt } from './chatgpt/reader';"],
      ['src/popup/planted.ts', "import { SELECTORS } from '../sites/chatgpt/selectors';"],
      ['src/tracking/planted.ts', "export { grok } from '../sites/grok/reader';"],
      ['entrypoints/claude.content.ts', "import { chatgpt } from '../src/sites/chatgpt/reader';"],
    ])('%s: fails on %s', async (file, code) => {
      expect((await lint(file, code)).map((p) => p.rule)).toEqual(['project/site-readers']);
    });

    it.each([
      ['entrypoints/chatgpt.content.ts', "import { chatgpt } from '../src/sites/chatgpt/reader';"],
      ['src/sites/chatgpt/reader.ts', "import { SELECTORS } from './selectors';"],
      ['src/sites/index.ts', "import { chatgptSite } from './chatgpt/facts';"],
      ['src/popup/planted.ts', "import { grokSite } from '../sites/grok/facts';\nimport { visibleText } from '../sites/dom';"],
    ])('%s: passes with %s', async (file, code) => {
      expect(await lint(file, code)).toEqual([]);
    });
  });

  it('the service has no import cycles: a route that imports app.ts (which mounts it) fails', async () => {
    const code = "import { createApp } from '../app';\nexport const again = createApp;";
    expect((await lint('src/server/routes/catalog.ts', code)).map((p) => p.rule)).toEqual(['import-x/no-cycle']);
    expect(await lint('src/server/routes/catalog.ts', "import { createRouter } from '../env';\nexport const router = createRouter;")).toEqual([]);
  });

  it('src/core may not reach the browser or Node through globals', async () => {
    const problems = await lint('src/core/planted.ts', 'export const id = () => chrome.runtime.id + process.pid;');
    expect(problems.map((p) => p.rule)).toEqual(['no-restricted-globals', 'no-restricted-globals']);
  });

  it('src/sites may not reach storage or messaging through globals', async () => {
    const problems = await lint('src/sites/planted.ts', 'export const save = () => chrome.storage.local.set({});');
    expect(problems.map((p) => p.rule)).toEqual(['no-restricted-globals']);
  });

  it("typescript-eslint's recommended rules are on", async () => {
    const problems = await lint('src/core/planted.ts', 'export const x: any = 1;');
    expect(problems.map((p) => p.rule)).toEqual(['@typescript-eslint/no-explicit-any']);
  });
});
