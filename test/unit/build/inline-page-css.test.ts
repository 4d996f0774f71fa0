import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { inlinePageCss } from '../../../scripts/build/inline-page-css';

const asset = (fileName: string, source: string) => ({
  type: 'asset' as const,
  fileName,
  source,
  name: fileName,
  names: [],
  originalFileName: null,
  originalFileNames: [],
  needsCodeReference: false,
});

function build(files: Record<string, string>): Record<string, string> {
  const bundle = Object.fromEntries(Object.entries(files).map(([name, source]) => [name, asset(name, source)])) as unknown as Rollup.OutputBundle;
  const hook = inlinePageCss().generateBundle as (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;
  hook.call({}, {}, bundle);
  return Object.fromEntries(Object.entries(bundle).map(([name, file]) => [name, String((file as { source: string }).source)]));
}

describe('extension pages carry their stylesheet inline', () => {
  it('replaces each page’s stylesheet link with its CSS and drops the CSS file', () => {
    const out = build({
      'popup.html': '<head><script type="module" src="/chunks/popup.js"></script><link rel="stylesheet" crossorigin href="/assets/popup-1.css"></head>',
      'welcome.html': '<head><link rel="stylesheet" href="/assets/welcome-2.css"></head>',
      'assets/popup-1.css': 'body{width:380px}',
      'assets/welcome-2.css': 'h1{margin:0}',
    });
    expect(out['popup.html']).toBe('<head><script type="module" src="/chunks/popup.js"></script><style>body{width:380px}</style></head>');
    expect(out['welcome.html']).toBe('<head><style>h1{margin:0}</style></head>');
    expect(Object.keys(out).sort()).toEqual(['popup.html', 'welcome.html']);
  });

  it('leaves a link to a file the build did not make, and CSS no page links', () => {
    const out = build({
      'page.html': '<link rel="stylesheet" href="/assets/elsewhere.css">',
      'content-scripts/chatgpt.css': '.label{}',
    });
    expect(out['page.html']).toBe('<link rel="stylesheet" href="/assets/elsewhere.css">');
    expect(out['content-scripts/chatgpt.css']).toBe('.label{}');
  });

  it('never lets the CSS close the style element early', () => {
    const out = build({ 'p.html': '<link rel="stylesheet" href="/assets/p.css">', 'assets/p.css': 'a::after{content:"</style><script>"}' });
    expect(out['p.html']).toBe('<style>a::after{content:"<\\/style><script>"}</style>');
  });
});
