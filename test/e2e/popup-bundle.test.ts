/**
 * The built popup page (both targets) starts from one module file with no static imports: every
 * chunk it would share with the welcome and methodology pages is one more extension fetch before
 * the first numbers (wxt.config.ts builds the popup on its own; bench/popup.bench.ts shows the
 * time an open spends on them). Lazy parts (`import()`) stay separate files.
 *
 * The popup needs each site's data module only (its facts and selectors, src/sites/<site>/facts.ts):
 * none of the files it loads holds a site's reader, checked by name (the adapter's methods, whose
 * names survive minification), not by trusting the bundler to drop them.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../support/adapters';
import { BUILT_EXTENSION } from './support/extension-page';
import { FIREFOX_EXTENSION_DIR } from './support/firefox-driver';

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{][^'"`]*?from\s*)?["'`]/;

/** The script files a page loads: its script tags and every module they import, statically or lazily. */
function loadedScripts(dir: string, html: string): string[] {
  const queue = [...html.matchAll(/<script\b[^>]*src="\/?([^"]+)"/g)].map((m) => join(dir, m[1]));
  const seen = new Set<string>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["'`](\.{1,2}\/[^"'`]+)["'`]/g)) queue.push(join(dirname(file), m[1]));
  }
  return [...seen];
}

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

  it("holds no site's reader (none of the adapters' methods)", () => {
    const scripts = loadedScripts(dir, html);
    expect(scripts.length).toBeGreaterThan(1);
    const code = scripts.map((file) => readFileSync(file, 'utf8')).join('\n');
    // Every reader defines these, in a call whose method names the minifier keeps.
    const methods = ['findTurns', 'readText', 'streaming'] as const;
    for (const adapter of Object.values(ADAPTERS)) for (const name of methods) expect(typeof adapter[name]).toBe('function');
    expect(methods.filter((name) => new RegExp(`\\b${name}\\s*\\(`).test(code))).toEqual([]);
  });

  it('has no static import in that module (only lazy import() calls)', () => {
    const code = readFileSync(join(dir, modules[0]), 'utf8');
    expect(code.length).toBeGreaterThan(10_000);
    expect(code).not.toMatch(STATIC_IMPORT);
  });
});
