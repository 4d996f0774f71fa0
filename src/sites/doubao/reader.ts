/**
 * www.doubao.com. Conversations live at `/chat/<numeric id>`; a new chat starts at `/chat/` and its
 * URL becomes `/chat/local_<n>`, then `/chat/<id>` while its first answer is written. Read as
 * maintained automation tools and exporters read it (their sources: test/fixtures/sites/README.md):
 *
 * - each message is a row `[data-message-id]` (a page id) inside its message box
 *   (`[data-testid="union_message"]`, the class `inner-item-*`, a virtual-list row); the prompt's row
 *   is right-aligned (`justify-end`, `[data-testid="send_message"]`, a `bg-g-send-msg-bubble` bubble),
 *   the answer's is not (`[data-testid="receive_message"]`); without row ids, the message boxes;
 * - the body is a list of blocks: text (`block_type:10000`, `.md-box-root`, `.flow-markdown-body`,
 *   `[data-testid="message_text_content"]`), deep thinking (`block_type:10040`, `thinking-box-root`:
 *   its title, and the thinking text only while expanded; an older think block
 *   `[data-testid="think_quota_block"]`), search results (`block_type:10025`);
 * - generated pictures are `[data-testid="mdbox_image"]` in the answer;
 * - once an answer ends its box shows the answer's action bar (`receive-message-action-bar`); while it
 *   is written the composer shows a break button.
 *
 * Doubao's models are not in the model table: every turn counts as `custom` with the `doubao` rate of
 * data/custom-rates.json (docs/methodology.md derives it).
 */
import { defineAdapter } from '../adapter';
import { type GeneratedImage, type PageMessage, type ReasoningRead, type Role, type SiteAdapter } from '../types';
import { doubaoSite } from './facts';
import { firstMatching, joinTexts, labelText, lastOf, streamingBy, visibleText, withPageIds } from '../dom';

const { selectors: S, otherSelectors: O } = doubaoSite;
const ROW = S.row[0];
const BOX = S.box.join(', ');
const TEXT = S.text;
const THINKING = S.thinking.join(', ');
const ACTION_BAR = S.actionBar.join(', ');
/** What is never answer text: the thinking, the search results, pictures and the action bars. */
const NOT_TEXT = `${THINKING}, ${O.search}, [data-testid="mdbox_image"], ${ACTION_BAR}`;

/** The message box around a row: what the answer's action bar joins when the answer ends. */
const boxOf = (row: Element): Element => row.closest(`${BOX}, [data-target-id="message-box-target-id"], .v_list_row`) ?? row;

function roleOf(el: Element): Role | null {
  if (el.matches(O.userMark) || el.querySelector(O.userMark)) return 'user';
  if (el.matches(O.assistantMark) || el.querySelector(O.assistantMark)) return 'assistant';
  if (el.matches(ROW)) return el.classList.contains('justify-end') ? 'user' : 'assistant';
  return el.querySelector('.md-box-root, .flow-markdown-body') ? 'assistant' : null;
}

function messages(doc: Document): Array<{ role: Role; element: Element; id: string | null }> {
  const rows = firstMatching(doc, [ROW]);
  const found = rows.length ? rows : firstMatching(doc, S.box);
  return found.flatMap((el) => {
    const role = roleOf(el);
    return role ? [{ role, element: rows.length ? boxOf(el) : el, id: el.getAttribute('data-message-id') }] : [];
  });
}

const newestAnswer = (doc: Document): Element | undefined => lastOf(messages(doc).filter((m) => m.role === 'assistant'))?.element;

/** The answer's text blocks, without its thinking, search results and pictures. */
function textBlocks(answer: Element): Element[] {
  for (const sel of TEXT) {
    const blocks = Array.from(answer.querySelectorAll(sel)).filter((el) => !el.closest(NOT_TEXT) && !el.parentElement?.closest(sel));
    if (blocks.length) return blocks;
  }
  return [];
}

/** The thinking blocks, else (their marks renamed) what holds a thinking title and its text. */
function thinkingBlocks(answer: Element): Element[] {
  const marked = Array.from(answer.querySelectorAll(THINKING)).filter((b) => !b.parentElement?.closest(THINKING));
  if (marked.length) return marked;
  return Array.from(answer.querySelectorAll(O.thinkingTitle), (title) => title.parentElement ?? title);
}

export const doubao: SiteAdapter = defineAdapter(doubaoSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: O.send,

  findTurns(doc, conversation) {
    const found = messages(doc);
    const ids = new Map(found.map((m) => [m.element, m.id]));
    return withPageIds(conversation, found, (element) => ids.get(element) ?? null);
  },

  readText({ role, element }: PageMessage) {
    if (role === 'user') {
      const text = element.querySelector(O.userText);
      return text ? visibleText(text) : visibleText(element);
    }
    return joinTexts(textBlocks(element));
  },

  /** Expanded, the thinking is counted as shown; collapsed, only its title is on the page. */
  readReasoning({ element }): ReasoningRead | null {
    const blocks = thinkingBlocks(element);
    if (!blocks.length) return null;
    const title = element.querySelector(O.thinkingTitle);
    const text = joinTexts(blocks.flatMap((b) => Array.from(b.querySelectorAll(O.thinkingText))));
    return { text: text || null, summaryOnly: false, durationLabel: title ? labelText(title) : null };
  },

  generatedImages({ id, element }): GeneratedImage[] {
    return Array.from(element.querySelectorAll(O.image)).map((img, i) => ({
      key: `${id}:image:${i}`,
      ready: /^(https?|blob):/.test(img.getAttribute('src') ?? ''),
    }));
  },

  lazyReaders: true,

  /** Streaming while the break button shows, or while the newest answer has no action bar yet. */
  streaming: (doc) => streamingBy(doc, S.stop, newestAnswer, (answer) => !answer.querySelector(ACTION_BAR) && !!answer.ownerDocument.querySelector(ACTION_BAR)),

  /** The action bar joins an answer's box when it ends; a page without any action bar says nothing. */
  answerFinished: (answer) => (answer.querySelector(ACTION_BAR) ? true : answer.ownerDocument.querySelector(ACTION_BAR) ? false : null),
});
