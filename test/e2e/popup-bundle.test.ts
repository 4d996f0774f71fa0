/**
 * The built popup page (both targets) starts from one module file with no static imports: every
 * chunk it would share with the welcome and methodology pages is one more extension fetch before
 * the first numbers (wxt.config.ts builds the popup on its own; bench/popup.bench.ts shows the
 * time an open spends on them). Lazy parts (`import()`) stay separate files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_EXTENSION } from './support/extension-page';
import { FIREFOX_EXTENSION_DIR } from './support/firefox-driver';

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{][^'"`]*?from\s*)?["'`]/;

describe.each([
  ['chrome-mv3', BUILT_EXTENSION],
  ['firefox-mv2', FIREFOX_EXTENSION_DIR],
])('the %s popup page', (_target, dir) => {
  const html = readFileSync(join(dir, 'popup.html'), 'utf8');
  const modules = [...html.matchAll(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);

  it('loads one module script and preloads nothing else', () => {
    expect(modules).toHaveLength(1);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
  });

  it('has no static import in that module (only lazy import() calls)', () => {
    const code = readFileSync(join(dir, modules[0]), 'utf8');
    expect(code.length).toBeGreaterThan(10_000);
    expect(code).not.toMatch(STATIC_IMPORT);
  });
});
