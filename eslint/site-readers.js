// ESLint rule `project/site-readers`: a site's reader (every file in src/sites/<site>/ but its
// facts.ts) is imported only from that site's folder and by its own content script
// (entrypoints/<site>.content.ts). The registry and the popup need only the facts; a page loads
// only its own site's reader. Specifiers are resolved by text, as in layer-imports.js.
import path from 'node:path';
import { importTarget } from './layer-imports.js';

/** The site whose reader `folder` (a path from the project root, without extension) is in, or null. */
export function readerSite(folder) {
  const [src, sites, site, ...rest] = folder.split('/');
  if (src !== 'src' || sites !== 'sites' || rest.length === 0 || rest.join('/') === 'facts') return null;
  return site;
}

/** Whether the file at `relative` (from the project root) may import the reader of `site`. */
export const mayImportReader = (relative, site) => relative.startsWith(`src/sites/${site}/`) || relative === `entrypoints/${site}.content.ts`;

/** @type {import('eslint').Rule.RuleModule} */
export const siteReaders = {
  meta: {
    type: 'problem',
    docs: { description: "Import a site's reader only from its own folder and its own content script" },
    schema: [],
    messages: {
      forbidden:
        '"{{specifier}}" is the {{site}} reader: only src/sites/{{site}}/ and entrypoints/{{site}}.content.ts import it (the registry and the popup import src/sites/{{site}}/facts.ts).',
    },
  },
  create(context) {
    const root = context.settings.projectRoot ?? context.cwd;
    const relative = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = importTarget(source.value, context.filename, root);
      if (!('folder' in target)) return;
      const site = readerSite(target.folder);
      if (site && !mayImportReader(relative, site)) context.report({ node: source, messageId: 'forbidden', data: { specifier: source.value, site } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
