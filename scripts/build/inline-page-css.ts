/**
 * Extension pages (popup, welcome, methodology) carry their stylesheet in the HTML instead of
 * linking it. A linked stylesheet in the head blocks the page's module script until it has
 * arrived, and an extension resource arrives late: Chromium serves each one through the browser
 * process, one after another (bench/popup.bench.ts shows what each fetch costs an open). Inline
 * styles are allowed by the default extension-page CSP (it restricts scripts, not styles) in
 * Chrome MV3 and Firefox MV2.
 */
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

export function inlinePageCss(): Plugin {
  return {
    name: 'inline-page-css',
    enforce: 'post',
    apply: 'build',
    generateBundle(_options, bundle) {
      const inlined = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.html') || typeof file.source !== 'string') continue;
        file.source = file.source.replace(STYLESHEET_LINK, (link, cssFile: string) => {
          const css = bundle[cssFile];
          if (!css || css.type !== 'asset') return link;
          inlined.add(cssFile);
          // A stylesheet cannot end the element early: `</style` inside it is escaped as CSS allows.
          return `<style>${String(css.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      }
      for (const cssFile of inlined) delete bundle[cssFile];
    },
  };
}
