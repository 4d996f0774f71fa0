/** chatgpt.com and chat.openai.com. */
import type { PageMessage, Role, SiteAdapter } from './adapter';
import { anyMatches, firstElement, firstMatching, labelText, segmentAfter, visibleText } from './dom';

/** Message elements, newest markup variants first where both exist (2026-07 A/B rollout). */
const MESSAGE_CHAIN = ['[data-message-author-role]', 'li[data-message-role]', '[data-testid^="conversation-turn-"][data-turn]'];
const STOP_CHAIN = ['button[data-testid="stop-button"]', '[data-testid="stop-button"]', '.result-streaming'];
const MODEL_CHAIN = ['[data-testid="model-switcher-dropdown-button"]'];

function roleOf(el: Element): Role | null {
  const role = el.getAttribute('data-message-author-role') ?? el.getAttribute('data-message-role') ?? el.getAttribute('data-turn');
  return role === 'user' || role === 'assistant' ? role : null;
}

function idOf(el: Element): string | null {
  return el.getAttribute('data-message-id') ?? el.getAttribute('data-turn-id') ?? el.querySelector('[data-message-id]')?.getAttribute('data-message-id') ?? null;
}

export const chatgpt: SiteAdapter = {
  site: 'chatgpt',
  streamingSignal: 'reliable',
  sendButtonSelector: '[data-testid="send-button"], #composer-submit-button',

  findTurns(doc) {
    const conversation = chatgpt.conversationId(doc.location?.href ?? '') ?? 'new';
    const out: PageMessage[] = [];
    firstMatching(doc, MESSAGE_CHAIN).forEach((element, index) => {
      const role = roleOf(element);
      if (!role) return;
      const own = idOf(element);
      out.push({ id: own ?? `${conversation}:${index}:${role}`, role, element, pageId: own !== null });
    });
    return out;
  },

  readText: ({ element }) => visibleText(element),

  isStreaming: (doc) => anyMatches(doc, STOP_CHAIN),

  readModelLabel(doc) {
    const assistants = doc.querySelectorAll('[data-message-model-slug]');
    const slug = assistants[assistants.length - 1]?.getAttribute('data-message-model-slug');
    return slug || labelText(firstElement(doc, MODEL_CHAIN));
  },

  conversationId: (url) => segmentAfter(url, ['c']),
};
