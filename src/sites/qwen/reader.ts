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
import { defineAdapter, type GeneratedImage, type ReasoningRead, type Role, type SiteAdapter } from '../adapter';
import { qwenSite } from './facts';
import {
  CHROME_SELECTOR,
  firstElement,
  firstMatching,
  GENERIC_STOP,
  isIcon,
  joinTexts,
  labelText,
  lastOf,
  streamingBy,
  visibleText,
  withPageIds,
} from '../dom';

const MESSAGE = ['.qwen-chat-message', '[id^="qwen-chat-message-"]'];
const PROMPT = ['.user-message-content', '.chat-user-message'];
const ANSWER = ['.response-message-content .qwen-markdown', '.response-message-content'];
const THINKING = ['.qwen-chat-thinking-tool-status-card-wraper', '[class*="thinking-status-card"]'];
const FOOTER = ['.response-message-footer'];
const MODEL = ['[class*="model-selector-text"]', '.header-left .ant-dropdown-trigger'];
const STOP = ['.stop-button', ...GENERIC_STOP];
const CODE = '.qwen-markdown-code';
const ANSWER_SKIP = `${CHROME_SELECTOR}, ${THINKING.join(', ')}, ${CODE}, .qwen-markdown-table-header, .katex-mathml`;

/** A message's role: by its class, else by its id (`qwen-chat-message-user-…`). */
function roleOf(el: Element): Role | null {
  const id = el.id;
  if (el.classList.contains('qwen-chat-message-user') || id.startsWith('qwen-chat-message-user-')) return 'user';
  if (el.classList.contains('qwen-chat-message-assistant') || id.startsWith('qwen-chat-message-assistant-')) return 'assistant';
  return null;
}

function messages(doc: Document): Array<{ role: Role; element: Element }> {
  return firstMatching(doc, MESSAGE).flatMap((element) => {
    const role = roleOf(element);
    return role ? [{ role, element }] : [];
  });
}

const newestAnswer = (doc: Document): Element | undefined => lastOf(messages(doc).filter((m) => m.role === 'assistant'))?.element;

const hasFooter = (answer: Element): boolean => firstElement(answer, FOOTER) !== null;

/** A code block's text: its editor's lines, one per line (the editor's line numbers and controls left out). */
function codeText(el: Element): string | null {
  if (!el.matches(CODE)) return null;
  const lines = Array.from(el.querySelectorAll('.view-line'), (line) => (line.textContent ?? '').replace(/\u00a0/g, ' '));
  return `\n${lines.join('\n')}\n`;
}

export const qwen: SiteAdapter = defineAdapter(qwenSite, {
  selectors: { message: MESSAGE, prompt: PROMPT, answer: ANSWER, thinking: THINKING, footer: FOOTER, model: MODEL },
  streamingSignal: 'quiet',
  sendButtonSelector: 'button.send-button, .chat-prompt-send-button button',

  findTurns(doc, conversation) {
    return withPageIds(conversation, messages(doc), (element) =>
      element.id.startsWith('qwen-chat-message-') ? element.id.slice('qwen-chat-message-'.length) : null,
    );
  },

  readText({ role, element }) {
    if (role === 'user') {
      const prompt = firstElement(element, PROMPT);
      return prompt ? visibleText(prompt) : '';
    }
    const parts = firstMatching(element, ANSWER);
    return joinTexts(parts, (p) => visibleText(p, ANSWER_SKIP, codeText));
  },

  /** The card says only that the answer thought ("Thought completed"): no text, and a duration only if its title gives one. */
  readReasoning({ element }): ReasoningRead | null {
    const card = firstElement(element, THINKING);
    if (!card) return null;
    return { text: null, summaryOnly: false, durationLabel: labelText(card.querySelector('[class*="title-text"]') ?? card) };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return Array.from(element.querySelectorAll('.response-message-content.t2i img'))
      .filter((img) => !isIcon(img))
      .map((img, i) => ({ key: `${id}:image:${i}`, ready: /^(https?|blob):/.test(img.getAttribute('src') ?? '') }));
  },

  lazyReaders: true,

  /** Streaming while a stop button shows, or while the newest answer has no footer yet. */
  streaming: (doc) => streamingBy(doc, STOP, newestAnswer, (answer) => !hasFooter(answer)),

  answerFinished: hasFooter,

  modelLabel: MODEL,
});
