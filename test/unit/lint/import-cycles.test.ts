/**
 * No import cycle in src/, type-only imports included. ESLint's import-x/no-cycle (eslint.config.js,
 * for the service) skips type-only imports, so a cycle made of them would pass it: here every
 * static import and re-export of every file of src/ is read with TypeScript's own pre-processor
 * (no type check, so it stays fast), and the graph is searched for a cycle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sourceFiles(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** The file a relative specifier names, or null (a package, or a file that is not TypeScript). */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(join(root, f))) ?? null;
}

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, false);
  return importedFiles.flatMap((i) => resolve(file, i.fileName) ?? []);
}

/** One cycle of the graph (its files in import order, the first repeated at the end), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

describe('imports in src/', () => {
  it('make no cycle, type-only imports included', () => {
    const graph = new Map(sourceFiles().map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycle(graph)).toBeNull();
  });

  it('a cycle of type-only imports is found', () => {
    const graph = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/c.ts']],
      ['src/c.ts', ['src/a.ts']],
    ]);
    expect(findCycle(graph)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts']);
    // The pre-processor reads `import type` as an import, as the check above relies on.
    expect(ts.preProcessFile("import type { X } from './x';", true, false).importedFiles.map((i) => i.fileName)).toEqual(['./x']);
  });
});
