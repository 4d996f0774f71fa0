/**
 * www.perplexity.ai (and perplexity.ai): the site's one data module (what it is, the selectors its
 * reader reads; see src/sites/site-data.ts). The page names the model on a line under each answer,
 * which the reader finds (`modelLabelBeside`). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

export const perplexitySite = defineSite({
  site: 'perplexity',
  hosts: ['www.perplexity.ai', 'perplexity.ai'],
  modelFamily: 'epsilon',
  conversationUrls: ['/search/:id'],
  version: 1,
  selectors: {
    prompt: ['h1.group\\/query', '.group\\/query'],
    promptText: ['.select-text'],
    answer: ['[id^="markdown-content-"]', '.prose'],
    math: ['.katex'],
  },
  otherSelectors: {
    codeLanguage: '[data-testid="code-language-indicator"]',
    /** MathML with its TeX annotation: what is read when the KaTeX wrapper's class is gone. */
    mathml: 'math',
    /** A prompt's own text: controls and hidden text left out, but not its inline link chips (role=button) or its select-none bubble. */
    promptSkip: 'button, svg, style, script, template, textarea, input, img, [hidden], [aria-hidden="true"], .sr-only',
  },
});
