/**
 * chat.deepseek.com. The page is built from `ds-` design-system classes (stable across releases) and
 * hashed CSS-module classes (renamed with every release: 2025-03, 2025-09, 2026-04, 2026-07). This
 * adapter reads only `ds-` classes, `data-` attributes and the page structure, never a hashed class.
 *
 * 2026 markup (a live capture of 2026-10-03, test/fixtures/real-dom/deepseek-live-2026-10-03.html):
 * each message is `[data-virtual-list-item-key] > .ds-message`; a prompt holds `.ds-collapsible-text`
 * and no `.ds-markdown`; an answer holds `.ds-markdown.ds-assistant-message-main-content`, after its
 * reasoning in `.ds-think-content` under a duration header. The list is virtual (only messages on
 * screen exist) and its keys are not message ids, so ids are derived from the prompts.
 *
 * When is an answer finished? DeepSeek has no labelled stop button. The round primary button
 * (`.ds-button--primary.ds-button--circle`) is the send button when the composer holds text, the
 * stop button while an answer streams, and disabled (`ds-button--disabled` in the live capture) when
 * idle with an empty composer (the live capture's notes; a maintained automation tool reads
 * "generating" as that button `aria-disabled="false"` with an empty textarea; sources in
 * test/fixtures/sites/README.md). So with an empty composer the button says for sure whether an
 * answer streams: `idleSignal` is `reliable` then, and
 * the tracker settles as fast as on a site with a stop button. While the user types during an
 * answer the button cannot tell stop from send: `quiet`, the site's default, and the tracker waits
 * for the page to settle (late is better than partial). An answer also gets its action bar (copy,
 * regenerate, read aloud) next to the message; it is read as the answer's finished mark, not as a
 * page-wide signal, since no capture shows the page while an answer streams.
 */
import { defineAdapter } from '../adapter';
import { type ReasoningRead, type Role, type SiteAdapter, type Streaming, type StreamingSignal } from '../types';
import { deepseekSite } from './facts';
import { derivedIds, findMark, firstMatching, GENERIC_STOP, inPageOrder, joinTexts, lastOf, precedes, streamingBy, visibleText } from '../dom';

const { selectors: S, otherSelectors: O } = deepseekSite;
const ITEM = S.listItem[0];
const PROMPT_TEXT = S.prompt[0];
const [ANSWER_TEXT, MARKDOWN] = S.answer;
const REASONING = S.reasoning[0];
const ROUND_BUTTON = S.sendButton[0];
/** What marks a message as an answer (any of them; the answer's own class first). */
const ANSWER_MARKS = [ANSWER_TEXT, MARKDOWN, REASONING].join(', ');

/** The message elements: `.ds-message`, else the virtual list items' first child (a renamed message class). */
function messageElements(doc: Document): Element[] {
  const messages = firstMatching(doc, S.message);
  if (messages.length) return messages;
  return Array.from(doc.querySelectorAll(ITEM)).flatMap((item) => (item.firstElementChild ? [item.firstElementChild] : []));
}

/**
 * A message's role by what it holds; null for an empty shell (the page mounts one before the
 * answer) and, while prompts carry `.ds-collapsible-text`, for any message with neither mark.
 */
function roleOf(message: Element, promptsMarked: boolean): Role | null {
  if (message.querySelector(ANSWER_MARKS)) return 'assistant';
  if (message.querySelector(PROMPT_TEXT)) return 'user';
  return !promptsMarked && visibleText(message) !== '' ? 'user' : null;
}

const answersOf = (doc: Document): Element[] => {
  const marked = doc.querySelector(PROMPT_TEXT) !== null;
  return messageElements(doc).filter((m) => roleOf(m, marked) === 'assistant');
};

function legacyMessages(doc: Document): Array<{ role: Role; element: Element }> {
  const answers = Array.from(doc.querySelectorAll(O.legacyAnswer)).flatMap((md) =>
    md.parentElement && !md.parentElement.closest('.ds-markdown') ? [{ role: 'assistant' as Role, element: md.parentElement }] : [],
  );
  const prompts = Array.from(doc.querySelectorAll(O.legacyPrompt)).map((element) => ({ role: 'user' as Role, element }));
  return [...prompts, ...answers].sort((a, b) => inPageOrder(a.element, b.element));
}

/** The composer's round primary button and the composer's text box, found from each other. */
function composer(doc: Document): { button: Element; box: HTMLTextAreaElement | null } | null {
  const box = doc.querySelector('textarea');
  for (let el: Element | null = box; el; el = el.parentElement) {
    const button = el.querySelector(ROUND_BUTTON);
    if (button) return { button, box: box as HTMLTextAreaElement };
  }
  const button = doc.querySelector(ROUND_BUTTON);
  return button ? { button, box: null } : null;
}

/** Whether a message's list item holds an action bar next to the message (shown once an answer ends). */
function hasActionBar(message: Element): boolean | null {
  const item = message.closest(ITEM) ?? message.parentElement;
  if (!item) return null;
  return Array.from(item.children).some((c) => !c.contains(message) && c.querySelector('[role="button"], button') !== null);
}

/** The round button disabled: by its design-system class (the live capture), or by `aria-disabled` (as that automation tool reads it). */
const disabled = (button: Element): boolean => button.classList.contains(O.disabledClass) || button.getAttribute('aria-disabled') === 'true';

function pageStreaming(doc: Document): Streaming {
  const c = composer(doc);
  // The round button says so by its state, not by being there: asked again while it lasts.
  if (c) return findMark(doc, GENERIC_STOP) ?? (!disabled(c.button) && (c.box?.value ?? '') === '' ? 'unmarked' : null);
  // No round button (renamed): the newest answer streams until its action bar shows.
  return streamingBy(
    doc,
    GENERIC_STOP,
    (d) => lastOf(answersOf(d)),
    (answer) => hasActionBar(answer) !== true,
  );
}

/**
 * Sure that nothing is being written: the round button disabled with the composer's text box empty
 * (neither stop nor send). Text in the box, no box, or no round button: it cannot tell.
 */
function idleSignal(doc: Document): StreamingSignal {
  const c = composer(doc);
  return c?.box && c.box.value === '' && disabled(c.button) && !findMark(doc, GENERIC_STOP) ? 'reliable' : 'quiet';
}

/** The answer's own text, its reasoning left out. */
function answerParts(answer: Element): Element[] {
  const main = firstMatching(answer, [ANSWER_TEXT]);
  if (main.length) return main;
  return Array.from(answer.querySelectorAll(MARKDOWN)).filter((md) => !md.closest(REASONING) && !md.parentElement?.closest(MARKDOWN));
}

/**
 * The reasoning block: `.ds-think-content`, else (a renamed class) a markdown block before the
 * answer's own text, outside it.
 */
function reasoningBlock(answer: Element): Element | null {
  const block = answer.querySelector(REASONING);
  if (block) return block;
  const main = answer.querySelector(ANSWER_TEXT);
  if (!main) {
    // 2025: the reasoning is the block right before the answer's markdown, after the header.
    const legacy = answer.querySelector(O.legacyAnswer)?.previousElementSibling;
    return legacy && legacy.previousElementSibling && visibleText(legacy) !== '' ? legacy : null;
  }
  const before = Array.from(answer.querySelectorAll(MARKDOWN)).find((md) => md !== main && !main.contains(md) && precedes(md, main));
  return before ?? null;
}

/** The reasoning header: the first visible text before the reasoning block inside the message ("Thought for 25 seconds"). */
function headerBefore(block: Element, message: Element): string | null {
  for (let el: Element | null = block; el && el !== message; el = el.parentElement) {
    for (let prev = el.previousElementSibling; prev; prev = prev.previousElementSibling) {
      const text = visibleText(prev);
      if (text) return text;
    }
  }
  return null;
}

export const deepseek: SiteAdapter = defineAdapter(deepseekSite, {
  streamingSignal: 'quiet',
  sendButtonSelector: `${ROUND_BUTTON}, [role="button"][aria-disabled="false"], button[type="submit"]`,

  findTurns(doc, conversation) {
    const marked = doc.querySelector(PROMPT_TEXT) !== null;
    const found = messageElements(doc).flatMap((element) => {
      const role = roleOf(element, marked);
      return role ? [{ role, element }] : [];
    });
    return derivedIds(conversation(), found.length ? found : legacyMessages(doc));
  },

  readText({ role, element }) {
    if (role === 'user') return visibleText(element.querySelector(PROMPT_TEXT) ?? element);
    return joinTexts(answerParts(element));
  },

  readReasoning({ element }): ReasoningRead | null {
    const block = reasoningBlock(element);
    if (!block) return null;
    const text = visibleText(block);
    return { text: text || null, summaryOnly: false, durationLabel: headerBefore(block, element) };
  },

  streaming: pageStreaming,

  idleSignal,

  /**
   * The newest answer is unfinished while the page streams; an answer with its action bar (a
   * sibling of the message inside its list item) is finished; otherwise the markup says nothing.
   */
  answerFinished(answer) {
    const doc = answer.ownerDocument;
    if (pageStreaming(doc) && lastOf(answersOf(doc)) === answer) return false;
    return hasActionBar(answer) ? true : null;
  },
});
