// ESLint rule `project/layer-imports`: a folder (layer) may import only what its options allow.
// It resolves specifiers by text, not on disk, so it judges a file by the folder it sits in
// and an import by the folder it points to, whichever files exist there.
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT_ALIASES = ['@@/', '~~/', '@/', '~/'];

/**
 * What an import specifier points to, seen from `file`.
 * @returns {{ folder: string } | { module: string, builtin: boolean }}
 */
export function importTarget(specifier, file, root) {
  const alias = ROOT_ALIASES.find((prefix) => specifier.startsWith(prefix));
  if (alias || ['@', '~', '@@', '~~'].includes(specifier)) {
    return { folder: toPosix(alias ? specifier.slice(alias.length) : '.') };
  }
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return { folder: toPosix(path.relative(root, path.resolve(path.dirname(file), specifier))) };
  }
  // `#imports` is WXT's auto-import module; other `#x` names are package subpath imports.
  if (specifier === '#imports') return { module: 'wxt', builtin: false };
  const module = specifier.replace(/^node:/, '');
  const builtin = specifier.startsWith('node:') || builtinModules.includes(module.split('/')[0]);
  return { module, builtin };
}

const toPosix = (p) => p.split(path.sep).join('/');
// `folder` may hold `*` for one path segment: "src/features/*/rules" is every feature's rules.
const inFolder = (target, folder) => {
  if (!folder.includes('*')) return target === folder || target.startsWith(`${folder}/`);
  const pattern = folder
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}(/|$)`).test(target);
};
/** 'wxt' matches 'wxt' and 'wxt/browser'; '@wxt-dev/*' matches every package of that scope. */
const matchesPackage = (module, pattern) =>
  pattern.endsWith('/*') ? module.startsWith(pattern.slice(0, -1)) : module === pattern || module.startsWith(`${pattern}/`);

/** The first rule entry the import breaks, or null. */
export function brokenEntry(target, options) {
  if ('folder' in target) {
    if (options.allow && !(options.allow.folders ?? []).some((f) => inFolder(target.folder, f))) {
      return options.allow;
    }
    return (options.deny ?? []).find((entry) => (entry.folders ?? []).some((f) => inFolder(target.folder, f))) ?? null;
  }
  if (options.allow && (target.builtin ? !options.allow.builtins : !(options.allow.packages ?? []).some((p) => matchesPackage(target.module, p)))) {
    return options.allow;
  }
  return (
    (options.deny ?? []).find(
      (entry) => (target.builtin && entry.builtins) || (!target.builtin && (entry.packages ?? []).some((p) => matchesPackage(target.module, p))),
    ) ?? null
  );
}

const entrySchema = {
  type: 'object',
  properties: {
    folders: { type: 'array', items: { type: 'string' } },
    packages: { type: 'array', items: { type: 'string' } },
    builtins: { type: 'boolean' },
    what: { type: 'string' },
  },
  additionalProperties: false,
};

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each layer (folder) to the imports its layer rule allows' },
    schema: [
      {
        type: 'object',
        properties: { layer: { type: 'string' }, why: { type: 'string' }, allow: entrySchema, deny: { type: 'array', items: entrySchema } },
        required: ['layer', 'why'],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: '{{layer}} must not import "{{specifier}}" ({{what}}): {{why}}.' },
  },
  create(context) {
    const options = context.options[0];
    const root = context.settings.projectRoot ?? context.cwd;
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const entry = brokenEntry(importTarget(source.value, context.filename, root), options);
      if (!entry) return;
      context.report({
        node: source,
        messageId: 'forbidden',
        data: { layer: options.layer, specifier: source.value, what: entry.what ?? 'outside its layer', why: options.why },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportEqualsDeclaration: (node) => check(node.moduleReference.expression),
    };
  },
};
