/**
 * www.kimi.com. Conversations live at `/chat/<id>`; a new chat starts at `/` and moves there while
 * its first answer is written. Read as maintained automation tools and exporters read it (their
 * sources: test/fixtures/sites/README.md):
 *
 * - each message is a `.chat-content-item` with `.chat-content-item-user` or
 *   `.chat-content-item-assistant` (the `.segment-user` / `.segment-assistant` inside says the same);
 *   messages carry no id of their own, so ids are derived;
 * - a prompt's text is `.user-content`; an answer's is the `.markdown` of its `.segment-content-box`;
 * - a thinking answer shows its thinking in `.thinking-container` (a title, the text under it);
 *   tool calls are `.toolcall-container` blocks (a web search titled "Search（10 results）");
 * - while an answer is written the send control reads `.send-button-container.stop`; a finished
 *   answer gets its action row (`.segment-assistant-actions`).
 *
 * Kimi's models are not in the model table: every turn counts as `custom` at the `kimi` rate of
 * data/custom-rates.json (docs/methodology.md).
 */
import { defineAdapter } from '../adapter';
import type { ReasoningRead, Role, SiteAdapter } from '../types';
import { kimiSite } from './facts';
import { messagesBy, newestAnswerBy, CHROME_SELECTOR, derivedIds, firstElement, firstMatching, joinTexts, labelText, streamingBy, visibleText } from '../dom';

const { selectors: S, otherSelectors: O } = kimiSite;
const SKIP = `${CHROME_SELECTOR}, ${O.textChrome}, ${S.thinking.join(', ')}, ${O.toolCall}`;

/** A message's role, by its class or its segment's. */
function roleOf(el: Element): Role | null {
  const c = el.classList;
  if (c.contains('chat-content-item-user') || c.contains('segment-user') || el.querySelector('.segment-user')) return 'user';
  if (c.contains('chat-content-item-assistant') || c.contains('segment-assistant') || el.querySelector('.segment-assistant')) return 'assistant';
  return null;
}

const messages = (doc: Document) => messagesBy(doc, S.message, roleOf);

const newestAnswer = (doc: Document): Element | undefined => newestAnswerBy(doc, S.message, roleOf);

const hasActions = (answer: Element): boolean => firstElement(answer, S.actions) !== null;

/**
 * The thinking block: `.thinking-container`, else (a renamed class) the block of the answer's content
 * that holds tool-call text outside any web search, as the thinking block does.
 */
function thinkingBlock(answer: Element): Element | null {
  const marked = firstElement(answer, S.thinking);
  if (marked) return marked;
  const text = Array.from(answer.querySelectorAll(O.toolCallText)).find((t) => !t.closest(O.webSearch));
  let block: Element | null | undefined = text;
  while (block?.parentElement && !block.parentElement.classList.contains('segment-content')) block = block.parentElement;
  return block ?? null;
}

/** The answer's parts: its markdown outside thinking and tool-call blocks. */
const answerParts = (el: Element): Element[] => firstMatching(el, S.answer).filter((p) => !p.closest(`${S.thinking.join(', ')}, ${O.toolCall}`));

export const kimi: SiteAdapter = defineAdapter(kimiSite, {
  streamingSignal: 'reliable',
  sendButtonSelector: O.sendButton,

  findTurns(doc, conversation) {
    return derivedIds(conversation(), messages(doc));
  },

  readText({ role, element }) {
    if (role === 'user') {
      const prompt = firstElement(element, S.prompt);
      return prompt ? visibleText(prompt, SKIP) : '';
    }
    return joinTexts(answerParts(element), (p) => visibleText(p, SKIP));
  },

  /** The thinking is shown in full under its title ("Thinking complete", "思考已完成"): counted as it is. */
  readReasoning({ element }): ReasoningRead | null {
    const block = thinkingBlock(element);
    if (!block) return null;
    const title = labelText(block.querySelector(O.thinkingTitle));
    const body = block.querySelector(O.thinkingBody);
    const text = body ? visibleText(body) : '';
    return { text: text || null, summaryOnly: false, durationLabel: title };
  },

  lazyReaders: true,

  /** Streaming while the send control reads "stop", or while the newest answer has no action row yet. */
  streaming: (doc) => streamingBy(doc, S.stop, newestAnswer, (answer) => !hasActions(answer)),

  answerFinished: hasActions,
});
