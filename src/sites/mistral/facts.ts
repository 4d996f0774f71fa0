/**
 * chat.mistral.ai (Le Chat): the site's one data module (what it is, the selectors its reader
 * reads, where the page names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite, GENERIC_STOP } from '../site-data';

export const mistralSite = defineSite({
  site: 'mistral',
  hosts: ['chat.mistral.ai'],
  modelFamily: 'zeta',
  conversationUrls: ['/chat/:id', '/work/:id'],
  version: 3,
  selectors: {
    message: ['[data-message-author-role]', '[data-message-id]'],
    /** Answer parts; `.markdown-container-style` in markup without parts (2025). */
    answerPart: ['[data-message-part-type="answer"]', '.markdown-container-style'],
    reasoningPart: ['[data-message-part-type="reasoning"]'],
    textPart: ['[data-testid="text-message-part"]'],
    prompt: ['.select-text'],
    /** The stop button's label in the UI languages seen or expected, then its icon in any language; English also through GENERIC_STOP. */
    stop: [
      'button[aria-label="Stop generating"]',
      'button[aria-label="Arrêter la génération"]',
      'button[aria-label="Generierung stoppen"]',
      'button[aria-label="Detener la generación"]',
      'form rect[rx="2"]',
      ...GENERIC_STOP,
    ],
    model: ['[data-testid="model-selector"]', 'button[aria-label*="model" i]'],
  },
});
