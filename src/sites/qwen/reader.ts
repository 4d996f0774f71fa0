/**
 * chat.qwen.ai. Conversations live at `/c/<uuid>`; a new chat starts at `/` and moves there while
 * its first answer is written. Read as maintained exporters read it (their sources:
 * test/fixtures/sites/README.md):
 *
 * - each message is a `.qwen-chat-message` with `.qwen-chat-message-user` or
 *   `.qwen-chat-message-assistant`, its id `qwen-chat-message-<role>-<uuid>` (a page id);
 * - a prompt's text is `p.user-message-content`; an answer's is `.qwen-markdown` inside its
 *   `.response-message-content` (code blocks are an editor whose lines are `.view-line`);
 * - a thinking answer shows a card (`.qwen-chat-thinking-tool-status-card-wraper`) whose title says
 *   it thought ("Thought completed"); the thinking itself is not in the answer;
 * - a finished answer gets its footer (`.response-message-footer`: actions, the sources row);
 * - a picture it drew is an image in a `t2i` answer.
 *
 * Qwen's models are not in the model table: every turn counts as `custom` at the `qwen` rate of
 * data/custom-rates.json, in Qwen3's own vocabulary (docs/methodology.md).
 */
import { defineAdapter } from '../adapter';
import type { GeneratedImage, ReasoningRead, Role, SiteAdapter } from '../types';
import { GENERIC_STOP } from '../site-data';
import { qwenSite } from './facts';
import {
  messagesBy,
  newestAnswerBy,
  CHROME_SELECTOR,
  firstElement,
  firstMatching,
  isIcon,
  joinTexts,
  labelText,
  streamingBy,
  visibleText,
  withPageIds,
} from '../dom';

const { selectors: S, otherSelectors: O } = qwenSite;
const STOP = [O.stop, ...GENERIC_STOP];
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${S.thinking.join(', ')}, ${O.code}, ${O.textChrome}`;

/** A message's role: by its class, else by its id (`qwen-chat-message-user-…`). */
function roleOf(el: Element): Role | null {
  const id = el.id;
  if (el.classList.contains('qwen-chat-message-user') || id.startsWith('qwen-chat-message-user-')) return 'user';
  if (el.classList.contains('qwen-chat-message-assistant') || id.startsWith('qwen-chat-message-assistant-')) return 'assistant';
  return null;
}

const messages = (doc: Document) => messagesBy(doc, S.message, roleOf);

const newestAnswer = (doc: Document): Element | undefined => newestAnswerBy(doc, S.message, roleOf);

const hasFooter = (answer: Element): boolean => firstElement(answer, S.footer) !== null;

/** A code block's text: its editor's lines, one per line (the editor's line numbers and controls left out). */
function codeText(el: Element): string | null {
  if (!el.matches(O.code)) return null;
  const lines = Array.from(el.querySelectorAll(O.codeLine), (line) => (line.textContent ?? '').replace(/\u00a0/g, ' '));
  return `\n${lines.join('\n')}\n`;
}

export const qwen: SiteAdapter = defineAdapter(qwenSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: O.sendButton,

  findTurns(doc, conversation) {
    return withPageIds(conversation, messages(doc), (element) =>
      element.id.startsWith('qwen-chat-message-') ? element.id.slice('qwen-chat-message-'.length) : null,
    );
  },

  readText({ role, element }) {
    if (role === 'user') {
      const prompt = firstElement(element, S.prompt);
      return prompt ? visibleText(prompt) : '';
    }
    const parts = firstMatching(element, S.answer);
    return joinTexts(parts, (p) => visibleText(p, ANSWER_SKIP, codeText));
  },

  /** The card says only that the answer thought ("Thought completed"): no text, and a duration only if its title gives one. */
  readReasoning({ element }): ReasoningRead | null {
    const card = firstElement(element, S.thinking);
    if (!card) return null;
    return { text: null, summaryOnly: false, durationLabel: labelText(card.querySelector(O.thinkingTitle) ?? card) };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return Array.from(element.querySelectorAll(O.generatedImage))
      .filter((img) => !isIcon(img))
      .map((img, i) => ({ key: `${id}:image:${i}`, ready: /^(https?|blob):/.test(img.getAttribute('src') ?? '') }));
  },

  lazyReaders: true,

  /** Streaming while a stop button shows, or while the newest answer has no footer yet. */
  streaming: (doc) => streamingBy(doc, STOP, newestAnswer, (answer) => !hasFooter(answer)),

  answerFinished: hasFooter,
});
