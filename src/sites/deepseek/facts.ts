/**
 * chat.deepseek.com: the site's one data module (what it is, the selectors its reader reads, where
 * the page names the model; see src/sites/site-data.ts). Only `ds-` design-system classes, `data-`
 * attributes and structure, never a hashed class, but for the 2025 markup kept for pages still served with it.
 */
import { defineSite } from '../site-data';

export const deepseekSite = defineSite({
  site: 'deepseek',
  hosts: ['chat.deepseek.com'],
  modelFamily: 'delta',
  conversationUrls: ['/a/chat/s/:id', '/chat/s/:id'],
  version: 3,
  selectors: {
    listItem: ['[data-virtual-list-item-key]'],
    message: ['.ds-message'],
    prompt: ['.ds-collapsible-text'],
    answer: ['.ds-assistant-message-main-content', '.ds-markdown'],
    reasoning: ['.ds-think-content'],
    sendButton: ['.ds-button--primary.ds-button--circle'],
  },
  otherSelectors: {
    /** The round button's class when it is disabled. */
    disabledClass: 'ds-button--disabled',
    /** 2025 markup (hashed names of that release). */
    legacyAnswer: 'div.ds-markdown.ds-markdown--block',
    legacyPrompt: '._9663006 .fbb737a4',
  },
  // The mode, not a model name: the 2026-04 page has Instant/Expert radios (the checked one's label),
  // older pages a row of toggles whose first is DeepThink (the reasoning model) when pressed.
  modelLabel: {
    checked: '[role="radio"][aria-checked="true"]',
    pressed: { selector: '.ds-toggle-button', pressedClass: 'ds-toggle-button--selected', label: 'DeepThink' },
  },
});
