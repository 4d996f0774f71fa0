/**
 * Build-time patches that keep four dead library paths out of the extension bundle,
 * so the Firefox build passes `web-ext lint` with no warnings (test/e2e/store-manifest.test.ts):
 *
 * - zod probes `Function('')` to decide whether to compile validators (its JIT). Extension
 *   pages forbid eval by CSP, so the probe always fails there; answering `false` up front is
 *   the same result without the eval (and without the CSP violation report the probe causes).
 * - Preact's `dangerouslySetInnerHTML` assigns raw HTML to `innerHTML`. No component of ours
 *   uses it; the patched build throws instead, so no HTML string can reach the DOM through Preact.
 * - kitoken's `web` init falls back to `new URL('web_bg.wasm', import.meta.url)` when given no
 *   module; Vite would inline that 1.4 MB file into the worker as base64, parsed at every worker
 *   start. The worker always passes the shipped tokenizers/kitoken.wasm (src/counting/tokens.ts),
 *   so the fallback is dropped.
 * - PDF.js (unpdf's build, src/features/attachments/page/pdf-reader.ts) probes `new Function('')` and, where eval is
 *   allowed, compiles PostScript functions with `new Function`. The reader turns eval off
 *   (`isEvalSupported: false`) and the CSP forbids it anyway; every `new Function(...)` becomes a call
 *   that throws, which the probe already reads as "no eval".
 *
 * Each patch fails the build if its library changed shape, rather than silently doing nothing.
 */
import type { Plugin } from 'vite';

interface Patch {
  file: RegExp;
  find: RegExp;
  replace: string;
}

const PATCHES: Patch[] = [
  {
    file: /[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/,
    find: /export const allowsEval = \/\* @__PURE__\*\/ cached\(\(\) => \{[\s\S]*?\n\}\);/,
    replace: 'export const allowsEval = /* @__PURE__*/ cached(() => false);',
  },
  {
    file: /[\\/]preact[\\/]dist[\\/]preact\.(mjs|module\.js)$/,
    find: /\((\w)\.innerHTML=(\w)\.__html\)/,
    replace: '(()=>{throw Error("dangerouslySetInnerHTML is disabled in this extension")})()',
  },
  {
    file: /[\\/]unpdf[\\/]dist[\\/]pdfjs\.mjs$/,
    find: /new Function\(/g,
    replace: '(()=>{throw Error("eval is disabled in this extension")})(',
  },
  {
    file: /[\\/]kitoken[\\/]dist[\\/]web\.js$/,
    find: /module_or_path = new URL\('web_bg\.wasm', import\.meta\.url\);/,
    replace: 'throw new Error("kitoken: no WebAssembly module given");',
  },
];

export function storeSafeBundle(): Plugin {
  return {
    name: 'footprint:store-safe-bundle',
    enforce: 'pre',
    transform(code, id) {
      const patch = PATCHES.find((p) => p.file.test(id.split('?')[0]!));
      if (!patch) return null;
      if (!patch.find.test(code)) this.error(`store-safe-bundle: ${id} no longer matches ${patch.find}; update scripts/build/store-safe-bundle.ts`);
      return { code: code.replace(patch.find, patch.replace), map: null };
    },
  };
}
