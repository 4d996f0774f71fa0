/**
 * gemini.google.com: the site's one data module (what it is, the selectors its reader reads, where
 * the page names the model; see src/sites/site-data.ts). Angular custom elements, the same in every UI language.
 */
import { defineSite } from '../site-data';

export const geminiSite = defineSite({
  site: 'gemini',
  hosts: ['gemini.google.com'],
  modelFamily: 'gamma',
  conversationUrls: ['/app/:id', '/u/*/app/:id', '/gem/*/:id', '/u/*/gem/*/:id'],
  version: 2,
  selectors: {
    pair: ['.conversation-container[id]'],
    prompt: ['user-query'],
    answer: ['model-response'],
    answerText: ['message-content', '.markdown'],
    thoughts: ['model-thoughts, [data-test-id="model-thoughts"]'],
    /** Generated images; when the custom element is renamed, the image component inside, or the generated-images attachment's image slots. */
    generatedImage: ['generated-image', 'single-image', '.attachment-container.generated-images .image-container'],
    /** The send button turns into a stop button; its aria-label is localized, so icon and class signals come first. */
    stop: [
      'mat-icon[fonticon="stop"]',
      'button.send-button.stop',
      '[data-test-id="stop-button"]',
      'message-content[aria-busy="true"]',
      'button[aria-label="Stop response"]',
    ],
    actions: ['message-actions'],
    /** Where the answer's busy flag sits: its text panel in real pages, the content element in older notes. */
    busy: ['message-content .markdown[aria-busy]', 'message-content[aria-busy]'],
    model: ['[data-test-id="bard-mode-menu-button"]', 'button.input-area-switch', '[data-test-id="model-selector"]'],
  },
  otherSelectors: {
    promptText: ['.query-text', 'user-query-content'],
    thoughtsText: '[data-test-id="thoughts-content"], .thoughts-content-expanded',
    /** Last resort: generated pictures are shown from blob: URLs (uploads sit in the prompt, search images are remote). */
    blobImage: 'img[src^="blob:"]',
    searchImages: '.attachment-container.search-images',
    upload: 'user-query-file-preview',
  },
});
