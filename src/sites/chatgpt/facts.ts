/**
 * chatgpt.com: the site's one data module. What the site is (hosts, conversation URLs, model
 * family), the selectors its reader reads the page with (the page report counts the named ones, the
 * drift tests remove and rename them) and where its page names the model. The registry
 * (src/sites/index.ts), the manifest and the popup import only this; the reader (./reader.ts,
 * ./selectors.ts) reads its selectors from here. Only data-/aria- hooks and structure: never UI text
 * (it is localized) and never a hashed class alone.
 */
import { defineSite } from '../site-data';

export const chatgptSite = defineSite({
  site: 'chatgpt',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  modelFamily: 'alpha',
  conversationUrls: ['/c/:id', '/g/*/c/:id', '/uc/:id'],
  // A new chat shows /c/local-<uuid> until the server gives it its id: not a conversation yet.
  draftIdPrefix: 'local-',
  version: 2,
  selectors: {
    /** a, classic: each message, with its role and `data-message-id`. */
    messageA: ['[data-message-author-role]'],
    /** b: `ol[data-conversation-transcript] > li[data-message-role]`. */
    messageB: ['li[data-message-role]'],
    /** c: the units of a turn, keyed `<turn>:<n>:user|assistant` (the attribute was renamed once; both are served). */
    unitC: ['[data-chatgpt-search-unit-key]', '[data-content-search-unit-key]'],
    turnLegacy: ['[data-testid^="conversation-turn-"][data-turn]'],
    turnA: ['[data-testid^="conversation-turn-"]'],
    turnC: ['[data-turn-key]'],
    promptB: ['[data-user-message-copy]'],
    bubble: ['[data-user-message-bubble]'],
    answerB: ['[data-assistant-markdown]'],
    answerC: ['[data-markdown-text-style="assistant-message"]'],
    answerIdC: ['[data-chatgpt-selection-message-id]'],
    finishedB: ['[data-message-complete]'],
    streamingB: ['[data-message-streaming]'],
    stopA: ['button[data-testid="stop-button"]'],
    stopB: ['button[data-composer-submit][data-stop-generating]'],
    busyC: ['[role="status"][aria-busy="true"]'],
    conversation: ['section[data-conversation-id]'],
    reasoningC: ['[data-chatgpt-agent-turn-start]'],
    gallery: ['[data-testid="generated-image-gallery"]'],
    imagePreview: ['[data-testid="generated-image-preview"]'],
    /** The model picker (the new UI names the reasoning mode on its composer button). */
    model: ['[data-testid="model-switcher-dropdown-button"]', 'button[data-composer-navigation-target="reasoning"]'],
  },
  // The model an answer was written with is on its message element; else the model picker's visible text.
  modelLabel: {
    answerAttribute: 'data-message-model-slug',
    skip: '[role="status"],[role="alert"]',
  },
});
