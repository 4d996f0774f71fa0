/**
 * No test-only exports: a value `src/` exports is there because other code of the extension, the
 * service or the build uses it, not only a test or a bench. A test drives the public function, or
 * reads the data file or the behaviour a constant stands for; it needs no seam of its own.
 *
 * Read from the source text with TypeScript's parser (no type check, so it stays fast): every
 * import, re-export, `import()`, `vi.mock()` and `require()` of every file, followed through
 * barrels (`export * from`, `export { x } from`) to the file that declares the value. Types are
 * left out: they are erased, and a test naming the type of a public function's argument adds no seam.
 * Every file of `src/` is held to it; what is left is listed with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LAZY_MODULES } from '../../../scripts/build/lazy-modules';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Test-only exports left, `file#name`, each with why it stays. */
const ALLOWED = new Map<string, string>();

/** The lazy modules' entries: the built extension imports them by URL, so whatever they export is used. */
const LAZY_ENTRIES = new Set(LAZY_MODULES.map((m) => m.entry));

const isTest = (file: string): boolean => file.startsWith('test/') || file.startsWith('bench/');

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(tsx?|m?js)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const FILES = [
  ...['src', 'entrypoints', 'scripts', 'eslint', 'test', 'bench'].flatMap(filesUnder),
  ...readdirSync(root).filter((f) => /\.(ts|m?js)$/.test(f)),
].filter((f) => !f.includes('node_modules') && !f.startsWith('test/fixtures/'));
const KNOWN = new Set(FILES);

function resolveModule(from: string, specifier: string): string | null {
  const path = specifier.startsWith('@/') ? specifier.slice(2) : specifier.startsWith('.') ? join(dirname(from), specifier) : null;
  if (path === null) return null;
  const base = normalize(path);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (KNOWN.has(candidate)) return candidate;
  }
  return null;
}

interface ModuleFacts {
  /** Exported name: declared here (`value`: not a type), or passed on from another file. */
  exports: Map<string, { value: boolean; from?: { file: string; name: string } }>;
  /** `export * from` these files. */
  stars: string[];
  /** What this file takes from others: a name, or '*' for all of them (a namespace passed on whole, `import()`, a mock). */
  uses: Array<{ file: string; name: string }>;
}

const modifiersOf = (node: ts.Node): readonly ts.Modifier[] => (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []);
const hasExport = (node: ts.Node): boolean => modifiersOf(node).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function readModule(file: string): ModuleFacts {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const facts: ModuleFacts = { exports: new Map(), stars: [], uses: [] };
  const namespaces = new Map<string, string>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      const clause = statement.importClause;
      if (!target || !clause) continue;
      if (clause.name) facts.uses.push({ file: target, name: 'default' });
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target);
      else if (bindings) for (const e of bindings.elements) facts.uses.push({ file: target, name: (e.propertyName ?? e.name).text });
    } else if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? resolveModule(file, statement.moduleSpecifier.text) : null;
      const clause = statement.exportClause;
      if (!clause) {
        if (target) facts.stars.push(target);
      } else if (ts.isNamespaceExport(clause)) {
        if (target) facts.uses.push({ file: target, name: '*' });
        facts.exports.set(clause.name.text, { value: true });
      } else {
        for (const e of clause.elements) {
          const local = (e.propertyName ?? e.name).text;
          const value = !statement.isTypeOnly && !e.isTypeOnly;
          facts.exports.set(e.name.text, target ? { value, from: { file: target, name: local } } : { value });
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      facts.exports.set('default', { value: true });
    } else if (hasExport(statement)) {
      const value = !ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement);
      const isDefault = modifiersOf(statement).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) facts.exports.set(d.name.text, { value });
      } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
        facts.exports.set(isDefault ? 'default' : (statement.name as ts.Identifier).text, { value });
      } else if (isDefault) facts.exports.set('default', { value });
    }
  }
  // `ns.name` of a namespace import; `import('x')`, `vi.mock('x')` and `require('x')` take everything.
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      facts.uses.push({ file: namespaces.get(node.expression.text)!, name: node.name.text });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword || /^(require|vi\.(mock|doMock|importActual))$/.test(callee)) {
        const target = resolveModule(file, node.arguments[0].text);
        if (target) facts.uses.push({ file: target, name: '*' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** Each held value export whose users, outside its own file, are all tests or benches: `file#name`. */
function testOnlyExports(): string[] {
  const modules = new Map(FILES.map((f) => [f, readModule(f)]));
  const origin = (file: string, name: string, seen = new Set<string>()): string | null => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const facts = modules.get(file);
    if (!facts) return null;
    const own = facts.exports.get(name);
    if (own) return own.from ? origin(own.from.file, own.from.name, seen) : key;
    for (const star of facts.stars) {
      const found = origin(star, name, seen);
      if (found) return found;
    }
    return null;
  };
  /** Who takes each value: from the file that declares it (through any barrel), and from the file named in the import. */
  const users = new Map<string, Set<string>>();
  const use = (key: string, by: string) => {
    if (!users.has(key)) users.set(key, new Set());
    users.get(key)!.add(by);
  };
  for (const [file, facts] of modules) {
    for (const { file: target, name } of facts.uses) {
      if (name !== '*') {
        const key = origin(target, name);
        if (key) use(key, file);
        if (key !== `${target}#${name}`) use(`${target}#${name}`, file);
      } else if (!isTest(file)) {
        // Everything a production file takes whole counts as used by it (a test's mock names nothing).
        for (const exported of modules.get(target)?.exports.keys() ?? []) {
          const key = origin(target, exported);
          if (key) use(key, file);
        }
      }
    }
  }
  const found: string[] = [];
  for (const [file, facts] of modules) {
    if (!file.startsWith('src/') || LAZY_ENTRIES.has(file)) continue;
    for (const [name, exported] of facts.exports) {
      // A folder's index.ts is its public face: what it passes on is judged where it is declared.
      if (!exported.value || (exported.from && file.endsWith('/index.ts'))) continue;
      const key = `${file}#${name}`;
      const by = [...(users.get(key) ?? [])].filter((f) => f !== file);
      if (by.length > 0 && by.every(isTest)) found.push(key);
    }
  }
  return found.sort();
}

describe('exports', () => {
  it('holds no value in src/ that only tests and benches use, but those listed with a reason', () => {
    const found = testOnlyExports();
    expect(found.filter((key) => !ALLOWED.has(key))).toEqual([]);
    // An allowance that is no longer needed goes: the list says what is left, nothing more.
    expect([...ALLOWED.keys()].filter((key) => !found.includes(key))).toEqual([]);
  }, 60_000); // parses every source file: a few seconds, more on a busy machine
});
