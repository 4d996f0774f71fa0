/**
 * poe.com. Conversations live at `/chat/<id>`; a new chat starts at `/` or at a bot's page `/<bot>`
 * and moves to `/chat/<id>` while its first answer is written. Read as maintained exporters read it
 * (their sources: test/fixtures/sites/README.md), by the stable part of its CSS-module class names:
 *
 * - each message is a `ChatMessage_chatMessage` element with the id `message-<n>` (a page id) and
 *   `data-complete` ("true" once written); a prompt sits in a right-side wrapper
 *   (`rightSideMessage…`), an answer under a bot header (`BotMessageHeader`, `LeftSideChatMessageHeader`)
 *   in a left-side bubble;
 * - the text is in `Message_selectableText` / `Markdown_markdownContainer`;
 * - every answer names its bot in its header (`BotHeader_textContainer > p`, a sub-text such as
 *   "Official" beside it): one chat can hold several bots, so each answer is counted as its own bot;
 * - a thinking block (`ThinkingBlock_*`): a toggle with the time ("Thought for 12 seconds"), the
 *   thinking text under it when expanded;
 * - generated pictures are pictures in the answer's bubble (icons and avatars left out).
 *
 * Each bot counts as the model it names (data/site-models.json), in that model family's tokenizer.
 */
import { defineAdapter } from '../adapter';
import { type GeneratedImage, type PageMessage, type ReasoningRead, type Role, type SiteAdapter, type StreamingSignal } from '../types';
import { poeSite } from './facts';
import { CHROME_SELECTOR, findMark, firstElement, firstMatching, isIcon, joinTexts, labelText, lastOf, streamingBy, visibleText, withPageIds } from '../dom';

const { selectors: S, otherSelectors: O } = poeSite;
const MESSAGE = S.message;
const USER_MARK = S.prompt[0];
const BOT_MARK = S.answer[0];
const TEXT = S.text;
const THINKING = S.thinking[0];
const TEXT_ANY = TEXT.join(', ');
const BOT_NAME = S.bot[0];
const STOP = S.stop;
const HEADER = O.header;

function roleOf(el: Element): Role | null {
  if (el.matches(USER_MARK) || el.querySelector(USER_MARK)) return 'user';
  return el.matches(BOT_MARK) || el.querySelector(BOT_MARK) ? 'assistant' : null;
}

function messages(doc: Document): Array<{ role: Role; element: Element }> {
  return firstMatching(doc, MESSAGE)
    .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)))
    .flatMap((element) => {
      const role = roleOf(element);
      return role ? [{ role, element }] : [];
    });
}

const newestAnswer = (doc: Document): Element | undefined => lastOf(messages(doc).filter((m) => m.role === 'assistant'))?.element;

/** The bot's name in an answer's header, else in the nearest answer before it that names one (the same bot again may show no header). */
function botNameOf(answer: Element | undefined, doc: Document): Element | null {
  const answers = messages(doc)
    .filter((m) => m.role === 'assistant')
    .map((m) => m.element);
  const upTo = answer ? answers.slice(0, answers.indexOf(answer) + 1) : answers;
  for (const a of upTo.reverse()) {
    const name = a.querySelector(BOT_NAME);
    if (name?.textContent?.trim()) return name;
  }
  return firstElement(doc, [BOT_NAME]);
}

const complete = (el: Element): string | null => el.getAttribute('data-complete');

/**
 * The thinking block: `ThinkingBlock_container`, else (a renamed class) what comes before the text in
 * the answer's bubble and holds a toggle, as the thinking block does.
 */
function thinkingBlock(answer: Element): Element | null {
  const marked = answer.querySelector(THINKING);
  if (marked) return marked;
  const text = answer.querySelector(TEXT_ANY);
  for (let el = text?.previousElementSibling; el; el = el.previousElementSibling) if (el.querySelector('button[aria-expanded]')) return el;
  return null;
}

export const poe: SiteAdapter = defineAdapter(poeSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: O.send,

  findTurns(doc, conversation) {
    return withPageIds(conversation, messages(doc), (element) => (element.id.startsWith('message-') ? element.id.slice('message-'.length) : null));
  },

  /** Only the text containers: a message without them reads as empty (not recognized), never as its header or file cards. */
  readText({ element }: PageMessage) {
    const parts = firstMatching(element, TEXT).filter((p, _, all) => !p.closest(THINKING) && !all.some((o) => o !== p && o.contains(p)));
    return joinTexts(parts, (p) => visibleText(p, `${CHROME_SELECTOR}, ${THINKING}, ${HEADER}`));
  },

  /** Expanded, the thinking is counted as shown; collapsed, only its toggle's time is on the page. */
  readReasoning({ element }): ReasoningRead | null {
    const block = thinkingBlock(element);
    if (!block) return null;
    const toggle = block.querySelector('button');
    const content = block.querySelector(O.thinkingText) ?? toggle?.nextElementSibling;
    const text = content ? visibleText(content) : '';
    return { text: text || null, summaryOnly: false, durationLabel: toggle ? labelText(toggle) : null };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    const bubble = element.querySelector(O.bubble) ?? element;
    return Array.from(bubble.querySelectorAll('img'))
      .filter((img) => !img.closest(`a, ${HEADER}, ${THINKING}`) && !isIcon(img))
      .map((img, i) => ({ key: `${id}:image:${i}`, ready: /^(https?|blob):/.test(img.getAttribute('src') ?? '') }));
  },

  lazyReaders: true,

  /** Streaming while the stop button shows, or while the newest answer is marked data-complete="false". */
  streaming: (doc) => streamingBy(doc, STOP, newestAnswer, (answer) => complete(answer) === 'false'),

  /** Sure that nothing is being written when the newest answer is marked complete and no stop button shows. */
  idleSignal(doc): StreamingSignal {
    const answer = newestAnswer(doc);
    return answer && complete(answer) === 'true' && !findMark(doc, STOP) ? 'reliable' : 'quiet';
  },

  answerFinished: (answer) => (complete(answer) === 'true' ? true : complete(answer) === 'false' ? false : null),

  modelLabelBeside: botNameOf,
});
